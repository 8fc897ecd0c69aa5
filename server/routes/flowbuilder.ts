import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import { saveFlowMedia } from '../domain/flows/flow-media.ts'
import { createFlow, deleteFlow, duplicateFlow, listFlows, showFlow, updateFlow } from '../domain/flows/save-flow.ts'
import { saveFlowGraph, showFlowGraph } from '../domain/flows/save-flow-graph.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { assertStorableText, validate } from '../middleware/validate.ts'
import {
  createFlowSchema, duplicateFlowSchema, flowIdParam, listFlowsQuery, saveFlowGraphSchema, updateFlowBodySchema, updateFlowSchema,
} from './flowbuilder.schema.ts'
import { formFile } from './upload.ts'

/**
 * The files of the multipart field `medias` (POST /flowbuilder/content sends several), after formFile's
 * checks and its 400 when there is none; a file name with a NUL or another control character is refused
 * as any text field would be.
 */
async function uploadedFiles(c: Context<AppEnv>, many: boolean): Promise<File[]> {
  const first = await formFile(c, 'medias')
  const files = many ? (await c.req.formData()).getAll('medias').filter((v): v is File => v instanceof File && v.size > 0) : [first]
  assertStorableText({ medias: files.map((f) => f.name) })
  return files
}

/** Flow builder (spec part 2 §2 "Flow screens", §7; issue 21 API contract): a company admin's. */
export const flowbuilder = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('admin'))
  .get('/', validate('query', listFlowsQuery), async (c) => c.json(await listFlows(c.get('ctx'), c.req.valid('query'))))
  .post('/', validate('json', createFlowSchema), async (c) => c.json(await createFlow(c.get('ctx'), c.req.valid('json')), 201))
  .put('/', validate('json', updateFlowBodySchema), async (c) => {
    const { flowId, ...input } = c.req.valid('json')
    return c.json(await updateFlow(c.get('ctx'), flowId as number, input))
  })
  .post('/duplicate', validate('json', duplicateFlowSchema), async (c) => c.json(await duplicateFlow(c.get('ctx'), c.req.valid('json').flowId), 201))
  .get('/flow/:id', validate('param', flowIdParam), async (c) => c.json(await showFlowGraph(c.get('ctx'), c.req.valid('param').id)))
  .post('/flow', validate('json', saveFlowGraphSchema), async (c) =>
    c.json(await saveFlowGraph(c.get('ctx'), c.get('services').media, c.req.valid('json'))),
  )
  .post('/img', async (c) => {
    const [name] = await saveFlowMedia(c.get('ctx'), c.get('services').media, 'img', await uploadedFiles(c, false))
    return c.json({ name })
  })
  .post('/audio', async (c) => {
    const [name] = await saveFlowMedia(c.get('ctx'), c.get('services').media, 'audio', await uploadedFiles(c, false))
    return c.json({ name })
  })
  .post('/content', async (c) => c.json({ names: await saveFlowMedia(c.get('ctx'), c.get('services').media, 'content', await uploadedFiles(c, true)) }))
  .get('/:id', validate('param', flowIdParam), async (c) => c.json(await showFlow(c.get('ctx'), c.req.valid('param').id)))
  .put('/:id', validate('param', flowIdParam), validate('json', updateFlowSchema), async (c) => {
    const { id } = c.req.valid('param')
    const { flowId, ...input } = c.req.valid('json')
    if (flowId !== undefined && flowId !== id) throw new AppError('ERR_VALIDATION', 'flowId: does not match the path', { fields: [{ field: 'flowId', message: 'Inválido' }] })
    return c.json(await updateFlow(c.get('ctx'), id, input))
  })
  .delete('/:id', validate('param', flowIdParam), async (c) => {
    await deleteFlow(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Fluxo excluído com sucesso' })
  })
