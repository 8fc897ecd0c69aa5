import { z } from 'zod'
import { flowGraphSchema } from '../domain/flows/flow-graph.ts'
import { flag, idField, listQuery } from './common.schema.ts'

/** A flow's name (spec part 2 §5 "Flow"): 2-50, with the spec's messages. */
export const flowNameField = z.string({ error: 'Digite um nome!' }).trim().min(1, { error: 'Digite um nome!', abort: true }).min(2, 'Muito curto!').max(50, 'Muito longo!')

export const listFlowsQuery = listQuery
export const flowIdParam = z.object({ id: idField() })

/** POST /flowbuilder {name}. */
export const createFlowSchema = z.object({ name: flowNameField })
export type CreateFlowInput = z.infer<typeof createFlowSchema>

/** PUT /flowbuilder {flowId, name, active?}; on PUT /flowbuilder/{id} the path names the flow. */
export const updateFlowSchema = z.object({
  flowId: idField().optional(),
  name: flowNameField,
  active: flag.optional(),
})
export type UpdateFlowInput = z.infer<typeof updateFlowSchema>
export const updateFlowBodySchema = updateFlowSchema.refine((v) => v.flowId !== undefined, { path: ['flowId'], message: 'Obrigatório' })

/** POST /flowbuilder/duplicate {flowId}. */
export const duplicateFlowSchema = z.object({ flowId: idField('Obrigatório') })

/**
 * POST /flowbuilder/flow {idFlow, nodes, connections}: the graph check of flowGraphSchema, its problems
 * placed at the same paths (nodes.2.data.sec, connections.0.target).
 */
export const saveFlowGraphSchema = z
  .object({ idFlow: idField('Obrigatório'), nodes: z.unknown(), connections: z.unknown() })
  .transform((v, ctx) => {
    const graph = flowGraphSchema.safeParse({ nodes: v.nodes, connections: v.connections })
    if (graph.success) return { idFlow: v.idFlow, ...graph.data }
    for (const issue of graph.error.issues) ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message })
    return z.NEVER
  })
export type SaveFlowGraphInput = z.infer<typeof saveFlowGraphSchema>
