import { loadQueueMenus } from '../chatbots/chatbot-tree.ts'
import { renderMenu } from './menu-rules.ts'
import type { RoutingCtx } from './routing-context.ts'
import { changeTicket, closeByBot, logTicket, sendSystemMessage, type RunState } from './routing-effects.ts'
import type { RoutingQueue } from './routing-state.ts'
import { isWithinSchedule } from './schedule-rules.ts'
// Issue 21: a queue whose integration is a flowbuilder one starts its flow.
import { integrationFlowId, startFlow } from '../flows/runtime/apply-flow.ts'
// Issue 22: a queue whose integration is an n8n or webhook one hands the ticket to it.
import { handOverToIntegration, handOverToPrompt } from '../integrations/runtime/hand-over.ts'
import { sendFileList } from '../file-lists/send-file-list.ts'

/**
 * The ticket enters a queue (anchor §3.5 `startQueue`): it waits there, pending, for a human; a log
 * 'queue' row is written. With scheduleType queue and the queue closed, the queue's out-of-hours message
 * goes out instead of the bot. A queue with chatbot options sends its greeting with the numbered options
 * (the bot now walks the tree); one without sends its greeting and, with sendQueuePosition, the
 * position. A queue with closeTicket closes the ticket after its greeting.
 */
export async function enterQueue(ctx: RoutingCtx, state: RunState, queue: RoutingQueue): Promise<void> {
  await changeTicket(ctx, state, { queueId: queue.id, queueOptionId: null, amountUsedBotQueues: 0, isBot: false })
  await logTicket(ctx, state, 'queue', { queueId: queue.id })
  if (state.scheduleType === 'queue' && !isWithinSchedule(queue.schedules, ctx.now(), state.timezone)) {
    await sendSystemMessage(ctx, state, queue.outOfHoursMessage)
    await changeTicket(ctx, state, { isOutOfHour: true })
    return
  }
  // Issue 21: with a flowbuilder integration the queue's greeting goes out, then its flow takes over
  // (in place of the option tree, the random user and the position).
  const flowId = queue.integrationId === null ? null : await integrationFlowId(ctx, queue.integrationId)
  const greetThenFlow = async () => {
    await sendSystemMessage(ctx, state, queue.greetingMessage)
    await changeTicket(ctx, state, { useIntegration: true, integrationId: queue.integrationId })
  }
  if (flowId !== null && (await startFlow(ctx, state, flowId, greetThenFlow))) return
  const greet = () => sendSystemMessage(ctx, state, queue.greetingMessage)
  if (flowId === null && queue.integrationId !== null && (await handOverToIntegration(ctx, state, queue.integrationId, greet))) return
  if (queue.promptId !== null && (await handOverToPrompt(ctx, state, queue.promptId, greet))) return
  // Issue 22: a queue's file list follows its greeting (and its options), whichever way the queue goes on.
  const sendList = async () => {
    if (queue.fileListId !== null) await sendFileList(ctx, state, queue.fileListId)
  }
  if (queue.closeTicket) {
    await sendSystemMessage(ctx, state, queue.greetingMessage)
    await sendList()
    return closeByBot(ctx, state)
  }
  const options = (await loadQueueMenus(ctx.tx, [queue.id])).get(queue.id) ?? []
  if (options.length > 0) {
    await sendSystemMessage(ctx, state, renderMenu(queue.greetingMessage, options))
    await sendList()
    await changeTicket(ctx, state, { isBot: true, amountUsedBotQueues: 1 })
    await logTicket(ctx, state, 'chatBot', { queueId: queue.id })
    return
  }
  await sendSystemMessage(ctx, state, queue.greetingMessage)
  await sendList()
  if (await giveToRandomUser(ctx, state, queue.id)) return
  await sendQueuePosition(ctx, state, queue.id)
}

/**
 * userRandom (company setting; anchor §3.5, which MF honours only on the Cloud API path): a ticket that
 * enters a queue to wait for a human goes at once to one of the queue's online users, picked at random
 * (open, logged 'open'). With nobody online it waits as usual.
 */
async function giveToRandomUser(ctx: RoutingCtx, state: RunState, queueId: number): Promise<boolean> {
  if (state.userRandom !== 'enabled' || state.userId !== null) return false
  const [user] = await ctx.tx<{ id: number }[]>`
    select u.id from user_queues uq join users u on u.id = uq.user_id
     where uq.queue_id = ${queueId} and u.online order by random() limit 1`
  if (!user) return false
  await changeTicket(ctx, state, { status: 'open', userId: user.id, acceptedAt: ctx.now() })
  await logTicket(ctx, state, 'open', { userId: user.id, queueId })
  return true
}

/** sendQueuePosition (company setting): "<sendQueuePositionMessage> *N*", N counting the waiting tickets. */
export async function sendQueuePosition(ctx: RoutingCtx, state: RunState, queueId: number): Promise<void> {
  if (state.sendQueuePosition !== 'enabled') return
  const [row] = await ctx.tx<{ position: number }[]>`
    select count(*)::int as position from tickets
     where queue_id = ${queueId} and status = 'pending' and user_id is null and id <= ${state.ticketId}`
  const head = state.sendQueuePositionMessage.trim() || 'Sua posição na fila:'
  await sendSystemMessage(ctx, state, `${head} *${row.position}*`)
}
