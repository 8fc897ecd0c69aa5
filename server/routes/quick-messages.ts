import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  createQuickMessage, deleteQuickMessage, listAllQuickMessages, listQuickMessages, setQuickMessageMedia, showQuickMessage,
  updateQuickMessage,
} from '../domain/quick-messages/quick-messages.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { listQuickMessagesQuery, quickMessageIdParam, quickMessageSchema } from './quick-messages.schema.ts'
import { formFile } from './upload.ts'

/** Quick messages (spec part 1 §7, part 2 §7): the '/' answers of the chat and the /quick-messages page. */
export const quickMessages = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', listQuickMessagesQuery), async (c) => c.json(await listQuickMessages(c.get('ctx'), c.req.valid('query'))))
  .get('/list', async (c) => c.json(await listAllQuickMessages(c.get('ctx'))))
  .get('/:id', validate('param', quickMessageIdParam), async (c) => c.json(await showQuickMessage(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', quickMessageSchema), async (c) => c.json(await createQuickMessage(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', quickMessageIdParam), validate('json', quickMessageSchema), async (c) =>
    c.json(await updateQuickMessage(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', quickMessageIdParam), async (c) => {
    await deleteQuickMessage(c.get('ctx'), c.get('services').media, c.req.valid('param').id)
    return c.json({ message: 'Quick message deleted' })
  })
  .post('/:id/media-upload', validate('param', quickMessageIdParam), async (c) => {
    const file = await formFile(c, 'file', 'typeArch', 'medias')
    return c.json(await setQuickMessageMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, file))
  })
  .delete('/:id/media-upload', validate('param', quickMessageIdParam), async (c) =>
    c.json(await setQuickMessageMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, null)),
  )
