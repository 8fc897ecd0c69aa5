import { namespaceOf, resolveContact } from '../contacts/resolve-contact.ts'
import { findOrCreateTicket } from '../tickets/find-or-create-ticket.ts'
import { logTicketCreated } from '../tickets/ticket-logs.ts'
import type { ApiConnection } from './api-connection.ts'
import type { ApiSendInput } from '../../routes/api-messages.schema.ts'
import { messageMediaType, type StoredFile } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { enqueueSend } from './enqueue-send.ts'

export interface ApiSendResult {
  message: string
  messageId: number
  ticketId: number
  ack: number
}

/**
 * An integrator's send: finds or creates the contact and its live ticket on the token's connection,
 * assigns it to the given user and queue (open) when they are given, queues the message through the
 * outbound queue like any other, and closes the ticket when asked. The message goes out as a system
 * message, so its channel echo is never taken for the customer's.
 */
export async function apiSend(ctx: DomainCtx, connection: ApiConnection, input: ApiSendInput, media: StoredFile | null): Promise<ApiSendResult> {
  if (!input.body.trim() && !media) throw new AppError('ERR_VALIDATION', 'body or medias is required', { fields: [{ field: 'body', message: 'Required' }] })
  const { tx } = ctx
  const user = input.userId ? await one(tx`select id, name from users where id = ${input.userId}`, 'ERR_NO_USER_FOUND') : null
  if (input.queueId) await one(tx`select id from queues where id = ${input.queueId}`, 'ERR_NOT_FOUND')

  const contact = await resolveContact(tx, {
    companyId: connection.companyId,
    whatsappId: connection.id,
    namespace: namespaceOf(connection.channel),
    peer: { number: input.number },
  })
  const found = await findOrCreateTicket(tx, {
    companyId: connection.companyId,
    whatsappId: connection.id,
    channel: connection.channel,
    contactId: contact.id,
    isGroup: false,
    newStatus: 'pending',
    reopenMinutes: 0,
    create: true,
    now: ctx.now(),
  })
  if (!found) throw new AppError('ERR_CREATING_TICKET')
  let ticket = found.ticket
  if (found.created) {
    await logTicketCreated(tx, { companyId: connection.companyId, ticketId: ticket.id, userId: user?.id ?? null, queueId: input.queueId ?? null, at: ctx.now() })
  }
  if (user || input.queueId) {
    const [updated] = await tx<(typeof ticket)[]>`
      update tickets set status = case when ${user?.id ?? null}::int is null then status else 'open' end,
                         user_id = coalesce(${user?.id ?? null}::int, user_id),
                         queue_id = coalesce(${input.queueId ?? null}::int, queue_id),
                         accepted_at = coalesce(accepted_at, case when ${user?.id ?? null}::int is null then null else ${ctx.now()}::timestamptz end)
       where id = ${ticket.id}
      returning id, uuid, status, user_id, queue_id, contact_id, whatsapp_id, is_group, unread_messages`
    ticket = updated
  }
  const body = input.sendSignature && user && input.body ? `*${user.name}:*\n${input.body}` : input.body
  const message = await enqueueSend(tx, {
    companyId: connection.companyId,
    ticketId: ticket.id,
    whatsappId: connection.id,
    contactId: contact.id,
    channel: connection.channel,
    body,
    mediaType: media ? messageMediaType(media.mimeType) : 'text',
    media: media ?? undefined,
    userId: user?.id ?? null,
    isSystem: true,
    // Marked as the integrator's: automatic, but not dropped for age like the bots' messages.
    extra: { source: 'api', ...(media ? { mimeType: media.mimeType } : {}) },
    now: ctx.now(),
  })
  if (input.closeTicket) {
    await tx`update tickets set status = 'closed', closed_at = ${ctx.now()} where id = ${ticket.id}`
    ticket = { ...ticket, status: 'closed' }
  }
  const ticketFields = { id: ticket.id, uuid: ticket.uuid, userId: ticket.userId, queueId: ticket.queueId, isGroup: ticket.isGroup, status: ticket.status }
  ctx.emit({ type: 'appMessage', companyId: connection.companyId, payload: { action: 'create', message, ticket: ticketFields, contact } })
  ctx.emit({ type: 'ticket', companyId: connection.companyId, payload: { action: found.created ? 'create' : 'update', ticket: ticketFields } })
  return { message: 'Mensagem enviada com sucesso', messageId: message.id, ticketId: ticket.id, ack: message.ack }
}

async function one<T>(query: Promise<T[]>, code: 'ERR_NO_USER_FOUND' | 'ERR_NOT_FOUND'): Promise<T> {
  const [row] = await query
  if (!row) throw new AppError(code)
  return row
}

