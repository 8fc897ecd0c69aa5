import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'
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
    if (result.success) return
    const fields: FieldIssue[] = result.error.issues.map((i) => ({
      field: i.path.map(String).join('.'),
      message: i.message,
    }))
    const message = fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; ')
    throw new AppError('ERR_VALIDATION', message, { fields })
  })
}
