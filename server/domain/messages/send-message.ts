import { createHash } from 'node:crypto'
import { messageMediaType, type MediaStore } from '../../media/media-store.ts'
import type { SendMessageInput } from '../../routes/messages.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { enqueueSend, type SendRequest } from '../outbound/enqueue-send.ts'
import { eventTicket, loadVisibleTicket, messageViews, type MessageTicket, type MessageView } from './message-view.ts'

/** Statuses a user's message may go out on (docs/decisions.md "Messages": accept a pending ticket first). */
export const SENDABLE_STATUSES = ['open', 'group']

export interface SendMessageResult {
  messages: MessageView[]
  /** True when clientId matched messages already stored: nothing new was written or queued. */
  replayed: boolean
}

/**
 * POST /messages/{ticketId} (spec part 1 §7): text, a contact card, or one message per file (the body
 * goes with the first), each stored at ack 0 with its send job in this transaction (enqueueSend).
 * Private notes are stored and never queued. A clientId makes the call idempotent: a repeat answers the
 * stored messages, and an advisory lock makes a parallel repeat wait for the first.
 */
export async function sendMessage(ctx: DomainCtx, media: MediaStore, ticketId: number, input: SendMessageInput, files: File[]): Promise<SendMessageResult> {
  const { tx, auth } = ctx
  const ticket = await loadVisibleTicket(tx, auth, ticketId)
  const clientIds = input.clientId ? Array.from({ length: Math.max(1, files.length) }, (_, i) => derivedClientId(input.clientId!, i)) : []
  if (input.clientId) {
    await tx`select pg_advisory_xact_lock(hashtext(${`message:${input.clientId}`}))`
    const stored = await storedByClientId(ctx, ticket, clientIds)
    if (stored.length) return { messages: await messageViews(tx, stored), replayed: true }
  }
  if (!input.isPrivate && !SENDABLE_STATUSES.includes(ticket.status)) {
    throw new AppError('ERR_INVALID_TICKET_STATUS', `A message cannot be sent on a ${ticket.status} ticket`, { status: ticket.status })
  }
  if (ticket.whatsappId === null) throw new AppError('ERR_NO_WAPP_FOUND', "The ticket's connection no longer exists")
  if (!files.length && !input.vCard && !input.body.trim()) {
    throw new AppError('ERR_VALIDATION', 'body: Required', { fields: [{ field: 'body', message: 'Required' }] })
  }
  const quotedMsgId = await checkQuoted(ctx, ticket, input.quotedMsg?.id ?? input.quotedMsgId ?? null)
  const base = {
    companyId: auth.company.id,
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    contactId: ticket.contactId,
    channel: ticket.channel,
    quotedMsgId,
    userId: auth.user.id,
    isPrivate: input.isPrivate,
    now: ctx.now(),
  }
  const requests: SendRequest[] = []
  for (const [i, file] of files.entries()) {
    const stored = await media.save(auth.company.id, file, 'media')
    const mediaType = messageMediaType(stored.mimeType)
    requests.push({ ...base, body: i === 0 ? input.body : '', mediaType, media: stored, kind: 'media', extra: { mimeType: stored.mimeType }, clientId: clientIds[i] ?? null })
  }
  if (!files.length) requests.push(textOrCard(base, input, clientIds[0] ?? null))
  const ids: number[] = []
  for (const req of requests) {
    const message = await enqueueSend(tx, req)
    if (req.kind === 'vcard') await tx`update messages set v_card = ${String(req.extra?.vCard)} where id = ${message.id}`
    ids.push(Number(message.id))
  }
  const messages = await messageViews(tx, ids)
  for (const message of messages) {
    ctx.emit({ type: 'appMessage', companyId: auth.company.id, payload: { action: 'create', message, ticket: eventTicket(ticket) } })
  }
  return { messages, replayed: false }
}

function textOrCard(base: Omit<SendRequest, 'body'>, input: SendMessageInput, clientId: string | null): SendRequest {
  if (!input.vCard) return { ...base, body: input.body, kind: 'text', clientId }
  const card = typeof input.vCard === 'string' ? input.vCard : vCardOf(input.vCard.name, input.vCard.number)
  const name = typeof input.vCard === 'string' ? /^FN:(.*)$/m.exec(card)?.[1]?.trim() ?? '' : input.vCard.name
  return { ...base, body: input.body.trim() || name, mediaType: 'contactMessage', kind: 'vcard', extra: { vCard: card }, clientId }
}

function vCardOf(name: string, number: string): string {
  const digits = number.replace(/\D/g, '')
  return `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;waid=${digits}:+${digits}\nEND:VCARD`
}

/** Messages a repeat of the same clientId stored before; on another ticket the key was reused. */
async function storedByClientId(ctx: DomainCtx, ticket: MessageTicket, clientIds: string[]): Promise<number[]> {
  const rows = await ctx.tx<{ id: number; ticketId: number; clientId: string }[]>`
    select id, ticket_id, client_id::text as client_id from messages
     where company_id = ${ctx.auth.company.id} and client_id = any(${clientIds}::uuid[])`
  if (rows.some((r) => r.ticketId !== ticket.id)) {
    throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED', 'This clientId belongs to a message of another ticket')
  }
  const order = new Map(clientIds.map((id, i) => [id, i]))
  return rows.sort((a, b) => (order.get(a.clientId) ?? 0) - (order.get(b.clientId) ?? 0)).map((r) => Number(r.id))
}

/** A quote must be a message of this contact's chat on this company (the merged history included). */
async function checkQuoted(ctx: DomainCtx, ticket: MessageTicket, quotedId: number | null): Promise<number | null> {
  if (quotedId === null) return null
  const [row] = await ctx.tx`
    select m.id from messages m join tickets t on t.id = m.ticket_id
     where m.id = ${quotedId} and t.contact_id = ${ticket.contactId}`
  if (!row) throw new AppError('ERR_VALIDATION', 'quotedMsg.id: not a message of this chat', { fields: [{ field: 'quotedMsg.id', message: 'Not found' }] })
  return quotedId
}

/** The first file keeps the client's id; the next ones get ids derived from it (stable across repeats). */
export function derivedClientId(clientId: string, index: number): string {
  if (index === 0) return clientId
  const h = createHash('sha256').update(`${clientId}:${index}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

