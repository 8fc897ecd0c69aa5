import { farewellText } from '../tickets/close-ticket.ts'
import type { RouteInput, RoutingCtx } from './routing-context.ts'
import { changeTicket, logTicket, sendSystemMessage, type RunState } from './routing-effects.ts'

/** A rating answer: a whole number alone (0-10; above 10 counts as 10, as MF clamps), else null. */
export function parseRating(body: string): number | null {
  const m = /^\s*(\d{1,3})\s*\.?\s*$/.exec(body)
  return m ? Math.min(10, Number(m[1])) : null
}

/** The rating question goes out at most twice: asked, then asked again once (issue 15 item 8). */
const MAX_RATING_ASKS = 2

/**
 * The contact's answer to the rating (anchor §3.6 MF, ticket status nps; asked by tickets/ask-rating.ts):
 * a number 0-10 is stored as the user's rating (user_ratings) and the ticket closes with the farewell.
 * Anything else is asked again once (within maxUseBotQueuesNPS when that is lower); after that the
 * customer is saying something, not rating: the survey ends and the conversation is back in its queue,
 * pending, with the text in it (their message is already stored on the ticket), for an attendant to read.
 */
export async function applyNpsReply(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<void> {
  const rate = parseRating(input.message.body)
  if (rate !== null) {
    await ctx.tx`insert into user_ratings ${ctx.tx({ companyId: state.companyId, ticketId: state.ticketId, userId: state.userId, rate, createdAt: ctx.now() })}`
    return finishRating(ctx, state)
  }
  const asked = state.amountUsedBotQueuesNps
  const mayAsk = asked < MAX_RATING_ASKS && (state.maxUseBotQueuesNps <= 0 || asked < state.maxUseBotQueuesNps)
  if (mayAsk) {
    await sendSystemMessage(ctx, state, state.ratingMessage)
    await changeTicket(ctx, state, { amountUsedBotQueuesNps: asked + 1 })
    return
  }
  await changeTicket(ctx, state, { status: 'pending', userId: null, amountUsedBotQueuesNps: 0, isBot: false })
  await logTicket(ctx, state, 'pending')
}

/** Ends an nps ticket: the farewell (the user's, else the connection's completion message), then closed. */
export async function finishRating(ctx: RoutingCtx, state: RunState): Promise<void> {
  await sendSystemMessage(ctx, state, await farewellText(ctx.tx, state.whatsappId, state.userId))
  await changeTicket(ctx, state, { status: 'closed', closedAt: ctx.now(), amountUsedBotQueuesNps: 0, isBot: false })
  await ctx.tx`update tickets set unread_messages = 0 where id = ${state.ticketId}`
  await logTicket(ctx, state, 'closed', { userId: state.userId })
}
