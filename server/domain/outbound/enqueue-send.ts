import { randomBytes } from 'node:crypto'
import type { Tx } from '../../db/connect.ts'
import type { Fragment } from '../tickets/visible-tickets.ts'

export interface SendRequest {
  companyId: number
  ticketId: number
  whatsappId: number
  contactId: number
  channel: string
  body: string
  mediaType?: string
  media?: { fileName: string; originalName: string }
  quotedMsgId?: number | null
  userId?: number | null
  /** Greetings, bot menus, API sends: the channel's echo of it must never count as a customer message. */
  isSystem?: boolean
  isPrivate?: boolean
  /** A copy of another message (POST /message/forward). */
  isForwarded?: boolean
  /** The client's idempotency key (outbox replays, integrator retries). */
  clientId?: string | null
  /** What the driver does: text and media by default; reaction, edit and delete act on another message. */
  kind?: 'text' | 'media' | 'location' | 'vcard' | 'reaction' | 'edit' | 'delete' | 'template'
  extra?: Record<string, unknown>
  /** The clock of the caller: the job is due from then (tests run on a fixed clock). */
  now: Date
  /** A later moment the send must not go out before (forward spacing); defaults to now. */
  runAt?: Date
}

export interface QueuedMessage {
  id: number
  wid: string | null
  ticketId: number
  body: string
  fromMe: boolean
  ack: number
  mediaType: string
  createdAt: Date
}

/** Baileys accepts an id chosen by the sender; ours look like WhatsApp Web's (3EB0 + 18 hex digits). */
export function whatsappMessageId(): string {
  return `3EB0${randomBytes(9).toString('hex').toUpperCase()}`
}

/**
 * Stores an outgoing message at ack 0 (the clock) and queues its send on the connection's queue, in the
 * caller's transaction: the message and its job commit together or not at all. For WhatsApp the id is
 * chosen now, so the channel's echo of our own send is recognised as this row (anchor §3.1: the anchors
 * mark bot text with invisible characters instead). Private notes are stored but never queued.
 */
export async function enqueueSend(tx: Tx, req: SendRequest): Promise<QueuedMessage> {
  const [message] = await enqueueSends(tx, [req])
  return message
}

/**
 * Several messages of one ticket, in this order (a flow step's texts and media), as enqueueSend stores one,
 * in two statements whatever their number: one insert of every row, then the ticket's preview (with
 * `ticketColumns`, other columns of the ticket the caller writes with them; `before`, a write of the ticket
 * that comes first and yields to them: the routed message's own preview) and the jobs.
 * Every routing step and bot reply goes through here, so its round trips are the pipeline's.
 */
export async function enqueueSends(tx: Tx, reqs: SendRequest[], ticketColumns: Record<string, unknown> = {}, before: TicketWrite = NO_WRITE): Promise<QueuedMessage[]> {
  if (!reqs.length) return []
  const rows = reqs.map((req) => messageRow(tx, req))
  const inserted = await tx<QueuedMessage[]>`
    insert into messages (company_id, ticket_id, whatsapp_id, contact_id, wid, client_id, body, from_me, media_type, media_url,
                          media_path, media_name, ack, quoted_msg_id, user_id, is_system, is_private, is_forwarded, data_json, created_at)
    values ${commaList(tx, rows)}
    returning id, wid, ticket_id, body, from_me, ack, media_type, created_at`
  // The ids follow the values' order (one sequence, rows inserted in turn); the answer is sorted to be sure.
  const messages = inserted.sort((a, b) => a.id - b.id)
  // A reaction never becomes the ticket's preview (inbound ones do not either, migration 0008).
  const last = reqs.findLast((req) => req.mediaType !== 'reactionMessage')
  const jobs = messages.flatMap((message, i) => {
    const req = reqs[i]
    return req.isPrivate ? [] : [enqueueJobCall(tx, { companyId: req.companyId, whatsappId: req.whatsappId, payload: { messageId: message.id }, key: `send:${message.id}`, now: req.runAt ?? req.now })]
  })
  // Called in the select list's order, so the jobs queue in the messages' order.
  const enqueue = jobs.length ? tx`select ${commaList(tx, jobs)}` : null
  // The ticket's preview and the caller's columns (a flow run's state) in the same statement.
  const columns = { ...before.columns, ...(last ? { lastMessage: (last.body || last.media?.originalName || '').slice(0, 255), fromMe: true } : {}), ...ticketColumns }
  if (Object.keys(columns).length) {
    const update = updateTicketRow(tx, reqs[0].ticketId, { columns, addUnread: before.addUnread })
    await (enqueue ? tx`with ticket as (${update}) ${enqueue}` : update)
  } else if (enqueue) {
    await enqueue
  }
  return messages
}

