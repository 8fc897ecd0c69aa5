import type { Tx } from '../../db/connect.ts'
import type { ChannelKind } from '../../../workers/channels/types.ts'
import { AppError } from '../app-error.ts'
import { namespaceOf, resolveContact } from '../contacts/resolve-contact.ts'
import { enqueueSend } from '../outbound/enqueue-send.ts'
import { ticketForAutomatedSend } from '../tickets/automated-send-ticket.ts'
import { loadCampaignSettings, type CampaignSettings } from './campaign-settings.ts'
import { pickVariant, renderCampaignText } from './render-message.ts'
import { CAMPAIGN_COMPANY_JOIN, campaignsRun, finishIfDone, type CampaignStep } from './start-campaign.ts'

export interface ShippingJob {
  campaignId: number
  shippingId: number
  step: CampaignStep
}

interface CampaignRow {
  id: number
  companyId: number
  status: string
  confirmation: boolean
  whatsappId: number | null
  channel: ChannelKind | null
  userId: number | null
  queueId: number | null
  statusTicket: string
  openTicket: 'enabled' | 'disabled'
  mediaPath: string | null
  mediaName: string | null
  messages: string[]
  asks: string[]
}

/** deferred: the company may not run campaigns now (unpaid, plan or switch off); the send waits. */
export type DispatchOutcome = 'queued' | 'skipped' | 'failed' | 'deferred'

export interface DispatchOptions {
  random?: () => number
  /** The company's campaign settings; a batch reads them once (default: read now). */
  settingsOf?: (tx: Tx, companyId: number) => Promise<CampaignSettings>
  /** The batch's campaigns, already locked (lockCampaigns); default: this send locks its own. */
  campaigns?: Map<number, CampaignRecord>
}

/**
 * One campaign send (anchor §4 DispatchCampaign), in the caller's transaction with the job's completion:
 * the shipping row is locked and the queued message's id stored on it, so a job run again after a crash
 * finds it dispatched and sends nothing (exactly once per recipient). 'ask' sends a confirmation variant
 * (the message follows a reply, confirm-reply.ts); 'send' a message variant, then the campaign's file as
 * its own message. The contact's ticket is found or created by the campaign's openTicket rule and an
 * existing conversation is never closed. A campaign no longer running sends nothing; a confirmed
 * recipient still gets the message after the campaign finished asking.
 */
export async function dispatchShipping(tx: Tx, job: ShippingJob, now: Date, opts: DispatchOptions = {}): Promise<DispatchOutcome> {
  const random = opts.random ?? Math.random
  const k = await loadRunning(tx, job, now, opts.campaigns)
  if (k === 'deferred') return 'deferred'
  if (!k) return 'skipped'
  const [s] = await tx<{ id: number; contactId: number | null; number: string; messageId: number | null; confirmationMessageId: number | null;
    failedAt: Date | null; itemName: string | null; itemEmail: string | null }[]>`
    select s.id, s.contact_id, s.number, s.message_id, s.confirmation_message_id, s.failed_at, i.name as item_name, i.email as item_email
      from campaign_shipping s left join contact_list_items i on i.id = s.contact_list_item_id
     where s.id = ${job.shippingId} and s.campaign_id = ${k.id}
       for update of s`
  if (!s || s.failedAt || (job.step === 'ask' ? s.confirmationMessageId : s.messageId)) return 'skipped'
  try {
    if (!k.whatsappId || !k.channel) throw new AppError('ERR_NO_WAPP_FOUND')
    const connection = { id: k.whatsappId, channel: k.channel }
    const contact = await recipientContact(tx, k, connection, s)
    const rule = { companyId: k.companyId, openTicket: k.openTicket, statusTicket: k.statusTicket, ticketUserId: k.userId, queueId: k.queueId, actorUserId: null }
    const ticket = await ticketForAutomatedSend(tx, rule, connection, contact, now)
    const settings = await (opts.settingsOf ?? loadCampaignSettings)(tx, k.companyId)
    const recipient = { nome: contact.name, numero: contact.number, email: s.itemEmail ?? contact.email ?? '' }
    const text = renderCampaignText(pickVariant(job.step === 'ask' ? k.asks : k.messages, random), recipient, settings.variables)
    const base = { companyId: k.companyId, ticketId: ticket.id, whatsappId: connection.id, contactId: contact.id, channel: connection.channel, userId: null, isSystem: false, now }
    const campaignMark = { campaignShippingId: s.id, campaignStep: job.step }
    let messageId: number
    if (job.step === 'send' && k.mediaPath) {
      // The text goes first, the file right after it as its own message; the file's send marks the delivery.
      if (text) await enqueueSend(tx, { ...base, body: text })
      const media = await enqueueSend(tx, { ...base, body: '', kind: 'media', mediaType: mediaTypeOf(k.mediaPath),
        media: { fileName: k.mediaPath, originalName: k.mediaName ?? k.mediaPath }, extra: campaignMark })
      messageId = media.id
    } else {
      messageId = (await enqueueSend(tx, { ...base, body: text, extra: campaignMark })).id
    }
    await tx`
      update campaign_shipping set contact_id = ${contact.id}, ticket_id = ${ticket.id},
             ${job.step === 'ask' ? tx`confirmation_message_id = ${messageId}, confirmation_message = ${text}` : tx`message_id = ${messageId}, message = ${text}`}
       where id = ${s.id}`
    return 'queued'
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    await tx`update campaign_shipping set failed_at = ${now}, send_error = ${err.code} where id = ${s.id}`
    await finishIfDone(tx, k.id, now)
    return 'failed'
  }
}

