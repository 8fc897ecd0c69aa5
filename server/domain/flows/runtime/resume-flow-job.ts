import type { RoutingCtx } from '../../routing/routing-context.ts'
import { emitTicketUpdate, type RunState } from '../../routing/routing-effects.ts'
import { loadRoutingState } from '../../routing/routing-state.ts'
import { endRun, loadFlowGraph, runOf } from './flow-run-state.ts'
import type { FlowJobPayload } from './flow-sends.ts'
import { resumeAfterInterval } from './run-flow.ts'

export type FlowJobOutcome = 'resumed' | 'stale' | 'ended'

/**
 * An interval's job is due (workers/flows.ts): the run goes on from the node after the interval, in the
 * ticket's company transaction with the ticket row locked (as an inbound message would). A stale job (the
 * run ended or moved on, the ticket closed or taken) does nothing.
 */
export async function resumeFlowJob(ctx: RoutingCtx, job: FlowJobPayload): Promise<FlowJobOutcome> {
  const state: RunState | null = await loadRoutingState(ctx.tx, job.ticketId)
  if (!state) return 'stale'
  const run = runOf(state)
  if (!run || run.hash !== job.hash || run.waiting?.kind !== 'interval' || run.waiting.job !== job.key || run.waiting.nodeId !== job.nodeId) return 'stale'
  if (state.userId !== null || state.status === 'closed' || state.status === 'nps') {
    await endRun(ctx, state, run.flowId)
    return 'stale'
  }
  const graph = await loadFlowGraph(ctx.tx, state.companyId, run.flowId, state.flowVersion)
  if (!graph) {
    await endRun(ctx, state, run.flowId)
    return 'ended'
  }
  await resumeAfterInterval(ctx, state, graph, run)
  if (state.changed) emitTicketUpdate(ctx, state)
  return 'resumed'
}
