import { z } from 'zod'
import { idField, listQuery } from './common.schema.ts'
import { AUTO_REPLY_CONDITIONS } from '../domain/auto-replies/auto-reply-conditions.ts'

const noNul = (s: string) => !s.includes('\u0000')
const required = (max: number) => z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(max, 'Too Long!').refine(noNul, 'Invalid character')

export { AUTO_REPLY_CONDITIONS }

/** POST /auto-replies and PUT /auto-replies/{id} (spec part 2 §5 "Auto reply"): all three required, condition equal by default. */
export const autoReplySchema = z.object({
  keyword: required(200),
  condition: z.enum(AUTO_REPLY_CONDITIONS, { error: 'Obrigatório' }).optional().default('equal'),
  response: required(4096),
})
export type AutoReplyInput = z.infer<typeof autoReplySchema>

export const listAutoRepliesQuery = listQuery
export const autoReplyIdParam = z.object({ id: idField() })
