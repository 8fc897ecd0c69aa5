import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { removeGreetingMedia, setGreetingMedia } from '../domain/connections/greeting-media.ts'
import { countFailedEvents, listFailedEvents } from '../domain/connections/failed-events.ts'
import { listAllConnections, listConnections, showConnection } from '../domain/connections/list-connections.ts'
import { createConnection, deleteConnection, updateConnection } from '../domain/connections/save-connection.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { idParam } from './common.schema.ts'
import { formFile } from './upload.ts'
import { createWhatsappSchema, filterWhatsappQuery, listWhatsappQuery, updateWhatsappSchema } from './whatsapp.schema.ts'

/** Connections (spec part 2 §7 Connections); permissions are checked in server/domain/connections. */
export const whatsapp = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', listWhatsappQuery), async (c) => c.json(await listConnections(c.get('ctx'), c.req.valid('query'))))
  .get('/all', async (c) => c.json(await listAllConnections(c.get('ctx'))))
  .get('/filter', validate('query', filterWhatsappQuery), async (c) => c.json(await listConnections(c.get('ctx'), c.req.valid('query'))))
  .get('/failed-events', async (c) => c.json(await countFailedEvents(c.get('ctx'))))
  .get('/:id', validate('param', idParam), async (c) => c.json(await showConnection(c.get('ctx'), c.req.valid('param').id)))
  .get('/:id/failed-events', validate('param', idParam), async (c) => c.json(await listFailedEvents(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', createWhatsappSchema), async (c) => c.json(await createConnection(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', idParam), validate('json', updateWhatsappSchema), async (c) =>
    c.json(await updateConnection(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteConnection(c.get('ctx'), c.get('services').media, c.req.valid('param').id)
    return c.json({ message: 'Whatsapp deleted.' })
  })
  .post('/:id/media-upload', validate('param', idParam), async (c) => {
    const file = await formFile(c, 'file', 'medias', 'media')
    return c.json(await setGreetingMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, file))
  })
  .delete('/:id/media-upload', validate('param', idParam), async (c) =>
    c.json(await removeGreetingMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id)),
  )
