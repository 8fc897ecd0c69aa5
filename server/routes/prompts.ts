import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from '../domain/prompts/prompts.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard, planFeature } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { promptIdParam, promptSchema } from './prompts.schema.ts'

/** AI prompts (spec part 2 §2, §3, §7): a company admin's, with the plan's useOpenAi. */
export const prompts = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('admin'), planFeature('useOpenAi'))
  .get('/', async (c) => c.json(await listPrompts(c.get('ctx'))))
  .get('/:id', validate('param', promptIdParam), async (c) => c.json(await showPrompt(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', promptSchema), async (c) => c.json(await createPrompt(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', promptIdParam), validate('json', promptSchema), async (c) =>
    c.json(await updatePrompt(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', promptIdParam), async (c) => {
    await deletePrompt(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Prompt deleted' })
  })
