import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { canSeeTicket } from '../ticket-visibility.ts'
import { enqueueSendJob } from './enqueue-send.ts'

/**
 * Sends a failed message again (issue 4: failures are visible and retryable): only our own messages at
 * ack -1, by a user who may see their ticket. The message goes back to the clock (ack 0) and gets a new
 * send job; the old job stays done with its error for the record.
 */
export async function retrySend(ctx: DomainCtx, messageId: number) {
  const { tx } = ctx
  const [row] = await tx<{ id: number; ack: number; fromMe: boolean; whatsappId: number | null; companyId: number; ticketId: number; userId: number | null; queueId: number | null; isGroup: boolean }[]>`
    select m.id, m.ack, m.from_me, m.whatsapp_id, m.company_id, m.ticket_id, t.user_id, t.queue_id, t.is_group
      from messages m join tickets t on t.id = m.ticket_id
     where m.id = ${messageId}
     for update of m`
  if (!row || !canSeeTicket(ctx.auth, row)) throw new AppError('ERR_NOT_FOUND', 'Message not found')
  if (!row.fromMe || row.ack !== -1 || row.whatsappId === null) {
    throw new AppError('ERR_VALIDATION', 'Only a failed message of ours can be sent again', { fields: [{ field: 'messageId', message: 'not a failed message' }] })
  }
  const now = ctx.now()
  const [message] = await tx<{ id: number; ack: number; sendError: string | null }[]>`
    update messages set ack = 0, send_error = null where id = ${messageId} returning id, ack, send_error`
  await enqueueSendJob(tx, { companyId: row.companyId, whatsappId: row.whatsappId, payload: { messageId }, key: `send:${messageId}:retry:${now.getTime()}`, now })
  const ticket = { id: row.ticketId, userId: row.userId, queueId: row.queueId, isGroup: row.isGroup }
  ctx.emit({ type: 'appMessage', companyId: row.companyId, payload: { action: 'update', message, ticket } })
  return message
}
