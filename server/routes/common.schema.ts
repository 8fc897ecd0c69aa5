import { z } from 'zod'

/** Field rules shared by several forms (spec part 1 §5, part 2 §5, §9), with the spec's messages. */
export const nameField = z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!')
export const emailField = z.string({ error: 'Required' }).trim().toLowerCase().pipe(z.email('Invalid email')).pipe(z.string().max(254, 'Too Long!'))
export const passwordField = z.string({ error: 'Required' }).min(5, 'Too Short!').max(50, 'Too Long!')
export const enabledField = z.enum(['enabled', 'disabled'])
export const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time (HH:MM)')
/** A calendar day as the client sends it; which instant it starts at depends on the company's zone. */
export const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date')
export const MAX_ID = 2147483647

/**
 * An id in a path, query or body: a JSON number or a string of decimal digits. `z.coerce.number()` read
 * " 1", "0x10" and "1e3" as 1, 16 and 1000, so `DELETE /tickets/%201` deleted ticket 1.
 */
export function idField(message?: string, max = MAX_ID) {
  const notAnId = message ?? 'Expected a positive whole number'
  return z
    .union([z.number({ error: notAnId }), z.string({ error: notAnId }).regex(/^\d{1,16}$/, notAnId).transform(Number)], { error: notAnId })
    .pipe(z.number().int(message).positive(message).max(max, message))
}

export const idParam = z.object({ id: idField() })

/** List calls: searchParam matched in lowercase, pageNumber from 1 (spec part 2 §5 "All lists with search"). */
export const listQuery = z.object({
  searchParam: z.string().max(200).optional().transform((v) => (v ?? '').trim().toLowerCase()),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
})
export type ListQuery = z.infer<typeof listQuery>

export const TICKET_STATUSES = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const

/** A query-string switch: true, false, 1 or 0. */
export const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')

/** A list that arrives as a JSON array ("[1,2]", as the web client sends it), a comma list or repeated keys. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((p) => {
      if (typeof p !== 'string') return [p]
      const s = p.trim()
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown
        } catch {
          return [s]
        }
      }
      return s === '' ? [] : s.split(',').map((x) => x.trim())
    })
    return parts.flat()
  }, z.array(item).max(500))
}
