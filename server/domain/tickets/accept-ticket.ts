import type { DomainCtx } from '../context.ts'
import { AppError } from '../app-error.ts'
import { can } from '../permissions.ts'
import { queueTicketMessage } from './ticket-message.ts'
import { writeTicketLog } from './ticket-logs.ts'
import { assertQueueExists } from './ticket-references.ts'
import { assertMayUseQueue, heldStatus } from './ticket-rules.ts'
import type { TicketRecord } from './ticket-view.ts'

/**
 * Accept (pending or lgpd → open), spec part 1 §4: the actor becomes the owner, the chosen queue is set,
 * group tickets go to the group status, accepted_at keeps the first acceptance. A ticket without a queue
 * is accepted only with a queue chosen, except by admins (anchor §9.5). With sendGreetingAccepted the
 * greeting is queued (for groups only when the connection has groupAsTicket enabled).
 */
export async function acceptTicket(ctx: DomainCtx, ticket: TicketRecord, queueId: number | null | undefined): Promise<void> {
  const { tx, auth } = ctx
  const queue = queueId === undefined ? ticket.queueId : queueId
  if (queue !== ticket.queueId) {
    await assertQueueExists(tx, queue)
    assertMayUseQueue(auth, queue)
  }
  if (queue === null && !can(auth, 'admin')) {
    throw new AppError('ERR_NO_PERMISSION', 'Choose a queue to accept a ticket without one')
  }
  const status = heldStatus(ticket.isGroup)
  await tx`update tickets set status = ${status}, user_id = ${auth.user.id}, queue_id = ${queue},
                              accepted_at = coalesce(accepted_at, ${ctx.now()}), unread_messages = 0
            where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'open', { queueId: queue })
  if (ticket.status === 'pending') await sendAcceptedGreeting(ctx, ticket)
}

async function sendAcceptedGreeting(ctx: DomainCtx, ticket: TicketRecord): Promise<void> {
  if (ticket.whatsappId === null) return
  const [row] = await ctx.tx<{ on: string; body: string; groupAsTicket: string }[]>`
    select s.send_greeting_accepted as on, s.greeting_accepted_message as body, w.group_as_ticket
      from company_settings s, whatsapps w
     where w.id = ${ticket.whatsappId}`
  if (!row || row.on !== 'enabled') return
  if (ticket.isGroup && row.groupAsTicket !== 'enabled') return
  await queueTicketMessage(ctx, ticket, row.body, { userId: ctx.auth.user.id, isSystem: true })
}
