import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { closeImportedTickets } from '../domain/connections/close-imported.ts'
import { showConnectionAsSuper } from '../domain/connections/list-connections.ts'
import { disconnectSession, requestNewQrCode, restartCompanySessions, startSession } from '../domain/connections/session-actions.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { idParam } from './common.schema.ts'

/**
 * Session and import calls of a connection (spec part 2 §7 Connections), on their own prefixes. They only
 * record the wish and enqueue a job: sessions live in the worker processes. Mounted at the root, so
 * each route names its own requireAuth.
 */
export const whatsappSession = new Hono<AppEnv>()
  .post('/whatsappsession/:id', requireAuth(), validate('param', idParam), async (c) => c.json(await startSession(c.get('ctx'), c.req.valid('param').id)))
  .put('/whatsappsession/:id', requireAuth(), validate('param', idParam), async (c) => c.json(await requestNewQrCode(c.get('ctx'), c.req.valid('param').id)))
  .delete('/whatsappsession/:id', requireAuth(), validate('param', idParam), async (c) =>
    c.json(await disconnectSession(c.get('ctx'), c.req.valid('param').id)),
  )
  .post('/whatsapp-restart', requireAuth(), async (c) => c.json(await restartCompanySessions(c.get('ctx'))))
  .post('/closedimported/:id', requireAuth(), validate('param', idParam), async (c) =>
    c.json(await closeImportedTickets(c.get('ctx'), c.req.valid('param').id)),
  )
  .get('/whatsapp-admin/:id', requireAuth(), validate('param', idParam), async (c) =>
    c.json(await showConnectionAsSuper(c.get('ctx'), c.req.valid('param').id)),
  )
