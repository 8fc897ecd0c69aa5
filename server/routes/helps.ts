import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { createHelp, deleteHelp, findHelp, listAllHelps, listHelps, updateHelp } from '../domain/helps/helps.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { idParam } from './common.schema.ts'
import { createHelpSchema, listHelpsQuery, updateHelpSchema } from './helps.schema.ts'

/**
 * Help videos (spec part 2 §3 Help entry, §6, §7). Every user reads them (the Helps menu shows when the
 * list is non-empty); only the super user writes them.
 */
export const helps = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', listHelpsQuery), async (c) => c.json(await listHelps(c.get('ctx'), c.req.valid('query'))))
  .get('/list', async (c) => c.json(await listAllHelps(c.get('ctx'))))
  .get('/:id', validate('param', idParam), async (c) => c.json(await findHelp(c.get('ctx'), c.req.valid('param').id)))
  .post('/', guard('super'), validate('json', createHelpSchema), async (c) =>
    c.json(await createHelp(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/:id', guard('super'), validate('param', idParam), validate('json', updateHelpSchema), async (c) =>
    c.json(await updateHelp(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', guard('super'), validate('param', idParam), async (c) => {
    await deleteHelp(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Help deleted' })
  })
