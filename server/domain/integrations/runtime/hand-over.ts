import type { RouteInput, RoutingCtx, RuleOutcome } from '../../routing/routing-context.ts'
import { changeTicket, type RunState } from '../../routing/routing-effects.ts'

/** The jobs queue of integration calls (workers/integrations.ts claims it). */
export const INTEGRATION_QUEUE = 'integration'

/**
 * The integration types whose runtime is built here: a signed POST of the message (webhook-call.ts),
 * Typebot's chat API (typebot-call.ts) and Dialogflow's detectIntent (dialogflow-call.ts). Flowbuilder
 * integrations are the flow runtime's (server/domain/flows/runtime).
 */
export const POSTED_TYPES = ['n8n', 'webhook', 'typebot', 'dialogflow']

/** An integration call: which message of which ticket goes to which integration, or to which AI prompt. */
export interface IntegrationJobPayload {
  ticketId: number
  messageId: number
  integrationId?: number
  promptId?: number
}

const integrationType = async (ctx: RoutingCtx, integrationId: number) =>
  (await ctx.tx<{ type: string }[]>`select type from queue_integrations where id = ${integrationId}`)[0]?.type ?? null

/**
 * Hands the ticket to an integration (a queue's, a chatbot option's, the connection's) and queues the
 * call with the message being routed. Never calls out from here: the routing transaction stays short and a
 * provider that is down cannot hold the inbound pipeline. False when the integration is missing or its
 * type has no runtime (nothing changed). `before` runs once the hand-over is certain (a queue's greeting).
 */
export async function handOverToIntegration(ctx: RoutingCtx, state: RunState, integrationId: number, before?: () => Promise<void>): Promise<boolean> {
  const type = await integrationType(ctx, integrationId)
  if (type === null || !POSTED_TYPES.includes(type)) return false
  await before?.()
  await changeTicket(ctx, state, { useIntegration: true, integrationId })
  state.integrationType = type
  await queueCall(ctx, state, { integrationId })
  return true
}

async function queueCall(ctx: RoutingCtx, state: RunState, target: { integrationId: number } | { promptId: number }): Promise<void> {
  if (state.inboundMessageId === undefined) return
  const payload: IntegrationJobPayload = { ticketId: state.ticketId, messageId: state.inboundMessageId, ...target }
  const key = 'promptId' in target ? `prompt:${state.inboundMessageId}:${target.promptId}` : `integration:${state.inboundMessageId}:${target.integrationId}`
  await ctx.tx`select app_enqueue_job(${INTEGRATION_QUEUE}, ${ctx.tx.json(payload as never)}::jsonb, ${state.companyId}, ${key}, ${ctx.now()})`
}

/**
 * Hands the ticket to an AI prompt of the company (a connection's, a queue's) when the plan has useOpenAi, and
 * queues the call with the message being routed. False when the prompt is missing or the plan lacks it.
 */
export async function handOverToPrompt(ctx: RoutingCtx, state: RunState, promptId: number, before?: () => Promise<void>): Promise<boolean> {
  const [usable] = await ctx.tx`
    select 1 from prompts p join companies c on c.id = p.company_id join plans pl on pl.id = c.plan_id
     where p.id = ${promptId} and p.company_id = ${state.companyId} and pl.use_open_ai`
  if (!usable) return false
  await before?.()
  await changeTicket(ctx, state, { useIntegration: true, promptId })
  await queueCall(ctx, state, { promptId })
  return true
}

/**
 * The integration rule of the routing chain (issue 22), after skipAssigned and before the flows: a ticket
 * handed to an integration or an AI prompt (useIntegration on, the attendant's switch) sends it every
 * message; a new ticket of a connection whose integration has a runtime, or that has a prompt, is handed to
 * it. Otherwise the next rule looks.
 */
export async function applyIntegration(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<RuleOutcome> {
  if (state.useIntegration && state.integrationId !== null && POSTED_TYPES.includes(state.integrationType ?? '')) {
    await queueCall(ctx, state, { integrationId: state.integrationId })
    return 'done'
  }
  if (state.useIntegration && state.promptId !== null) {
    await queueCall(ctx, state, { promptId: state.promptId })
    return 'done'
  }
  if (input.created && state.connectionIntegrationId !== null && POSTED_TYPES.includes(state.connectionIntegrationType ?? '')) {
    return (await handOverToIntegration(ctx, state, state.connectionIntegrationId)) ? 'done' : 'next'
  }
  if (input.created && state.connectionPromptId !== null) return (await handOverToPrompt(ctx, state, state.connectionPromptId)) ? 'done' : 'next'
  return 'next'
}
