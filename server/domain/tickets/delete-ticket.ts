import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { emitTicket, lockTicket } from './ticket-view.ts'

/**
 * DELETE /tickets/{ticketId} (spec part 1 §4 Delete: any status, permission ticket-options:deleteTicket,
 * which §6 gives to admins; the route guards with tickets:delete). Messages, notes, tags and logs go
 * with the ticket (on delete cascade); a ticket_deletions row keeps who deleted which conversation and
 * when, with the names as they were, and the 'delete' event tells the clients.
 */
export async function deleteTicket(ctx: DomainCtx, ticketId: number): Promise<void> {
  const ticket = await lockTicket(ctx.tx, ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND')
  await ctx.tx`
    insert into ticket_deletions (company_id, ticket_id, ticket_uuid, status, contact_id, contact_name, contact_number,
                                  whatsapp_id, queue_id, message_count, deleted_by, deleted_by_name, deleted_at)
    select t.company_id, t.id, t.uuid, t.status, t.contact_id, coalesce(c.name, ''), coalesce(c.number, ''),
           t.whatsapp_id, t.queue_id, (select count(*)::int from messages m where m.ticket_id = t.id),
           ${ctx.auth.user.id}, coalesce((select u.name from users u where u.id = ${ctx.auth.user.id}), ''), ${ctx.now()}
      from tickets t left join contacts c on c.id = t.contact_id
     where t.id = ${ticketId}`
  await ctx.tx`delete from tickets where id = ${ticketId}`
  emitTicket(ctx, 'delete', ticket)
}
