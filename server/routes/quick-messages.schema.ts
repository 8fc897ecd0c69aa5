import { z } from 'zod'
import { idField } from './common.schema.ts'

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true')

/** Spec part 2 §5: the shortcode is required ('Obrigatório'). */
export const quickMessageSchema = z.object({
  shortcode: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(100, 'Too Long!'),
  message: z.string().max(4096, 'Too Long!').optional().default(''),
  geral: flag.optional().default(false),
  visao: flag.optional().default(true),
  status: z.string().max(50).nullable().optional(),
})

export const listQuickMessagesQuery = z.object({
  searchParam: z.string().max(100).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
})

export const quickMessageIdParam = z.object({ id: idField() })

export type QuickMessageInput = z.infer<typeof quickMessageSchema>
export type ListQuickMessagesQuery = z.infer<typeof listQuickMessagesQuery>
