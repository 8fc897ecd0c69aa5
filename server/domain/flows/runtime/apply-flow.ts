import type { RouteInput, RoutingCtx, RuleOutcome } from '../../routing/routing-context.ts'
import type { RunState } from '../../routing/routing-effects.ts'
import { endRun, loadFlowGraph, newRunId, runOf, type FlowRun } from './flow-run-state.ts'
import { matchPhrase } from './phrase-match.ts'
import { answerRun, runFrom } from './run-flow.ts'
import { handOverToIntegration } from '../../integrations/runtime/hand-over.ts'

/**
 * The flow rule of the routing chain (issue 21), after skipAssigned and before the queue menu, for a
 * contact's message on a ticket no attendant holds. In order:
 *  1. a run on the ticket takes the message as the answer of its waiting node;
 *  2. an active phrase campaign of this connection or of every connection that matches starts its flow;
 *  3. a new ticket starts the connection's flowIdWelcome;
 *  4. a new ticket of a connection whose integration is a flowbuilder one starts that flow;
 *  5. flowIdNotPhrase starts on a ticket without a queue that has not run a flow yet.
 * Otherwise the next rule (the queue menu) answers.
 */
export async function applyFlow(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<RuleOutcome> {
  const body = input.message.body ?? ''
  const run = runOf(state)
  if (run) {
    const graph = await loadFlowGraph(ctx.tx, state.companyId, run.flowId, state.flowVersion)
    if (graph && (await answerRun(ctx, state, graph, run, body))) return 'done'
    // The flow or its waiting node is gone (deleted, deactivated, edited): the run ends, the others look.
    if (state.flowWebhook) await endRun(ctx, state, run.flowId)
  } else if (state.flowWebhook) await endRun(ctx, state)
  const campaign = matchPhrase(body, state.phraseCampaigns ?? [])
  if (campaign && (await startFlow(ctx, state, campaign.flowId))) return 'done'
  if (input.created && state.flowIdWelcome !== null && (await startFlow(ctx, state, state.flowIdWelcome))) return 'done'
  if (input.created && state.connectionFlowId !== null && (await startFlow(ctx, state, state.connectionFlowId))) return 'done'
  if (state.flowIdNotPhrase !== null && state.queueId === null && state.flowId === null && (await startFlow(ctx, state, state.flowIdNotPhrase))) return 'done'
  return 'next'
}

/**
 * Starts a flow of the ticket's company from its start block (a run already there is replaced). False
 * when the flow is missing, inactive or its graph does not pass the check: nothing happened. `before`
 * runs once the flow is known to start (a queue's greeting goes first).
 */
export async function startFlow(ctx: RoutingCtx, state: RunState, flowId: number, before?: () => Promise<void>): Promise<boolean> {
  const graph = await loadFlowGraph(ctx.tx, state.companyId, flowId)
  const start = graph?.nodes.find((n) => n.type === 'start')
  if (!graph || !start) return false
  await before?.()
  const run: FlowRun = { flowId, hash: newRunId(), variables: {}, waiting: null, steps: 0 }
  await runFrom(ctx, state, graph, run, start)
  return true
}

/** The flow of a flowbuilder integration, or null for another type (issue 22's) or none. */
export async function integrationFlowId(ctx: RoutingCtx, integrationId: number): Promise<number | null> {
  const [row] = await ctx.tx<{ flowId: number | null }[]>`
    select flow_id from queue_integrations where id = ${integrationId} and type = 'flowbuilder'`
  return row?.flowId ?? null
}

/**
 * An integration started for a ticket (a chatbot option's): a flowbuilder one starts its flow here; an
 * n8n or webhook one is handed the message (issue 22). True when either happened.
 */
export async function startIntegration(ctx: RoutingCtx, state: RunState, integrationId: number): Promise<boolean> {
  const flowId = await integrationFlowId(ctx, integrationId)
  if (flowId === null) return handOverToIntegration(ctx, state, integrationId)
  return startFlow(ctx, state, flowId)
}
