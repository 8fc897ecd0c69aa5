import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { acceptTicket } from './accept-ticket.ts'
import { closeTicket } from './close-ticket.ts'
import { lockContactConnection } from './live-ticket.ts'
import { reopenTicket } from './reopen-ticket.ts'
import { returnTicketToQueue } from './return-ticket-to-queue.ts'
import { assertMayAct, decideTicketAction, type TicketChange } from './ticket-rules.ts'
import { emitTicket, findTicketView, lockTicket, type TicketRecord, type TicketView, viewForActor } from './ticket-view.ts'
import { transferTicket } from './transfer-ticket.ts'

export interface UpdateTicketInput extends TicketChange {
  msgTransfer?: string
  amountUsedBotQueues?: number
  useIntegration?: boolean
}

/**
 * PUT /tickets/{ticketId}: one transition of spec part 1 §4, chosen by decideTicketAction and allowed
 * by assertMayAct. Accepting a ticket another user took meanwhile changes nothing and answers the
 * ticket as it is now (its userId and user tell the client who holds it).
 */
export async function updateTicket(ctx: DomainCtx, ticketId: number, input: UpdateTicketInput): Promise<TicketView> {
  const ticket = await loadLocked(ctx, ticketId)
  const action = decideTicketAction(ticket, input, ctx.auth.user.id)
  assertMayAct(ctx.auth, ticket, action)
  if (action === 'taken') return viewForActor(ctx, (await findTicketView(ctx.tx, { id: ticket.id }))!)
  // The ticket that goes on: a transfer with closeTicketOnTransfer continues in a new one.
  let resultId = ticket.id
  switch (action) {
    case 'accept':
      await acceptTicket(ctx, ticket, input.queueId)
      break
    case 'returnToQueue':
      await returnTicketToQueue(ctx, ticket)
      break
    case 'resolve':
    case 'ignore':
      await closeTicket(ctx, ticket, { ignore: action === 'ignore', sendFarewellMessage: input.sendFarewellMessage })
      break
    case 'reopen':
      await reopenTicket(ctx, ticket, input)
      break
    case 'transfer':
      resultId = await transferTicket(ctx, ticket, input)
      break
    case 'update':
      if (input.status && input.status !== ticket.status) {
        throw new AppError('ERR_INVALID_TICKET_STATUS', `A ${ticket.status} ticket cannot move to ${input.status}`)
      }
  }
  if (resultId !== ticket.id) emitTicket(ctx, 'update', (await findTicketView(ctx.tx, { id: ticket.id }))!)
  await updateFlags(ctx, resultId, input)
  const view = (await findTicketView(ctx.tx, { id: resultId }))!
  emitTicket(ctx, resultId === ticket.id ? 'update' : 'create', view)
  return viewForActor(ctx, view)
}

/**
 * The ticket under its row lock, taken after the (contact, connection) lock so this action and an
 * inbound delivery of the same pair (app_find_or_create_ticket) lock in the same order.
 */
async function loadLocked(ctx: DomainCtx, ticketId: number): Promise<TicketRecord> {
  const [pair] = await ctx.tx<{ contactId: number; whatsappId: number | null }[]>`
    select contact_id, whatsapp_id from tickets where id = ${ticketId}`
  if (!pair) throw new AppError('ERR_NO_TICKET_FOUND')
  if (pair.whatsappId !== null) await lockContactConnection(ctx.tx, pair.contactId, pair.whatsappId)
  const ticket = await lockTicket(ctx.tx, ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND')
  return ticket
}

async function updateFlags(ctx: DomainCtx, ticketId: number, input: UpdateTicketInput): Promise<void> {
  const patch: Record<string, unknown> = {}
  if (input.useIntegration !== undefined) patch.useIntegration = input.useIntegration
  if (input.amountUsedBotQueues !== undefined) patch.amountUsedBotQueues = input.amountUsedBotQueues
  if (Object.keys(patch).length) await ctx.tx`update tickets set ${ctx.tx(patch)} where id = ${ticketId}`
}
