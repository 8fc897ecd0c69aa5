import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import type { EventBus } from '../server/events.ts'
import type { MediaStore } from '../server/media/media-store.ts'
import type { SendJobPayload } from '../server/domain/outbound/enqueue-send.ts'
import { PermanentSendError, type ChannelDriver, type OutboundMessage } from './channels/types.ts'
import { applyPendingAcks } from './inbound/updates.ts'
import { campaignMarkOf, markCampaignFailed, markCampaignSent, type CampaignMark } from '../server/domain/campaigns/campaign-delivery.ts'
import { publishCampaign } from './campaign-events.ts'

export interface OutboundDeps {
  db: Db
  media: MediaStore
  events: EventBus
  now: () => Date
  /** This worker's name on the jobs it claims. */
  owner: string
  /** The driver that sends for a connection here, or undefined when another worker hosts it. */
  driverFor(whatsappId: number): ChannelDriver | undefined | Promise<ChannelDriver | undefined>
  random?: () => number
  /**
   * Told when a send's channel id is being stored: the channel may report the message delivered before
   * that commits (the simulator after 1 ms), and such an ack must wait for the row to carry the id.
   */
  storing?: (whatsappId: number, externalId: string, stored: Promise<unknown>) => void
}

interface ClaimedJob {
  id: number
  queue: string
  payload: SendJobPayload
  attempts: number
  maxAttempts: number
}

/** How long a claimed job stays ours; a worker that dies mid-send frees it for another after this. */
const CLAIM_MS = 60_000

/** 2 s, 4 s, 8 s ... capped at 5 minutes, with ±25 % jitter so a recovering channel is not hit at once. */
export function sendBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, attempt - 1), 300_000)
  return Math.round(base * (0.75 + random() * 0.5))
}

/**
 * Sends what is queued for the connections this worker can send for (anchor §10: a durable queue rather than fire-and-forget):
 * claims due jobs with SKIP LOCKED, so several workers never take the same one, and sends them oldest
 * first. A message stays at ack 0 until its channel confirms; a failure is retried with backoff and,
 * when attempts run out or the channel refuses for good, shows on the message as ack -1 with its error.
 * Returns how many jobs it handled.
 */
export async function runSendBatch(deps: OutboundDeps, hostedSessions: number[], limit = 50): Promise<number> {
  const now = deps.now()
  // Webhook channels and the simulator send from any worker; a WhatsApp session only from its lease holder.
  const jobs = await withSystem(deps.db, (tx) => tx<ClaimedJob[]>`
    update jobs set locked_by = ${deps.owner}, locked_until = ${new Date(now.getTime() + CLAIM_MS)}, attempts = attempts + 1
     where id in (select id from jobs
                   where queue in (select 'send:' || w.id from whatsapps w
                                    where w.channel <> 'whatsapp' or w.id in ${tx(hostedSessions.length ? hostedSessions : [0])})
                     and done_at is null and run_at <= ${now}
                     and (locked_until is null or locked_until < ${now})
                   order by run_at, id limit ${limit}
                   for update skip locked)
    returning id, queue, payload, attempts, max_attempts`)
  jobs.sort((a, b) => a.id - b.id)
  // Plain sends are read in one query (a campaign queues thousands); an edit or a delete is read when
  // its turn comes, as the send before it in this batch may have just given the message its channel id.
  const plain = jobs.filter((j) => !j.payload.kind).map((j) => j.payload.messageId)
  const prefetched = plain.length ? await loadOutbounds(deps, plain) : new Map<number, Loaded>()
  for (const job of jobs) await sendOne(deps, job, job.payload.kind ? undefined : prefetched.get(job.payload.messageId))
  return jobs.length
}

