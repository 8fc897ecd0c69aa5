import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { enqueueSend } from '../outbound/enqueue-send.ts'
import { writeTicketLog } from './ticket-logs.ts'
import { assertQueueExists, assertUserExists } from './ticket-references.ts'
import { heldStatus, type TicketChange } from './ticket-rules.ts'
import type { TicketRecord } from './ticket-view.ts'

/**
 * Transfer (any live status → open, or group for group tickets, when a user is chosen; pending when
 * none), spec part 1 §4: sets the queue and the transfer flag. A transfer needs a queue (§5 "Transfer
 * needs a queue selected"): the given one, else the ticket's. The note msgTransfer is stored as a
 * private message. Logs 'transfered' for the actor and 'receivedTransfer' for the receiving user.
 */
export async function transferTicket(ctx: DomainCtx, ticket: TicketRecord, change: TicketChange & { msgTransfer?: string }): Promise<void> {
  const { tx } = ctx
  const queueId = change.queueId === undefined ? ticket.queueId : change.queueId
  if (queueId === null) {
    throw new AppError('ERR_VALIDATION', 'queueId: Selecione uma fila', { fields: [{ field: 'queueId', message: 'Selecione uma fila' }] })
  }
  if (queueId !== ticket.queueId) await assertQueueExists(tx, queueId)
  const userId = change.status === 'pending' ? null : (change.userId === undefined ? ticket.userId : change.userId)
  await assertUserExists(tx, userId)
  const status = userId === null ? 'pending' : heldStatus(ticket.isGroup)
  await tx`update tickets set status = ${status}, user_id = ${userId}, queue_id = ${queueId}, is_transfered = true,
                              accepted_at = case when ${userId !== null} then coalesce(accepted_at, ${ctx.now()}) else accepted_at end
            where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'transfered', { queueId })
  if (userId !== null && userId !== ctx.auth.user.id) await writeTicketLog(ctx, ticket.id, 'receivedTransfer', { userId, queueId })
  const note = change.msgTransfer?.trim()
  if (note && ticket.whatsappId !== null) {
    await enqueueSend(tx, {
      companyId: ctx.auth.user.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      contactId: ticket.contactId,
      channel: ticket.channel,
      body: note,
      userId: ctx.auth.user.id,
      isPrivate: true,
      now: ctx.now(),
    })
  }
}
