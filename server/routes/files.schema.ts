import { z } from 'zod'
import { idField, listQuery } from './common.schema.ts'

/** Postgres text cannot hold NUL: refused with the field named rather than failing the write. */
const noNul = (s: string) => !s.includes('\u0000')

/**
 * POST /files and PUT /files/{id} (spec part 2 §3, §5 "File list"): name at least 3 ('nome muito curto'),
 * message required; options with an id are the list's own (renamed), without one new. userId is the caller.
 */
export const fileListSchema = z.object({
  name: z.string({ error: 'nome muito curto' }).trim().min(3, 'nome muito curto').max(100, 'Too Long!').refine(noNul, 'Invalid character'),
  message: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(4096, 'Too Long!').refine(noNul, 'Invalid character'),
  options: z
    .array(z.object({ id: idField().optional(), name: z.string().trim().max(100, 'Too Long!').refine(noNul, 'Invalid character').optional().default('') }))
    .max(20, 'Too many files')
    .optional()
    .default([]),
})
export type FileListInput = z.infer<typeof fileListSchema>

export const listFileListsQuery = listQuery
export const fileListIdParam = z.object({ id: idField() })
export const uploadListParam = z.object({ fileId: idField() })
