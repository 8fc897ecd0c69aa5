import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import {
  createAutoReply, deleteAutoReply, listAutoReplies, setAutoReplyMedia, showAutoReply, updateAutoReply,
} from '../domain/auto-replies/auto-replies.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { autoReplyIdParam, autoReplySchema, listAutoRepliesQuery } from './auto-replies.schema.ts'
import { fileResponse } from './media.ts'
import { formFile } from './upload.ts'

/** Keyword auto-replies (spec part 2 §2, §3, §7): a company admin's, as the bot's other settings. */
export const autoReplies = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('admin'))
  .get('/', validate('query', listAutoRepliesQuery), async (c) => c.json(await listAutoReplies(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', autoReplyIdParam), async (c) => c.json(await showAutoReply(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', autoReplySchema), async (c) => c.json(await createAutoReply(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', autoReplyIdParam), validate('json', autoReplySchema), async (c) =>
    c.json(await updateAutoReply(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', autoReplyIdParam), async (c) => {
    await deleteAutoReply(c.get('ctx'), c.get('services').media, c.req.valid('param').id)
    return c.json({ message: 'Auto reply deleted' })
  })
  .post('/:id/media-upload', validate('param', autoReplyIdParam), async (c) => {
    const file = await formFile(c, 'file', 'typeArch', 'medias')
    return c.json(await setAutoReplyMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, file))
  })
  .delete('/:id/media-upload', validate('param', autoReplyIdParam), async (c) =>
    c.json(await setAutoReplyMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, null)),
  )
  .get('/:id/media', validate('param', autoReplyIdParam), async (c) => {
    const reply = await showAutoReply(c.get('ctx'), c.req.valid('param').id)
    if (!reply.mediaPath) throw new AppError('ERR_NOT_FOUND', 'This auto reply has no file')
    return fileResponse(c, c.get('auth').user.companyId, reply.mediaPath)
  })
