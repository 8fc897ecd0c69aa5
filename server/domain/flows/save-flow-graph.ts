import { access } from 'node:fs/promises'
import type { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import type { FlowGraph } from './flow-graph.ts'
import { loadFlowGraph, loadFlowRow, type FlowWithGraph } from './flow-view.ts'
import { emitted } from './save-flow.ts'

interface FieldIssue {
  field: string
  message: string
}

/** GET /flowbuilder/flow/{id}: the flow with its nodes and connections. */
export async function showFlowGraph(ctx: DomainCtx, id: number): Promise<{ flow: FlowWithGraph }> {
  return { flow: await loadFlowGraph(ctx.tx, ctx.auth.user.companyId, id) }
}

/**
 * POST /flowbuilder/flow {idFlow, nodes, connections} (spec part 2 §7, issue 21): the graph arrives
 * checked by flowGraphSchema; what only the company's data can tell is checked here — a ticket block's
 * queue is one of the company's, and every media name is a file in the company's media folder (a name
 * copied from another company, or typed, would send nothing or someone else's file).
 */
export async function saveFlowGraph(ctx: DomainCtx, media: MediaStore, input: FlowGraph & { idFlow: number }): Promise<{ flow: FlowWithGraph }> {
  const companyId = ctx.auth.user.companyId
  await loadFlowGraph(ctx.tx, companyId, input.idFlow)
  const graph: FlowGraph = { nodes: input.nodes, connections: input.connections }
  const issues = [...(await queueIssues(ctx, graph)), ...(await mediaIssues(media, companyId, graph))]
  if (issues.length) {
    throw new AppError('ERR_VALIDATION', issues.map((i) => `${i.field}: ${i.message}`).join('; '), { fields: issues })
  }
  await ctx.tx`update flows set flow = ${ctx.tx.json(graph as never)} where id = ${input.idFlow}`
  // The list rows' updatedAt moves: admins are told with the row, not the graph.
  emitted(ctx, 'update', await loadFlowRow(ctx.tx, companyId, input.idFlow))
  return { flow: await loadFlowGraph(ctx.tx, companyId, input.idFlow) }
}

async function queueIssues(ctx: DomainCtx, graph: FlowGraph): Promise<FieldIssue[]> {
  const wanted = graph.nodes.flatMap((n, i) => (n.type === 'ticket' ? [{ i, id: n.data.queue.id }] : []))
  if (!wanted.length) return []
  const rows = await ctx.tx<{ id: number }[]>`
    select id from queues where company_id = ${ctx.auth.user.companyId} and id = any(${wanted.map((w) => w.id)}::int[])`
  const found = new Set(rows.map((r) => r.id))
  return wanted.filter((w) => !found.has(w.id)).map((w) => ({ field: `nodes.${w.i}.data.queue.id`, message: 'Adicione uma fila' }))
}

/** Each media name of the graph, with where it sits: a node's url or a content block element's value. */
export function mediaPlaces(graph: FlowGraph): { field: string; name: string }[] {
  return graph.nodes.flatMap((n, i) => {
    if (n.type === 'img' || n.type === 'audio' || n.type === 'video') return [{ field: `nodes.${i}.data.url`, name: n.data.url }]
    if (n.type !== 'singleBlock') return []
    return n.data.elements.flatMap((e, k) =>
      e.type === 'img' || e.type === 'audio' || e.type === 'video' ? [{ field: `nodes.${i}.data.elements.${k}.value`, name: e.value }] : [],
    )
  })
}

async function mediaIssues(media: MediaStore, companyId: number, graph: FlowGraph): Promise<FieldIssue[]> {
  const exists = new Map<string, boolean>()
  const issues: FieldIssue[] = []
  for (const place of mediaPlaces(graph)) {
    if (!exists.has(place.name)) {
      const path = media.pathOf(companyId, place.name)
      exists.set(place.name, path !== null && (await access(path).then(() => true, () => false)))
    }
    if (!exists.get(place.name)) issues.push({ field: place.field, message: 'Arquivo inválido' })
  }
  return issues
}
