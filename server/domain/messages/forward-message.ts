import type { ForwardMessageInput } from '../../routes/messages.schema.ts'
import type { ChannelKind } from '../../../workers/channels/types.ts'
import { AppError } from '../app-error.ts'
import { namespaceOf } from '../contacts/resolve-contact.ts'
import type { DomainCtx } from '../context.ts'
import { enqueueSend, type SendRequest } from '../outbound/enqueue-send.ts'
import { findOrCreateTicket, type TicketRow } from '../tickets/find-or-create-ticket.ts'
import { writeTicketLog } from '../tickets/ticket-logs.ts'
import { heldStatus } from '../tickets/ticket-rules.ts'
import { findVisibleTicket, messageViews, type MessageTicket, type MessageView } from './message-view.ts'

/** Spec part 1 §4 "Forwarding sends messages one by one with a 900 ms pause": the gap between two forwards to one chat. */
export const FORWARD_SPACING_MS = 900

/** Kinds that carry nothing to forward. */
const NOT_FORWARDABLE = ['reactionMessage', 'call_log']

interface SourceMessage {
  id: number
  ticketId: number
  body: string
  mediaType: string
  mediaPath: string | null
  mediaName: string | null
  vCard: string | null
  isPrivate: boolean
  isDeleted: boolean
  dataJson: Record<string, unknown> | null
}

interface Target {
  ticket: TicketRow
  channel: ChannelKind
  created: boolean
}

/**
 * POST /message/forward (spec part 1 §7): a copy of a message of a ticket the actor can see, sent to a
 * contact of the company on the same connection. The copy (body, media file, contact card) is stored at
 * ack 0 with is_forwarded on the contact's live ticket, opened for the actor when there was none, and
 * queued through enqueueSend no earlier than FORWARD_SPACING_MS after the previous forward to that chat
 * (docs/decisions.md "Messages"). signMessage prefixes `*Name:*` on its own line.
 */
export async function forwardMessage(ctx: DomainCtx, input: ForwardMessageInput): Promise<MessageView> {
  const { tx, auth } = ctx
  const { source, ticket: from } = await loadForwardable(ctx, input.messageId)
  const target = await targetTicket(ctx, from, input.contactId)
  const runAt = await nextForwardSlot(ctx, target.ticket.id)
  const body = input.signMessage && source.body ? `*${auth.user.name}:*\n${source.body}` : source.body
  const copy = copyOf(source)
  const message = await enqueueSend(tx, {
    ...copy,
    extra: { ...copy.extra, notBefore: runAt.toISOString() },
    companyId: auth.company.id,
    ticketId: target.ticket.id,
    whatsappId: target.ticket.whatsappId,
    contactId: target.ticket.contactId,
    channel: target.channel,
    body,
    userId: auth.user.id,
    isForwarded: true,
    now: ctx.now(),
    runAt,
  })
  await tx`update messages set v_card = ${source.vCard} where id = ${message.id}`
  const [view] = await messageViews(tx, [Number(message.id)])
  const ticketFields = { id: target.ticket.id, uuid: target.ticket.uuid, userId: target.ticket.userId, queueId: target.ticket.queueId, isGroup: target.ticket.isGroup, status: target.ticket.status }
  ctx.emit({ type: 'appMessage', companyId: auth.company.id, payload: { action: 'create', message: view, ticket: ticketFields } })
  if (target.created) ctx.emit({ type: 'ticket', companyId: auth.company.id, payload: { action: 'create', ticket: ticketFields } })
  return view
}

/** The source: a message of a ticket the actor sees (else 404), neither a private note nor deleted. */
async function loadForwardable(ctx: DomainCtx, messageId: number): Promise<{ source: SourceMessage; ticket: MessageTicket }> {
  const [source] = await ctx.tx<SourceMessage[]>`
    select id, ticket_id, body, media_type, media_path, media_name, v_card, is_private, is_deleted, data_json
      from messages where id = ${messageId}`
  const ticket = source ? await findVisibleTicket(ctx.tx, ctx.auth, source.ticketId) : null
  if (!source || !ticket) throw new AppError('ERR_NOT_FOUND', 'Message not found')
  const refuse = (why: string) => new AppError('ERR_FORWARDING_WAPP_MSG', why)
  if (source.isPrivate) throw refuse('A private note cannot be forwarded')
  if (source.isDeleted) throw refuse('A deleted message cannot be forwarded')
  if (NOT_FORWARDABLE.includes(source.mediaType)) throw refuse(`A ${source.mediaType} message cannot be forwarded`)
  return { source, ticket }
}

