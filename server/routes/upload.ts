import type { Context } from 'hono'
import { AppError } from '../domain/app-error.ts'

/** The file of a multipart field, or a 400 naming the field. */
export async function formFile(c: Context, ...fields: string[]): Promise<File> {
  const contentType = c.req.header('content-type') ?? ''
  if (!contentType.startsWith('multipart/form-data')) {
    throw new AppError('ERR_VALIDATION', 'Expected multipart/form-data', { fields: [{ field: fields[0], message: 'Required' }] })
  }
  // After validate('form') Hono hands back its cached FormData rather than a promise.
  const form = await Promise.resolve(c.req.formData()).catch(() => {
    throw new AppError('ERR_VALIDATION', 'Malformed multipart body')
  })
  for (const f of fields) {
    const value = form.get(f)
    if (value instanceof File && value.size > 0) return value
  }
  throw new AppError('ERR_VALIDATION', `${fields[0]}: Required`, { fields: [{ field: fields[0], message: 'Required' }] })
}
