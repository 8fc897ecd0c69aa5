import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { FlowGraph } from './flow-graph.ts'

/** A flow in lists and dialogs (GET /flowbuilder, issue 21 API contract): without its graph. */
export interface FlowRow {
  id: number
  name: string
  active: boolean
  userId: number | null
  createdAt: Date
  updatedAt: Date
}

/** A flow with its graph (GET /flowbuilder/flow/{id}; spec part 2 §3 "Flow"). */
export interface FlowWithGraph {
  id: number
  name: string
  active: boolean
  flow: FlowGraph
}

/** The graph a new flow starts with: one start block, the anchor's id "1" and label. */
export const START_GRAPH: FlowGraph = {
  nodes: [{ id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Início do fluxo' } }],
  connections: [],
}

/** The company's flow, or 404 (another company's id reads as missing). */
export async function loadFlowRow(tx: Queryable, companyId: number, id: number): Promise<FlowRow> {
  const [row] = await tx<FlowRow[]>`
    select id, name, active, user_id, created_at, updated_at from flows where id = ${id} and company_id = ${companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No flow ${id}`)
  return row
}

export async function loadFlowGraph(tx: Queryable, companyId: number, id: number): Promise<FlowWithGraph> {
  const [row] = await tx<FlowWithGraph[]>`select id, name, active, flow from flows where id = ${id} and company_id = ${companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No flow ${id}`)
  // A row written before the graph had a shape (or by hand) still opens in the editor.
  const flow = (row.flow ?? {}) as Partial<FlowGraph>
  return { ...row, flow: { nodes: flow.nodes ?? [], connections: flow.connections ?? [] } }
}