/**
 * The contact's live ticket on the source's connection (app_find_or_create_ticket), or a new one opened
 * for the actor in the source ticket's queue. The contact must be the company's (RLS: else 404) and of
 * the connection's channel.
 */
async function targetTicket(ctx: DomainCtx, from: MessageTicket, contactId: number): Promise<Target> {
  const { tx, auth } = ctx
  const [contact] = await tx<{ isGroup: boolean; channel: string }[]>`select is_group, channel from contacts where id = ${contactId}`
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
  const [conn] = from.whatsappId === null ? [] : await tx<{ channel: ChannelKind }[]>`select channel from whatsapps where id = ${from.whatsappId}`
  if (!conn) throw new AppError('ERR_NO_WAPP_FOUND', "The message's connection no longer exists")
  if (contact.channel !== namespaceOf(conn.channel)) {
    throw new AppError('ERR_WAPP_INVALID_CONTACT', `A ${contact.channel} contact cannot be reached on a ${conn.channel} connection`)
  }
  const found = await findOrCreateTicket(tx, {
    companyId: auth.company.id,
    whatsappId: from.whatsappId!,
    channel: conn.channel,
    contactId,
    isGroup: contact.isGroup,
    newStatus: 'pending',
    reopenMinutes: 0,
    create: true,
    now: ctx.now(),
  })
  if (!found) throw new AppError('ERR_CREATING_TICKET')
  if (!found.created) return { ticket: found.ticket, channel: conn.channel, created: false }
  const [ticket] = await tx<TicketRow[]>`
    update tickets set status = ${heldStatus(contact.isGroup)}, user_id = ${auth.user.id}, queue_id = ${from.queueId},
                       accepted_at = ${ctx.now()}, created_at = ${ctx.now()}
     where id = ${found.ticket.id}
    returning id, uuid, status, user_id, queue_id, contact_id, whatsapp_id, is_group, unread_messages`
  await writeTicketLog(ctx, ticket.id, 'create', { queueId: from.queueId })
  await writeTicketLog(ctx, ticket.id, 'open', { queueId: from.queueId })
  return { ticket, channel: conn.channel, created: true }
}

/**
 * When this forward may go out: now, or FORWARD_SPACING_MS after the previous forward to the chat if
 * that one is still ahead. Each forward keeps its slot in data_json.notBefore (the jobs table is closed
 * to tenants); app_find_or_create_ticket's lock on (contact, connection), held to the commit, makes
 * parallel forwards to one chat take their slots one after the other.
 */
async function nextForwardSlot(ctx: DomainCtx, ticketId: number): Promise<Date> {
  const [{ last }] = await ctx.tx<{ last: Date | null }[]>`
    select max((data_json->>'notBefore')::timestamptz) as last from messages
     where ticket_id = ${ticketId} and is_forwarded and from_me`
  const now = ctx.now().getTime()
  return new Date(last ? Math.max(now, new Date(last).getTime() + FORWARD_SPACING_MS) : now)
}

/** What the copy takes from the source: kind, media reference and the driver's extras. */
function copyOf(source: SourceMessage): Pick<SendRequest, 'mediaType' | 'media' | 'kind' | 'extra'> {
  const data = source.dataJson ?? {}
  const media = source.mediaPath ? { fileName: source.mediaPath, originalName: source.mediaName ?? source.mediaPath } : undefined
  const extra: Record<string, unknown> = {}
  if (typeof data.mimeType === 'string') extra.mimeType = data.mimeType
  if (data.asVoice === true) extra.asVoice = true
  if (data.location) extra.location = data.location
  if (source.vCard) extra.vCard = source.vCard
  const kind: SendRequest['kind'] = media ? 'media' : source.vCard ? 'vcard' : data.location ? 'location' : 'text'
  return { mediaType: source.mediaType, media, kind, extra }
}
