import type { ChannelEvent, ConnectionStatus } from '../channels/types.ts'
import type { ConnectionRef, InCompany } from './types.ts'
import type { Tx } from '../../server/db/connect.ts'
import type { MediaStore } from '../../server/media/media-store.ts'
import { eraseIfLgpd, removeErasedMedia } from '../../server/domain/messages/lgpd-erase.ts'

type EventOf<K extends ChannelEvent['kind']> = Extract<ChannelEvent, { kind: K }>
type Payload = Record<string, unknown>

const MESSAGE_VIEW = `m.id, m.wid, m.ticket_id, m.body, m.ack, m.is_edited, m.is_deleted, m.send_error,
  json_build_object('id', t.id, 'userId', t.user_id, 'queueId', t.queue_id, 'isGroup', t.is_group) as ticket`

interface UpdatedRow {
  id: number
  ticket: Payload
  [k: string]: unknown
}

const toPayload = (rows: UpdatedRow[]): Payload[] =>
  rows.map(({ ticket, ...message }) => ({ action: 'update', message, ticket }))

/**
 * Acks only move forward (a late 'delivered' never undoes 'read'); a failure counts only while the
 * message has not been delivered, since a later success report wins over an earlier failure.
 */
export async function applyAck(inCompany: InCompany, connection: ConnectionRef, event: EventOf<'ack'>): Promise<Payload[]> {
  const payloads = await applyAckNow(inCompany, connection, event)
  if (payloads.length || !HOLDS_EARLY_ACKS.has(connection.channel)) return payloads
  // No row carries this id yet: the send may not have committed (webhook channels answer in parallel).
  const held = await inCompany((tx) => tx`
    insert into pending_acks (company_id, whatsapp_id, wid, ack, error, received_at)
    values (${connection.companyId}, ${connection.id}, ${event.externalId}, ${event.ack}, ${event.error ?? null}, now())
    on conflict do nothing returning 1`)
  // The send may have committed meanwhile; whichever side commits second applies the held acks.
  return held.length ? applyPendingAcks(inCompany, connection, event.externalId) : []
}

/** Channels whose acks come by webhook, unordered with the worker's commit of the send. */
const HOLDS_EARLY_ACKS = new Set(['whatsappapi', 'facebook', 'instagram'])

/**
 * Applies, in order, the acks held for a message that now carries its channel id (after the send's commit,
 * workers/outbound.ts, and after an ack is held). Acks for an id no row carries stay held (purged after an
 * hour by purgePendingAcks).
 */
export async function applyPendingAcks(inCompany: InCompany, connection: ConnectionRef, wid: string): Promise<Payload[]> {
  if (!HOLDS_EARLY_ACKS.has(connection.channel)) return []
  const held = await inCompany((tx) => tx<{ ack: number; error: string | null }[]>`
    delete from pending_acks p
     where p.whatsapp_id = ${connection.id} and p.wid = ${wid}
       and exists (select 1 from messages m where m.whatsapp_id = ${connection.id} and m.wid = ${wid})
    returning p.ack, p.error`)
  const out: Payload[] = []
  for (const a of held.sort((x, y) => x.ack - y.ack)) {
    out.push(...(await applyAckNow(inCompany, connection, { kind: 'ack', externalId: wid, ack: a.ack as EventOf<'ack'>['ack'], error: a.error ?? undefined })))
  }
  return out
}

async function applyAckNow(inCompany: InCompany, connection: ConnectionRef, event: EventOf<'ack'>): Promise<Payload[]> {
  const rows = await inCompany((tx) =>
    event.ack === -1
      ? tx<UpdatedRow[]>`
          update messages m set ack = -1, send_error = ${event.error ?? 'ERR_SENDING_WAPP_MSG'}
            from tickets t
           where m.whatsapp_id = ${connection.id} and m.wid = ${event.externalId} and m.ack < 2 and m.ack <> -1
             and t.id = m.ticket_id
          returning ${tx.unsafe(MESSAGE_VIEW)}`
      : tx<UpdatedRow[]>`
          update messages m set ack = ${event.ack}, send_error = null
            from tickets t
           where m.whatsapp_id = ${connection.id} and m.wid = ${event.externalId} and m.ack < ${event.ack}
             and t.id = m.ticket_id
          returning ${tx.unsafe(MESSAGE_VIEW)}`,
  )
  return toPayload(rows)
}

