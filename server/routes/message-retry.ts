import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { retrySend } from '../domain/outbound/retry-send.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'

const params = z.object({ messageId: z.coerce.number().int().positive() })

/** POST /messages/{messageId}/retry: ours, not in the spec (docs/decisions.md "Channels"). */
export const messageRetry = new Hono<AppEnv>()
  .use('*', requireAuth())
  .post('/:messageId/retry', validate('param', params), async (c) => c.json(await retrySend(c.get('ctx'), c.req.valid('param').messageId)))
