import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { canSeeTicket } from '../ticket-visibility.ts'
import { writeTicketLog } from './ticket-logs.ts'
import { findTicketView, viewForActor, type TicketView } from './ticket-view.ts'

/**
 * GET /tickets/u/{uuid}: the ticket with its summaries, for whoever may see it; 404 ERR_NO_TICKET_FOUND
 * otherwise. Opening a ticket is logged 'access' (spec part 1 §3), once per visit: not again while the
 * ticket's last log line is this user's access.
 */
export async function showTicketByUuid(ctx: DomainCtx, uuid: string): Promise<TicketView> {
  const ticket = await findTicketView(ctx.tx, { uuid })
  if (!ticket || !canSeeTicket(ctx.auth, ticket)) throw new AppError('ERR_NO_TICKET_FOUND')
  const [last] = await ctx.tx<{ type: string; userId: number | null }[]>`
    select type, user_id from ticket_logs where ticket_id = ${ticket.id} order by created_at desc, id desc limit 1`
  if (!(last?.type === 'access' && last.userId === ctx.auth.user.id)) await writeTicketLog(ctx, ticket.id, 'access')
  return viewForActor(ctx, ticket)
}
