import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import { apiSend } from '../domain/outbound/api-send.ts'
import { requireApiToken } from '../middleware/api-token.ts'
import { parseOrThrow } from '../middleware/validate.ts'
import { apiSendSchema } from './api-messages.schema.ts'

/**
 * The integrators' API (spec part 2 §7 External): authenticated by a connection token, JSON or multipart
 * (file field `medias`), with Idempotency-Key replays (requireApiToken).
 */
export const apiMessages = new Hono<AppEnv>().use('*', requireApiToken()).post('/send', async (c) => {
  const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data')
  const raw = multipart ? await formFields(c.req.raw) : await c.req.json().catch(() => {
    throw new AppError('ERR_INVALID_JSON', 'The body is not valid JSON')
  })
  const input = parseOrThrow(apiSendSchema, multipart ? raw.fields : raw)
  const connection = c.get('apiConnection')
  const file = multipart ? raw.file : null
  const media = file ? await c.get('services').media.save(connection.companyId, file, 'media') : null
  return c.json(await apiSend(c.get('ctx'), connection, input, media))
})

async function formFields(req: Request): Promise<{ fields: Record<string, string>; file: File | null }> {
  const form = await req.formData().catch(() => {
    throw new AppError('ERR_VALIDATION', 'Malformed multipart body')
  })
  const fields: Record<string, string> = {}
  let file: File | null = null
  for (const [key, value] of form.entries() as Iterable<[string, string | File]>) {
    if (typeof value !== 'string') {
      if (key === 'medias' && value.size > 0 && !file) file = value
    } else fields[key] = value
  }
  return { fields, file }
}
