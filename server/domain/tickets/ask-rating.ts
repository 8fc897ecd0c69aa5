import type { DomainCtx } from '../context.ts'
import { queueTicketMessage } from './ticket-message.ts'
import { writeTicketLog } from './ticket-logs.ts'
import type { TicketRecord } from './ticket-view.ts'

/**
 * Resolve with the rating on (company userRating, connection ratingMessage; anchor §3.6 MF, §9.8): a
 * ticket that has a user, is not a group and whose contact has no disableBot does not close yet. The
 * contact gets the ratingMessage and the ticket waits in status nps for a 0-10 answer
 * (routing/nps-reply.ts), which closes it with the farewell; unanswered, the NPS sweep closes it after
 * expiresTicketNPS minutes. `userRating` is the company setting, read by the caller with its own.
 * Returns whether the rating was asked (the caller then stops).
 */
export async function askRating(ctx: DomainCtx, ticket: TicketRecord, userId: number | null, userRating: string): Promise<boolean> {
  if (userRating !== 'enabled' || userId === null || ticket.isGroup || ticket.whatsappId === null || ticket.status === 'nps') return false
  const [row] = await ctx.tx<{ ratingMessage: string; disableBot: boolean }[]>`
    select w.rating_message, c.disable_bot from whatsapps w join contacts c on c.id = ${ticket.contactId} where w.id = ${ticket.whatsappId}`
  if (!row || !row.ratingMessage.trim() || row.disableBot) return false
  await ctx.tx`update tickets set status = 'nps', user_id = ${userId}, amount_used_bot_queues_nps = 1, is_bot = false, unread_messages = 0
                where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'nps', { queueId: ticket.queueId })
  await queueTicketMessage(ctx, ticket, row.ratingMessage, { userId, isSystem: true })
  return true
}
