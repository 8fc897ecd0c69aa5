import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodError, ZodType, z } from 'zod'
import { AppError } from '../domain/app-error.ts'

export interface FieldIssue {
  field: string
  message: string
}

/**
 * zod validation of one part of the request; a failure is a 400 ERR_VALIDATION with the field list,
 * using the messages the schemas carry (the spec's 'Too Short!', 'Invalid email', ...).
 *
 * @example
 * users.post('/', validate('json', createUserSchema), (c) => c.json(c.req.valid('json')))
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error)
    assertStorableText(result.data)
  })
}

/** The same check for data that arrives in more than one shape (JSON or multipart fields). */
export function parseOrThrow<T extends ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data)
  if (!result.success) throw validationError(result.error)
  assertStorableText(result.data)
  return result.data
}

/** The message of a text field that holds a character Postgres text cannot store. */
export const UNSTORABLE_TEXT = 'Caractere inválido'

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: no person types them,
 * they break the screens and exports that show the text, and NUL cannot be stored at all.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Postgres text cannot hold NUL (22021 "invalid byte sequence for encoding UTF8: 0x00"), nor a lone UTF-16
 * surrogate (it would be stored as U+FFFD, not as sent), so every string a request carries is checked once
 * it has passed its schema: such a character anywhere, or another control character, is a 400 on that
 * field (issue 16 item 1: NUL was a 500 on some 37 routes), before anything is written.
 */
export function assertStorableText(data: unknown): void {
  const fields: FieldIssue[] = []
  const walk = (v: unknown, path: string, depth: number) => {
    if (typeof v === 'string') {
      if (CONTROL_CHARACTERS.test(v) || LONE_SURROGATE.test(v)) fields.push({ field: path, message: UNSTORABLE_TEXT })
    } else if (v && typeof v === 'object' && depth < 20 && !(v instanceof Blob)) {
      for (const [k, child] of Object.entries(v)) walk(child, path ? `${path}.${k}` : k, depth + 1)
    }
  }
  walk(data, '', 0)
  if (fields.length) {
    throw new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields })
  }
}

function validationError(error: Pick<ZodError, 'issues'>): AppError {
  const fields: FieldIssue[] = error.issues.map((i) => ({
    field: i.path.map(String).join('.'),
    message: i.message,
  }))
  const message = fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; ')
  return new AppError('ERR_VALIDATION', message, { fields })
}