export async function applyEdit(inCompany: InCompany, connection: ConnectionRef, event: EventOf<'edit'>): Promise<Payload[]> {
  const rows = await inCompany((tx) => tx<UpdatedRow[]>`
    update messages m set body = ${event.body}, is_edited = true
      from tickets t
     where m.whatsapp_id = ${connection.id} and m.wid = ${event.externalId} and m.body is distinct from ${event.body}
       and t.id = m.ticket_id
    returning ${tx.unsafe(MESSAGE_VIEW)}`)
  return toPayload(rows)
}

/**
 * A message the sender deleted for everyone stays in the history, marked deleted (spec part 1 §3); with
 * lgpdDeleteMessage its content is erased as well (server/domain/messages/lgpd-erase.ts).
 */
export async function applyRevoke(inCompany: InCompany, connection: ConnectionRef, event: EventOf<'revoke'>, media?: MediaStore): Promise<Payload[]> {
  const { rows, files } = await inCompany(async (tx) => {
    const marked = await tx<{ id: number }[]>`
      update messages set is_deleted = true
       where whatsapp_id = ${connection.id} and wid = ${event.externalId} and not is_deleted
      returning id`
    const files = await eraseIfLgpd(tx, connection.companyId, marked.map((m) => Number(m.id)))
    const rows = marked.length ? await tx<UpdatedRow[]>`
      select ${tx.unsafe(MESSAGE_VIEW)} from messages m join tickets t on t.id = m.ticket_id where m.id = any(${marked.map((m) => m.id)}::bigint[])` : []
    return { rows, files }
  })
  if (media) await removeErasedMedia(media, connection.companyId, files)
  return toPayload(rows)
}

export interface SessionView {
  id: number
  name: string
  status: ConnectionStatus
  qrcode: string
  number: string
  retries: number
  updatedAt: Date
  statusImportMessages: string | null
}

/** Writes the session state to the connection row, so it syncs, and returns the view for the live event. */
export async function applyStatus(inCompany: InCompany, connection: ConnectionRef, event: EventOf<'status'>, now: Date): Promise<SessionView | null> {
  // A new link of a connection that imports its history: WhatsApp is about to send it. The epoch
  // milliseconds in statusImportMessages show 'preparing' for 35 s (spec part 2 §4 Import, §9), until
  // the first progress writes 'Running'.
  const importStarts = event.status === 'CONNECTED' && event.linked === true
  const [row] = await inCompany((tx) => tx<SessionView[]>`
    update whatsapps set status = ${event.status},
                         qrcode = ${event.qrcode ?? (event.status === 'qrcode' || event.status === 'PAIRING' ? tx`qrcode` : '')},
                         number = coalesce(${event.number ?? null}, number),
                         retries = coalesce(${event.retries ?? null}, retries),
                         status_import_messages = case
                           when ${importStarts} and enable_import_message and import_old_messages is not null then ${String(now.getTime())}
                           else status_import_messages end
     where id = ${connection.id}
    returning id, name, status, qrcode, number, retries, updated_at, status_import_messages`)
  return row ?? null
}

/** Held acks whose message never got the id (a send of another system, a lost send) go after an hour. */
export async function purgePendingAcks(tx: Tx, now: Date): Promise<number> {
  const gone = await tx`delete from pending_acks where received_at < ${new Date(now.getTime() - 3_600_000)} returning 1`
  return gone.length
}