async function sendOne(deps: OutboundDeps, job: ClaimedJob, prefetched?: Loaded): Promise<void> {
  const whatsappId = Number(job.queue.slice('send:'.length))
  const driver = await deps.driverFor(whatsappId)
  const loaded = prefetched ?? (await loadOutbound(deps, job.payload.messageId, job.payload.kind))
  if (!loaded) return finish(deps, job, 'message no longer exists')
  if (!driver) return retryLater(deps, job, loaded, 'ERR_WAPP_NOT_INITIALIZED')
  try {
    const result = await driver.send(loaded.message)
    const stored = withSystem(deps.db, async (tx) => {
      const [row] = await tx<{ id: number; ack: number; wid: string; ticketId: number; companyId: number }[]>`
        update messages set wid = coalesce(wid, ${result.externalId}), ack = greatest(ack, ${result.ack}), send_error = null
         where id = ${loaded.message.messageId}
        returning id, ack, wid, ticket_id, company_id`
      await tx`update jobs set done_at = ${deps.now()}, locked_until = null, last_error = null where id = ${job.id}`
      // The form of the number WhatsApp answered (ninth digit or not) is used from now on.
      if (result.resolvedNumber) {
        await tx`insert into contact_wa_numbers (contact_id, company_id, wa_number, checked_at)
                 values (${loaded.contactId}, ${loaded.companyId}, ${result.resolvedNumber}, ${deps.now()})
                 on conflict (contact_id) do update set wa_number = excluded.wa_number, checked_at = excluded.checked_at`
      }
      if (row) publishUpdate(deps, row.companyId, { id: row.id, ack: row.ack, wid: row.wid, sendError: null }, loaded.ticket)
      return loaded.campaign ? markCampaignSent(tx, loaded.campaign, deps.now()) : null
    })
    deps.storing?.(whatsappId, result.externalId, stored)
    const campaign = await stored
    if (campaign) await publishCampaign(deps, campaign)
    // A webhook may have reported this send before its id was stored: apply what was held (issue 15 item 5).
    const connection = { id: whatsappId, companyId: loaded.companyId, channel: driver.kind }
    const held = await applyPendingAcks((fn) => withSystem(deps.db, fn), connection, result.externalId)
    for (const p of held) deps.events.publish([{ type: 'appMessage', companyId: loaded.companyId, payload: p }])
  } catch (err) {
    if (err instanceof PermanentSendError) return fail(deps, job, loaded, err.code, err.message)
    await retryLater(deps, job, loaded, (err as Error).message || 'ERR_SENDING_WAPP_MSG')
  }
}

interface Loaded {
  message: OutboundMessage
  companyId: number
  contactId: number
  ticket: { id: number; userId: number | null; queueId: number | null; isGroup: boolean }
  /** A campaign's message: its shipping row learns the outcome. */
  campaign: CampaignMark | null
}

const OUTBOUND_COLUMNS = `m.id, m.wid, m.body, m.media_type, m.media_path, m.media_name, m.company_id, m.data_json,
  q.wid as quoted_wid, q.from_me as quoted_from_me, q.body as quoted_body,
  m.from_me, coalesce(wa.wa_number, c.number) as number, wa.wa_number is not null as number_checked, c.id as contact_id,
  c.lid, c.is_group, t.id as ticket_id, t.user_id, t.queue_id, t.is_group as ticket_group,
  (select max(created_at) from messages i where i.ticket_id = t.id and not i.from_me) as last_inbound_at`
const OUTBOUND_FROM = `messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
  left join messages q on q.id = m.quoted_msg_id
  left join contact_wa_numbers wa on wa.contact_id = c.id`

async function loadOutbound(deps: OutboundDeps, messageId: number, action?: 'edit' | 'delete'): Promise<Loaded | null> {
  const [row] = await withSystem(deps.db, (tx) => tx<Record<string, any>[]>`
    select ${tx.unsafe(OUTBOUND_COLUMNS)} from ${tx.unsafe(OUTBOUND_FROM)} where m.id = ${messageId}`)
  return row ? toLoaded(deps, row, action) : null
}

async function loadOutbounds(deps: OutboundDeps, messageIds: number[]): Promise<Map<number, Loaded>> {
  const rows = await withSystem(deps.db, (tx) => tx<Record<string, any>[]>`
    select ${tx.unsafe(OUTBOUND_COLUMNS)} from ${tx.unsafe(OUTBOUND_FROM)} where m.id = any(${messageIds}::bigint[])`)
  return new Map(rows.map((row) => [Number(row.id), toLoaded(deps, row)]))
}

function toLoaded(deps: OutboundDeps, row: Record<string, any>, action?: 'edit' | 'delete'): Loaded {
  const data = (row.dataJson ?? {}) as Record<string, any>
  const kind = (action ?? data.kind ?? (row.mediaPath ? 'media' : 'text')) as OutboundMessage['kind']
  const path = row.mediaPath ? deps.media.pathOf(row.companyId, row.mediaPath) : null
  const message: OutboundMessage = {
    messageId: row.id,
    externalId: row.wid ?? undefined,
    to: row.isGroup ? { group: row.number } : { number: row.number || undefined, lid: row.lid ?? undefined, numberChecked: row.numberChecked },
    kind,
    body: row.body,
    media: path ? { path, mimeType: data.mimeType ?? mimeOf(row.mediaName ?? ''), fileName: row.mediaName ?? row.mediaPath, asVoice: data.asVoice === true } : undefined,
    // A reaction's quote is its target, not a reply context.
    quoted: row.quotedWid && kind !== 'reaction' ? { externalId: row.quotedWid, fromMe: row.quotedFromMe, body: row.quotedBody } : undefined,
    // An edit or a delete acts on the message itself: its channel id is the target; a reaction, on the message it quotes.
    target: action ? { externalId: row.wid, fromMe: row.fromMe } : (data.target ?? reactionTarget(kind, row)),
    location: data.location,
    vCard: data.vCard,
    template: data.template,
    lastInboundAt: row.lastInboundAt ?? null,
  }
  return { message, campaign: campaignMarkOf(data), companyId: row.companyId, contactId: row.contactId, ticket: { id: row.ticketId, userId: row.userId, queueId: row.queueId, isGroup: row.ticketGroup } }
}

