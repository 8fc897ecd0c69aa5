import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { emitTicket, lockTicket } from './ticket-view.ts'

/**
 * DELETE /tickets/{ticketId} (spec part 1 §4 Delete: any status, permission ticket-options:deleteTicket,
 * which §6 gives to admins; the route guards with tickets:delete). Messages, notes, tags and logs go
 * with the ticket (on delete cascade), so the deletion is announced by the 'delete' event, not a log row.
 */
export async function deleteTicket(ctx: DomainCtx, ticketId: number): Promise<void> {
  const ticket = await lockTicket(ctx.tx, ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND')
  await ctx.tx`delete from tickets where id = ${ticketId}`
  emitTicket(ctx, 'delete', ticket)
}
