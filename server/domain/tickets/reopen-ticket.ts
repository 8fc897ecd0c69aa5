import type { DomainCtx } from '../context.ts'
import { AppError } from '../app-error.ts'
import { can } from '../permissions.ts'
import { assertNoOtherLiveTicket } from './live-ticket.ts'
import { writeTicketLog } from './ticket-logs.ts'
import { assertQueueExists, assertUserExists } from './ticket-references.ts'
import { assertMayUseQueue, heldStatus, type TicketChange } from './ticket-rules.ts'
import type { TicketRecord } from './ticket-view.ts'

/**
 * Reopen (closed → open, group for group tickets), spec part 1 §4 "current user": anyone who sees the
 * closed ticket reopens it for themselves. The owner becomes the actor (admins may name another user);
 * status pending (a transfer without a user) clears it. A plain user reopens only into one of their
 * queues, and a ticket without a queue only with one chosen (the queue-choice dialog), as Accept does.
 * Refused with 409 ERR_OTHER_OPEN_TICKET when the contact already has a live ticket on the connection.
 */
export async function reopenTicket(ctx: DomainCtx, ticket: TicketRecord, change: TicketChange): Promise<void> {
  const { tx, auth } = ctx
  await assertNoOtherLiveTicket(tx, ticket.contactId, ticket.whatsappId, ticket.id)
  const queueId = change.queueId === undefined ? ticket.queueId : change.queueId
  const toPending = change.status === 'pending'
  const userId = toPending ? null : (change.userId ?? auth.user.id)
  if (!can(auth, 'admin')) {
    if (userId !== null && userId !== auth.user.id) throw new AppError('ERR_NO_PERMISSION', 'Only admins reopen a ticket for another user')
    if (queueId === null) throw new AppError('ERR_NO_PERMISSION', 'Choose a queue to reopen a ticket without one')
    if (queueId !== ticket.queueId) assertMayUseQueue(auth, queueId)
  }
  if (queueId !== ticket.queueId) await assertQueueExists(tx, queueId)
  await assertUserExists(tx, userId)
  const status = toPending ? 'pending' : heldStatus(ticket.isGroup)
  await tx`update tickets set status = ${status}, user_id = ${userId}, queue_id = ${queueId}, closed_at = null,
                              accepted_at = coalesce(accepted_at, ${toPending ? null : ctx.now()})
            where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'reopen', { queueId })
}
