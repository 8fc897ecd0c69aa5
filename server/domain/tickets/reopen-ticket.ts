import type { DomainCtx } from '../context.ts'
import { assertNoOtherLiveTicket } from './live-ticket.ts'
import { writeTicketLog } from './ticket-logs.ts'
import { assertQueueExists, assertUserExists } from './ticket-references.ts'
import { heldStatus, type TicketChange } from './ticket-rules.ts'
import type { TicketRecord } from './ticket-view.ts'

/**
 * Reopen (closed → open, group for group tickets), spec part 1 §4; admins only (checked by the caller).
 * The owner becomes the given user or the actor; status pending (a transfer without a user) clears it.
 * Refused with 409 ERR_OTHER_OPEN_TICKET when the contact already has a live ticket on the connection.
 */
export async function reopenTicket(ctx: DomainCtx, ticket: TicketRecord, change: TicketChange): Promise<void> {
  const { tx, auth } = ctx
  await assertNoOtherLiveTicket(tx, ticket.contactId, ticket.whatsappId, ticket.id)
  const queueId = change.queueId === undefined ? ticket.queueId : change.queueId
  const toPending = change.status === 'pending'
  const userId = toPending ? null : (change.userId ?? auth.user.id)
  if (queueId !== ticket.queueId) await assertQueueExists(tx, queueId)
  await assertUserExists(tx, userId)
  const status = toPending ? 'pending' : heldStatus(ticket.isGroup)
  await tx`update tickets set status = ${status}, user_id = ${userId}, queue_id = ${queueId}, closed_at = null,
                              accepted_at = coalesce(accepted_at, ${toPending ? null : ctx.now()})
            where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'reopen', { queueId })
}
