import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { listChatMessages, sendChatMessage } from '../domain/chats/chat-messages.ts'
import { createChat, deleteChat, findChat, listChats, markChatRead, updateChat } from '../domain/chats/chats.ts'
import { requireAuth } from '../middleware/auth.ts'
import { planFeature } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { chatMessageSchema, chatMessagesQuery, chatReadSchema, chatRefParam, chatSchema, listChatsQuery } from './chats.schema.ts'
import { idParam } from './common.schema.ts'

/** Internal chat (spec part 2 §2, §5, §6, §7): between users of one company; the plan needs useInternalChat. */
export const chats = new Hono<AppEnv>()
  .use('*', requireAuth(), planFeature('useInternalChat'))
  .get('/', validate('query', listChatsQuery), async (c) => c.json(await listChats(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', chatRefParam), async (c) => c.json(await findChat(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', chatSchema), async (c) => c.json(await createChat(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', idParam), validate('json', chatSchema), async (c) =>
    c.json(await updateChat(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteChat(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Chat deleted' })
  })
  .get('/:id/messages', validate('param', idParam), validate('query', chatMessagesQuery), async (c) =>
    c.json(await listChatMessages(c.get('ctx'), c.req.valid('param').id, c.req.valid('query').pageNumber)),
  )
  .post('/:id/messages', validate('param', idParam), validate('json', chatMessageSchema), async (c) =>
    c.json(await sendChatMessage(c.get('ctx'), c.req.valid('param').id, c.req.valid('json').message), 201),
  )
  .post('/:id/read', validate('param', idParam), validate('json', chatReadSchema), async (c) =>
    c.json(await markChatRead(c.get('ctx'), c.req.valid('param').id, c.req.valid('json').userId)),
  )
