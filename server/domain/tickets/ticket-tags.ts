import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { canSeeTicket } from '../ticket-visibility.ts'
import { emitTicket, findTicketView, lockTicket, type TicketRecord, type TicketView, viewForActor } from './ticket-view.ts'

/**
 * PUT /ticket-tags/{ticketId}/{tagId} (spec part 1 §7): puts one of the company's tags on a ticket the
 * actor sees; tagging twice changes nothing. Answers the ticket with its tags and emits its update.
 */
export async function addTicketTag(ctx: DomainCtx, ticketId: number, tagId: number): Promise<TicketView> {
  const ticket = await loadVisible(ctx, ticketId)
  const [tag] = await ctx.tx<{ id: number }[]>`select id from tags where id = ${tagId} and company_id = ${ticket.companyId}`
  if (!tag) throw new AppError('ERR_NO_TAG_FOUND', `Tag ${tagId} not found`)
  await ctx.tx`
    insert into ticket_tags (company_id, ticket_id, tag_id) values (${ticket.companyId}, ${ticket.id}, ${tag.id})
    on conflict (ticket_id, tag_id) do nothing`
  return touched(ctx, ticket)
}

/** DELETE /ticket-tags/{ticketId} (spec part 1 §7): takes every tag off a ticket the actor sees. */
export async function removeTicketTags(ctx: DomainCtx, ticketId: number): Promise<TicketView> {
  const ticket = await loadVisible(ctx, ticketId)
  await ctx.tx`delete from ticket_tags where ticket_id = ${ticket.id}`
  return touched(ctx, ticket)
}

/** The ticket under its row lock: 404 when absent or another company's, 403 when the actor cannot see it. */
async function loadVisible(ctx: DomainCtx, ticketId: number): Promise<TicketRecord> {
  const ticket = await lockTicket(ctx.tx, ticketId)
  if (!ticket || ticket.companyId !== ctx.auth.user.companyId) throw new AppError('ERR_NO_TICKET_FOUND')
  if (!canSeeTicket(ctx.auth, ticket)) throw new AppError('ERR_NO_PERMISSION')
  return ticket
}

async function touched(ctx: DomainCtx, ticket: TicketRecord): Promise<TicketView> {
  const view = (await findTicketView(ctx.tx, { id: ticket.id }))!
  emitTicket(ctx, 'update', view)
  return viewForActor(ctx, view)
}
