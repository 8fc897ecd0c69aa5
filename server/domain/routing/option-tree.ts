import { loadOption, loadQueueMenus, type ChatbotView } from '../chatbots/chatbot-tree.ts'
import { pickByNumber, renderMenu } from './menu-rules.ts'
import { enterQueue } from './enter-queue.ts'
import type { RouteInput, RoutingCtx, RuleOutcome } from './routing-context.ts'
import { changeTicket, closeByBot, logTicket, reask, sendSystemMessage, type RunState } from './routing-effects.ts'
import { loadQueue } from './routing-state.ts'
// Issue 21: flowbuilder integrations start their flow; issue 22: n8n and webhook ones are handed the message.
import { startIntegration } from '../flows/runtime/apply-flow.ts'
// Issue 22: a file option sends its list.
import { sendFileList } from '../file-lists/send-file-list.ts'

/**
 * The queue's chatbot option tree (anchor §3.5, MF `Chatbot`), while the bot holds a ticket in a queue:
 * the answer's number picks an option of the current level (tickets.queue_option_id, the queue's own
 * menu when null); an unknown answer re-asks the level within maxUseBotQueues.
 */
export async function applyOptionTree(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<RuleOutcome> {
  if (state.queueId === null || !state.isBot) return 'next'
  const level = await currentLevel(ctx, state)
  if (!level) {
    await changeTicket(ctx, state, { isBot: false })
    return 'done'
  }
  const picked = pickByNumber(input.message.body, level.options)
  if (picked) await chooseOption(ctx, state, picked)
  else await reask(ctx, state, input, renderMenu(level.greeting, level.options))
  return 'done'
}

/** The options the contact is choosing among, with the text that heads them. */
async function currentLevel(ctx: RoutingCtx, state: RunState): Promise<{ greeting: string; options: ChatbotView[] } | null> {
  if (state.queueOptionId !== null) {
    const option = await loadOption(ctx.tx, state.queueOptionId)
    return option && option.options.length ? { greeting: option.greetingMessage, options: option.options } : null
  }
  const queue = await loadQueue(ctx.tx, state.queueId!)
  const options = (await loadQueueMenus(ctx.tx, [state.queueId!])).get(state.queueId!) ?? []
  return queue && options.length ? { greeting: queue.greetingMessage, options } : null
}

/**
 * An option picked: one with a next level shows it (attempts count again from there); a last-level
 * option sends its message and acts by its type, and the bot lets go: text only answers, attendent gives
 * the ticket to its user (open), queue moves it (that queue's greeting or options follow), file sends its list,
 * integration hands the ticket over. closeTicket closes the ticket afterwards.
 */
async function chooseOption(ctx: RoutingCtx, state: RunState, option: ChatbotView): Promise<void> {
  await changeTicket(ctx, state, { queueOptionId: option.id })
  await logTicket(ctx, state, 'chatBot')
  if (option.options.length > 0) {
    await sendSystemMessage(ctx, state, renderMenu(option.greetingMessage, option.options))
    await changeTicket(ctx, state, { amountUsedBotQueues: 1 })
    return
  }
  await changeTicket(ctx, state, { isBot: false })
  await sendSystemMessage(ctx, state, option.greetingMessage)
  await actByType(ctx, state, option)
  if (option.closeTicket && state.status !== 'closed') await closeByBot(ctx, state)
}

async function actByType(ctx: RoutingCtx, state: RunState, option: ChatbotView): Promise<void> {
  switch (option.queueType) {
    case 'attendent': {
      if (option.optUserId === null) return
      const queueId = option.optQueueId ?? state.queueId
      await changeTicket(ctx, state, { userId: option.optUserId, queueId, status: 'open', acceptedAt: ctx.now() })
      await logTicket(ctx, state, 'open', { userId: option.optUserId, queueId })
      return
    }
    case 'queue': {
      const queue = option.optQueueId === null ? null : await loadQueue(ctx.tx, option.optQueueId)
      if (queue) await enterQueue(ctx, state, queue)
      return
    }
    case 'file':
      if (option.optFileId !== null) await sendFileList(ctx, state, option.optFileId)
      return
    case 'integration':
      if (option.optIntegrationId === null) return
      await changeTicket(ctx, state, { useIntegration: true, integrationId: option.optIntegrationId })
      await startIntegration(ctx, state, option.optIntegrationId)
      return
    case 'text':
      return
  }
}
