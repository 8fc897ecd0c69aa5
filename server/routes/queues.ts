import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { deleteQueue } from '../domain/queues/delete-queue.ts'
import { listQueues, showQueue } from '../domain/queues/list-queues.ts'
import { createQueue, updateQueue } from '../domain/queues/save-queue.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { idParam } from './common.schema.ts'
import { createQueueSchema, deleteQueueQuery, updateQueueSchema } from './queues.schema.ts'

/**
 * Queues (spec part 2 §2 Queues page, §3, §7). Every user reads them (ticket filters and dialogs pick
 * from the list); only admins write them.
 */
export const queues = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', async (c) => c.json(await listQueues(c.get('ctx'))))
  .get('/:id', validate('param', idParam), async (c) => c.json(await showQueue(c.get('ctx'), c.req.valid('param').id)))
  .post('/', guard('admin'), validate('json', createQueueSchema), async (c) =>
    c.json(await createQueue(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/:id', guard('admin'), validate('param', idParam), validate('json', updateQueueSchema), async (c) =>
    c.json(await updateQueue(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', guard('admin'), validate('param', idParam), validate('query', deleteQueueQuery), async (c) => {
    await deleteQueue(c.get('ctx'), c.req.valid('param').id, c.req.valid('query').moveTo)
    return c.json({ message: 'Queue deleted' })
  })
