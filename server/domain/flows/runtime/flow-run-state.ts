import { randomBytes } from 'node:crypto'
import type { Queryable } from '../../../db/connect.ts'
import type { RoutingCtx } from '../../routing/routing-context.ts'
import { setTicketColumns, type RunState } from '../../routing/routing-effects.ts'
import { flowGraphSchema, type FlowGraph } from '../flow-graph.ts'

/**
 * A flow run's state on its ticket (issue 21 runtime rules): tickets.flow_webhook (running), flow_id,
 * last_flow_id (the waiting node), hash_flow_id (the run's id) and data_webhook (below). Written in the
 * transaction of the step that produced it; nothing is kept in process memory.
 */
export interface FlowWaiting {
  nodeId: string
  kind: 'menu' | 'question' | 'interval'
  /** In a content block: the index of the element to run when the interval is over. */
  element?: number
  /** An interval's job key: a job that does not carry it is stale. */
  job?: string
}

export interface FlowRunData {
  variables: Record<string, string>
  waiting: FlowWaiting | null
  /** Steps taken in this run so far (a counter that also keeps job keys unique). */
  steps: number
}

export interface FlowRun extends FlowRunData {
  flowId: number
  hash: string
}

export const newRunId = () => randomBytes(12).toString('hex')

/** The run on the ticket, or null when none runs. */
export function runOf(state: RunState): FlowRun | null {
  if (!state.flowWebhook || state.flowId === null || !state.hashFlowId) return null
  const data = (state.dataWebhook ?? {}) as Partial<FlowRunData>
  return {
    flowId: state.flowId,
    hash: state.hashFlowId,
    variables: data.variables && typeof data.variables === 'object' ? { ...data.variables } : {},
    waiting: data.waiting ?? null,
    steps: typeof data.steps === 'number' ? data.steps : 0,
  }
}

/**
 * Checked graphs by flow and version (updated_at): a definition cache, not run state. A running flow's
 * version comes with the routing state, so a step of an unchanged flow reads no graph.
 */
const graphs = new Map<number, { companyId: number; version: string; graph: FlowGraph | null }>()
const GRAPHS_KEPT = 500

/** A flow of the ticket's company, active, with a graph that passes the check; else null. */
export async function loadFlowGraph(sql: Queryable, companyId: number, flowId: number, version?: string | null): Promise<FlowGraph | null> {
  const cached = version ? graphs.get(flowId) : undefined
  if (cached && cached.companyId === companyId && cached.version === version) return cached.graph
  const [row] = await sql<{ flow: unknown; version: string }[]>`
    select flow, updated_at::text as version from flows where id = ${flowId} and company_id = ${companyId} and active`
  if (!row) return null
  const parsed = flowGraphSchema.safeParse(row.flow)
  const graph = parsed.success ? parsed.data : null
  graphs.delete(flowId)
  if (graphs.size >= GRAPHS_KEPT) graphs.delete(graphs.keys().next().value!)
  graphs.set(flowId, { companyId, version: row.version, graph })
  return graph
}

/** Stores a run that waits (menu, question, interval), with the step's sends when they are held. */
export async function saveRun(ctx: RoutingCtx, state: RunState, run: FlowRun): Promise<void> {
  const data: FlowRunData = { variables: run.variables, waiting: run.waiting, steps: run.steps }
  const columns = { flowWebhook: true, flowId: run.flowId, lastFlowId: run.waiting?.nodeId ?? null, hashFlowId: run.hash }
  await setTicketColumns(ctx, state, { ...columns, dataWebhook: ctx.tx.json(data as never) })
  Object.assign(state, { ...columns, dataWebhook: data })
}

/**
 * The run ends: the ticket keeps flow_id (the flow it ran, so flowIdNotPhrase starts only once) and
 * loses the rest; an interval job still queued finds the run gone and does nothing.
 */
export async function endRun(ctx: RoutingCtx, state: RunState, flowId: number | null = state.flowId): Promise<void> {
  const columns = { flowWebhook: false, flowId, lastFlowId: null, hashFlowId: null, dataWebhook: null }
  await setTicketColumns(ctx, state, columns)
  Object.assign(state, columns)
}