/** Ticket columns by camelCase name, and whether the unread counter goes up by one with them. */
export interface TicketWrite {
  columns: Record<string, unknown>
  addUnread?: boolean
}

const NO_WRITE: TicketWrite = { columns: {} }

/**
 * One update of a ticket's columns; the unread counter is raised in the statement (a concurrent read-all
 * keeps its effect), unless the columns set it: a count written with them wins over the +1.
 */
export const updateTicketRow = (tx: Tx, ticketId: number, write: TicketWrite) => {
  const addUnread = write.addUnread && !('unreadMessages' in write.columns)
  return tx`update tickets set ${tx(write.columns)}${addUnread ? tx`, unread_messages = unread_messages + 1` : tx``} where id = ${ticketId}`
}

/** SQL fragments joined by commas (a values list, a select list). */
const commaList = (tx: Tx, parts: Fragment[]) => parts.reduce((list, part) => tx`${list}, ${part}`)

/** One row of the messages insert; its time is the conversation's, read in the insert itself. */
function messageRow(tx: Tx, req: SendRequest) {
  const wid = req.channel === 'whatsapp' && !req.isPrivate ? whatsappMessageId() : null
  const dataJson = req.kind || req.extra ? { kind: req.kind ?? (req.media ? 'media' : 'text'), ...req.extra } : null
  return tx`(${req.companyId}, ${req.ticketId}, ${req.whatsappId}, ${req.contactId}, ${wid}, ${req.clientId ?? null}, ${req.body}, true,
            ${req.mediaType ?? 'text'}, ${req.media ? `media/${req.companyId}/${req.media.fileName}` : null}, ${req.media?.fileName ?? null},
            ${req.media?.originalName ?? null}, 0, ${req.quotedMsgId ?? null}, ${req.userId ?? null}, ${req.isSystem ?? false},
            ${req.isPrivate ?? false}, ${req.isForwarded ?? false}, ${dataJson === null ? null : tx.json(dataJson as never)},
            ${conversationTime(tx, req.ticketId, req.now)})`
}

/**
 * When a message enters a ticket's conversation: the actor's clock, but never before the newest message
 * already there (docs/decisions.md "Message order"). A reply is then always listed after what it answers,
 * even when the channel stamped the customer's message with a clock a little ahead of ours.
 */
const conversationTime = (tx: Tx, ticketId: number, now: Date) =>
  tx`greatest(${now}::timestamptz, (select max(created_at) from messages where ticket_id = ${ticketId}))`

export const sendQueue = (whatsappId: number) => `send:${whatsappId}`

/** A send job: the message, and for an edit or delete of the message itself, which. */
export type SendJobPayload = {
  messageId: number
  kind?: 'edit' | 'delete'
}

/**
 * One job on a connection's send queue (workers/outbound.ts reads the payload): a send, a resend, an
 * edit or a delete of a message. The key makes a repeated enqueue a no-op.
 */
export async function enqueueSendJob(tx: Tx, job: SendJob): Promise<void> {
  await tx`select ${enqueueJobCall(tx, job)}`
}

type SendJob = { companyId: number; whatsappId: number; payload: SendJobPayload; key: string; now: Date }

const enqueueJobCall = (tx: Tx, job: SendJob) =>
  tx`app_enqueue_job(${sendQueue(job.whatsappId)}, ${tx.json(job.payload)}::jsonb, ${job.companyId}, ${job.key}, ${job.now})`

/**
 * Queues an edit or a delete of one of our sent messages on its connection's queue. No new row: the
 * job acts on the message itself (its wid is the target), so the chat and the sync stream never see
 * control rows, and the queue keeps the action after any send of the same connection queued before it.
 */
export async function enqueueMessageAction(
  tx: Tx,
  req: { companyId: number; whatsappId: number; messageId: number; kind: 'edit' | 'delete'; now: Date },
): Promise<void> {
  await enqueueSendJob(tx, {
    companyId: req.companyId,
    whatsappId: req.whatsappId,
    payload: { messageId: req.messageId, kind: req.kind },
    key: `${req.kind}:${req.messageId}:${req.now.getTime()}`,
    now: req.now,
  })
}
