import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import { countMessages } from '../domain/messages/count-messages.ts'
import { deleteMessage } from '../domain/messages/delete-message.ts'
import { editMessage } from '../domain/messages/edit-message.ts'
import { forwardMessage } from '../domain/messages/forward-message.ts'
import { listMessages } from '../domain/messages/list-messages.ts'
import { reactToMessage } from '../domain/messages/react-to-message.ts'
import { sendMessage } from '../domain/messages/send-message.ts'
import { retrySend } from '../domain/outbound/retry-send.ts'
import { requireAuth } from '../middleware/auth.ts'
import { parseOrThrow, validate } from '../middleware/validate.ts'
import {
  countMessagesQuery,
  editMessageSchema,
  forwardMessageSchema,
  listMessagesQuery,
  messageIdParam,
  reactMessageSchema,
  sendMessageSchema,
  ticketIdParam,
} from './messages.schema.ts'

/** The chat's messages (spec part 1 §7 "GET/POST /messages/{ticketId}", edit, delete), mounted at /messages. */
export const messages = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/:ticketId', validate('param', ticketIdParam), validate('query', listMessagesQuery), async (c) =>
    c.json(await listMessages(c.get('ctx'), c.req.valid('param').ticketId, c.req.valid('query').pageNumber)),
  )
  .post('/edit/:messageId', validate('param', messageIdParam), validate('json', editMessageSchema), async (c) =>
    c.json(await editMessage(c.get('ctx'), c.req.valid('param').messageId, c.req.valid('json'))),
  )
  .post('/:ticketId', validate('param', ticketIdParam), async (c) => {
    const { fields, files } = await readSendBody(c)
    const input = parseOrThrow(sendMessageSchema, fields)
    const result = await sendMessage(c.get('ctx'), c.get('services').media, c.req.valid('param').ticketId, input, files)
    return c.json(result, result.replayed ? 200 : 201)
  })
  // The same edit under the REST verb (the spec's path is POST /messages/edit/{messageId}).
  .put('/:messageId', validate('param', messageIdParam), validate('json', editMessageSchema), async (c) =>
    c.json(await editMessage(c.get('ctx'), c.req.valid('param').messageId, c.req.valid('json'))),
  )
  .delete('/:messageId', validate('param', messageIdParam), async (c) =>
    c.json(await deleteMessage(c.get('ctx'), c.req.valid('param').messageId, c.get('services').media)),
  )
  // Ours, not in the spec (docs/decisions.md "Channels"): a failed message of ours sent again.
  .post('/:messageId/retry', validate('param', messageIdParam), async (c) => c.json(await retrySend(c.get('ctx'), c.req.valid('param').messageId)))
  // Ours, not in the spec (docs/decisions.md "Messages"): our reaction to a message, '' takes it back.
  .post('/:messageId/react', validate('param', messageIdParam), validate('json', reactMessageSchema), async (c) =>
    c.json(await reactToMessage(c.get('ctx'), c.req.valid('param').messageId, c.req.valid('json'))),
  )

/** POST /message/forward (spec part 1 §7), mounted at /message: one message to one contact. */
export const messageForward = new Hono<AppEnv>()
  .use('*', requireAuth())
  .post('/forward', validate('json', forwardMessageSchema), async (c) => c.json(await forwardMessage(c.get('ctx'), c.req.valid('json')), 201))

/** GET /messages-allMe (spec part 1 §7), mounted at /messages-allMe. */
export const messagesAllMe = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', countMessagesQuery), async (c) => c.json(await countMessages(c.get('ctx'), c.req.valid('query'))))

/** JSON, or multipart fields plus every non-empty `medias` file (one message per file). */
async function readSendBody(c: Context<AppEnv>): Promise<{ fields: unknown; files: File[] }> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
    const json = await c.req.json().catch(() => {
      throw new AppError('ERR_INVALID_JSON', 'The body is not valid JSON')
    })
    return { fields: json, files: [] }
  }
  const form = await c.req.raw.formData().catch(() => {
    throw new AppError('ERR_VALIDATION', 'Malformed multipart body')
  })
  const fields: Record<string, string> = {}
  const files: File[] = []
  for (const [key, value] of form.entries() as Iterable<[string, string | File]>) {
    if (typeof value !== 'string') {
      if (key === 'medias' && value.size > 0) files.push(value)
    } else fields[key] = value
  }
  if (files.length > 10) throw new AppError('ERR_VALIDATION', 'At most 10 files per message', { fields: [{ field: 'medias', message: 'At most 10 files' }] })
  return { fields, files }
}
