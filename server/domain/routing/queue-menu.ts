import { isBackToMenu, pickByNumber, renderMenu } from './menu-rules.ts'
import { enterQueue } from './enter-queue.ts'
import type { RouteInput, RoutingCtx, RuleOutcome } from './routing-context.ts'
import { changeTicket, reask, sendSystemMessage, type RunState } from './routing-effects.ts'
import { loadConnectionQueues, loadQueue, type RoutingQueue } from './routing-state.ts'

/**
 * The queue choice (anchor §3.2 step 13, §3.5 `verifyQueue`), for a pending ticket without a user:
 * - '#' from a ticket in a queue goes back to this menu;
 * - a connection without queues greets a new ticket with its greetingMessage, once;
 * - one queue: the ticket goes straight into it (a new ticket first gets the connection's greeting
 *   with sendGreetingMessageOneQueues);
 * - several: the connection's greeting and the numbered queues; a numeric answer picks the queue, any
 *   other answer re-asks, up to maxUseBotQueues menus; then the bot gives up and the ticket enters the
 *   connection's sendIdQueue, else the menu's first queue, so a human sees it (a queue-less ticket is
 *   invisible to attendants without allTicket; issue 15 item 7).
 */
export async function applyQueueMenu(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<RuleOutcome> {
  const body = input.message.body
  const back = state.queueId !== null && isBackToMenu(body)
  if (state.queueId !== null && !back) return 'next'
  const queues = await loadConnectionQueues(ctx.tx, state.whatsappId)
  if (queues.length === 0) {
    if (input.created) await sendSystemMessage(ctx, state, state.greetingMessage)
    return 'done'
  }
  if (back) await changeTicket(ctx, state, { queueId: null, queueOptionId: null, amountUsedBotQueues: 0, isBot: false })
  if (queues.length === 1) {
    // sendGreetingMessageOneQueues: a new conversation hears the connection's greeting before the queue's.
    if (input.created && state.sendGreetingMessageOneQueues === 'enabled') await sendSystemMessage(ctx, state, state.greetingMessage)
    await enterQueue(ctx, state, queues[0])
    return 'done'
  }
  const menu = renderMenu(state.greetingMessage, queues)
  if (state.isBot) {
    const picked = pickByNumber(body, queues)
    if (picked) await enterQueue(ctx, state, picked)
    else {
      await reask(ctx, state, input, menu)
      if (!state.isBot) await enterQueue(ctx, state, await fallbackQueue(ctx, state, queues))
    }
    return 'done'
  }
  // Shown already and given up (attempts used): a human takes the ticket from here.
  if (state.amountUsedBotQueues > 0) return 'done'
  await sendSystemMessage(ctx, state, menu)
  await changeTicket(ctx, state, { isBot: true, amountUsedBotQueues: 1 })
  return 'done'
}

/** Where a waiting ticket goes when nobody chose: the connection's sendIdQueue, else its first queue. */
async function fallbackQueue(ctx: RoutingCtx, state: RunState, queues: RoutingQueue[]): Promise<RoutingQueue> {
  return (await sendIdQueueOf(ctx, state)) ?? queues[0]
}

/** The connection's sendIdQueue (auto-move's target), or null when it names none. */
export async function sendIdQueueOf(ctx: RoutingCtx, state: RunState): Promise<RoutingQueue | null> {
  return state.sendIdQueue === null ? null : loadQueue(ctx.tx, state.sendIdQueue)
}
