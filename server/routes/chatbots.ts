import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { listChatbots, showChatbot } from '../domain/chatbots/list-chatbots.ts'
import { createChatbot, deleteChatbot, updateChatbot } from '../domain/chatbots/save-chatbot.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { createChatbotSchema, listChatbotsQuery, updateChatbotSchema } from './chatbots.schema.ts'
import { idParam } from './common.schema.ts'

/**
 * Chatbot options of the queues' menus (spec part 2 §3 "Chatbot option", §7). Every user reads them,
 * as they read the queues; only admins write them.
 */
export const chatbots = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', listChatbotsQuery), async (c) => c.json(await listChatbots(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', idParam), async (c) => c.json(await showChatbot(c.get('ctx'), c.req.valid('param').id)))
  .post('/', guard('admin'), validate('json', createChatbotSchema), async (c) =>
    c.json(await createChatbot(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/:id', guard('admin'), validate('param', idParam), validate('json', updateChatbotSchema), async (c) =>
    c.json(await updateChatbot(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', guard('admin'), validate('param', idParam), async (c) => {
    await deleteChatbot(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Chatbot option deleted' })
  })