/** A reaction row stored without data.target (older rows) aims at the message it quotes. */
function reactionTarget(kind: OutboundMessage['kind'], row: Record<string, any>): OutboundMessage['target'] {
  return kind === 'reaction' && row.quotedWid ? { externalId: row.quotedWid, fromMe: row.quotedFromMe } : undefined
}

/** A send held back by a WhatsApp session that is not open is looked at again after this, uncounted. */
export const SESSION_WAIT_MS = 15_000

async function retryLater(deps: OutboundDeps, job: ClaimedJob, loaded: Loaded, error: string): Promise<void> {
  // Baileys may take minutes to reconnect: while the session is not open the attempt does not count,
  // so a short drop never turns the replies in flight into ack -1 (issue 15 item 3).
  const [conn] = await withSystem(deps.db, (tx) => tx<{ waiting: boolean }[]>`
    select channel = 'whatsapp' and status <> 'CONNECTED' as waiting from whatsapps where id = ${Number(job.queue.slice('send:'.length))}`)
  if (conn?.waiting) {
    const runAt = new Date(deps.now().getTime() + SESSION_WAIT_MS)
    const shown = await withSystem(deps.db, async (tx) => {
      await tx`
        update jobs set attempts = greatest(attempts - 1, 0), run_at = ${runAt}, locked_until = null, locked_by = null,
                        last_error = ${'waiting for the session: ' + error}
         where id = ${job.id}`
      // The attendant sees the reply waiting for the connection (cleared by the send that succeeds).
      return tx`update messages set send_error = 'ERR_WAITING_CONNECTION'
                 where id = ${loaded.message.messageId} and ack = 0 and send_error is null returning id`
    })
    if (shown.length) publishUpdate(deps, loaded.companyId, { id: loaded.message.messageId, ack: 0, sendError: 'ERR_WAITING_CONNECTION' }, loaded.ticket)
    return
  }
  if (job.attempts >= job.maxAttempts) return fail(deps, job, loaded, 'ERR_SENDING_WAPP_MSG', error)
  const runAt = new Date(deps.now().getTime() + sendBackoffMs(job.attempts, deps.random))
  await withSystem(deps.db, (tx) => tx`
    update jobs set run_at = ${runAt}, locked_until = null, locked_by = null, last_error = ${error} where id = ${job.id}`)
}

/** The message shows the failure (ack -1, send_error) and can be sent again with retrySend. */
async function fail(deps: OutboundDeps, job: ClaimedJob, loaded: Loaded, code: string, error: string): Promise<void> {
  const campaign = await withSystem(deps.db, async (tx) => {
    await tx`update messages set ack = -1, send_error = ${code} where id = ${loaded.message.messageId} and ack <= 0`
    await tx`update jobs set done_at = ${deps.now()}, locked_until = null, last_error = ${error} where id = ${job.id}`
    return loaded.campaign ? markCampaignFailed(tx, loaded.campaign, code, deps.now()) : null
  })
  if (campaign) await publishCampaign(deps, campaign)
  publishUpdate(deps, loaded.companyId, { id: loaded.message.messageId, ack: -1, sendError: code }, loaded.ticket)
}

async function finish(deps: OutboundDeps, job: ClaimedJob, error: string): Promise<void> {
  await withSystem(deps.db, (tx) => tx`update jobs set done_at = ${deps.now()}, last_error = ${error} where id = ${job.id}`)
}

function publishUpdate(deps: OutboundDeps, companyId: number, message: Record<string, unknown>, ticket: Loaded['ticket']) {
  deps.events.publish([{ type: 'appMessage', companyId, payload: { action: 'update', message, ticket } }])
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', mp4: 'video/mp4',
  ogg: 'audio/ogg', mp3: 'audio/mpeg', m4a: 'audio/mp4', pdf: 'application/pdf', txt: 'text/plain',
}

function mimeOf(name: string): string {
  return MIME_BY_EXT[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
}
