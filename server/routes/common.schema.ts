import { z } from 'zod'

/** Field rules shared by several forms (spec part 1 §5, part 2 §5, §9), with the spec's messages. */
export const nameField = z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!')
export const emailField = z.string({ error: 'Required' }).trim().toLowerCase().pipe(z.email('Invalid email')).pipe(z.string().max(254, 'Too Long!'))
export const passwordField = z.string({ error: 'Required' }).min(5, 'Too Short!').max(50, 'Too Long!')
export const enabledField = z.enum(['enabled', 'disabled'])
export const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time (HH:MM)')
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) })

/** List calls: searchParam matched in lowercase, pageNumber from 1 (spec part 2 §5 "All lists with search"). */
export const listQuery = z.object({
  searchParam: z.string().max(200).optional().transform((v) => (v ?? '').trim().toLowerCase()),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
})
export type ListQuery = z.infer<typeof listQuery>
