import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { canSeeTicket } from '../ticket-visibility.ts'
import { findTicketView, viewForActor, type TicketView } from './ticket-view.ts'

/** GET /tickets/u/{uuid}: the ticket with its summaries, for whoever may see it; 404 ERR_NO_TICKET_FOUND otherwise. */
export async function showTicketByUuid(ctx: DomainCtx, uuid: string): Promise<TicketView> {
  const ticket = await findTicketView(ctx.tx, { uuid })
  if (!ticket || !canSeeTicket(ctx.auth, ticket)) throw new AppError('ERR_NO_TICKET_FOUND')
  return viewForActor(ctx, ticket)
}
