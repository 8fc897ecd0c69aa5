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
  })
}

/** The same check for data that arrives in more than one shape (JSON or multipart fields). */
export function parseOrThrow<T extends ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data)
  if (!result.success) throw validationError(result.error)
  return result.data
}

function validationError(error: Pick<ZodError, 'issues'>): AppError {
  const fields: FieldIssue[] = error.issues.map((i) => ({
    field: i.path.map(String).join('.'),
    message: i.message,
  }))
  const message = fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; ')
  return new AppError('ERR_VALIDATION', message, { fields })
}
