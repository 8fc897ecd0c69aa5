import type { DomainCtx } from '../context.ts'
import { emitTicket, type TicketRecord } from './ticket-view.ts'

export interface CloseAllInput {
  /** The tab being closed: required, so a bare call cannot close colleagues' live chats. */
  status: 'open' | 'pending' | 'group'
  /** The queues selected in the list; an empty list closes nothing. */
  selectedQueueIds: number[]
}

/**
 * POST /tickets/closeAll (spec part 1 §4 "Closing all tickets of a tab is an admin-only bulk action",
 * §6, §7): closes the company's tickets of that tab in the selected queues, without farewell (anchor
 * §3.6) and without the requiredTag check, logging 'closed' for each. Admin only (route guard).
 */
export async function closeAllTickets(ctx: DomainCtx, input: CloseAllInput): Promise<{ count: number }> {
  const { tx, auth } = ctx
  if (!input.selectedQueueIds.length) return { count: 0 }
  const closed = await tx<TicketRecord[]>`
    update tickets set status = 'closed', closed_at = ${ctx.now()}, unread_messages = 0
     where status = ${input.status} and queue_id in ${tx(input.selectedQueueIds)}
    returning id, uuid::text as uuid, company_id, status, user_id, queue_id, contact_id, whatsapp_id, channel, is_group`
  if (closed.length) {
    const rows = closed.map((t) => ({ companyId: auth.user.companyId, ticketId: t.id, userId: auth.user.id, queueId: t.queueId, type: 'closed', createdAt: ctx.now() }))
    await tx`insert into ticket_logs ${tx(rows)}`
  }
  for (const t of closed) emitTicket(ctx, 'update', t)
  return { count: closed.length }
}