export type CampaignRecord = Omit<CampaignRow, 'messages' | 'asks'> & Record<string, unknown>

/**
 * The campaigns of a batch of sends, locked FOR SHARE until the batch commits: a cancel (an update of the
 * row) waits for the sends in flight, or they see it cancelled. Read once per batch, outside the sends'
 * savepoints, so a send that rolls back does not give the lock up for the others.
 */
export async function lockCampaigns(tx: Tx, ids: number[], now: Date): Promise<Map<number, CampaignRecord>> {
  const rows = await tx<CampaignRecord[]>`
    select k.*, w.channel, ${campaignsRun(tx, now)} as may_run
      from campaigns k ${tx.unsafe(CAMPAIGN_COMPANY_JOIN)} left join whatsapps w on w.id = k.whatsapp_id
     where k.id = any(${ids}::int[]) for share of k`
  return new Map(rows.map((k) => [k.id, k]))
}

async function loadRunning(tx: Tx, job: ShippingJob, now: Date, locked?: Map<number, CampaignRecord>): Promise<CampaignRow | null | 'deferred'> {
  const k = locked ? locked.get(job.campaignId) : (await lockCampaigns(tx, [job.campaignId], now)).get(job.campaignId)
  if (!k) return null
  if (!k.mayRun) return 'deferred'
  const running = k.status === 'EM_ANDAMENTO' || (job.step === 'send' && k.confirmation && k.status === 'FINALIZADA')
  if (!running) return null
  const pick = (prefix: string) => [1, 2, 3, 4, 5].map((n) => String(k[`${prefix}${n}`] ?? ''))
  return { ...k, messages: pick('message'), asks: pick('confirmationMessage') } as CampaignRow
}

async function recipientContact(tx: Tx, k: CampaignRow, connection: { id: number; channel: ChannelKind },
  s: { contactId: number | null; number: string; itemName: string | null }) {
  if (s.contactId) {
    const [c] = await tx<{ id: number; name: string; number: string; email: string; isGroup: boolean }[]>`
      select id, name, number, email, is_group from contacts where id = ${s.contactId}`
    if (c) return c
  }
  const found = await resolveContact(tx, {
    companyId: k.companyId, whatsappId: connection.id, namespace: namespaceOf(connection.channel),
    peer: { number: s.number, name: s.itemName ?? s.number },
  })
  // A list's recipient has the list's email ({email} reads it first): the contact's is not needed.
  return { id: found.id, name: found.name, number: found.number, email: '', isGroup: found.isGroup }
}

function mediaTypeOf(path: string): string {
  const ext = path.split('.').pop()?.toLowerCase() ?? ''
  if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) return 'image'
  if (['mp4', '3gp', 'webm'].includes(ext)) return 'video'
  if (['mp3', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'wav'].includes(ext)) return 'audio'
  return 'application'
}
