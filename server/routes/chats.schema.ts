import { z } from 'zod'
import { idField, idParam, listQuery } from './common.schema.ts'

export const listChatsQuery = listQuery

/** /chats/{id}: a number, or the chat's uuid (the page's address is /chats/{uuid}). */
export const chatRefParam = z.object({
  id: z.union([idParam.shape.id, z.uuid('Invalid chat')]),
})

/** Internal chat (spec part 2 §5): saving needs a title and at least one user. */
export const chatSchema = z.object({
  title: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'Too Long!'),
  users: z
    .array(idField(), { error: 'Required' })
    .min(1, 'Choose at least one user')
    .max(500, 'Too many users'),
})
export type ChatInput = z.infer<typeof chatSchema>

export const chatMessagesQuery = listQuery.pick({ pageNumber: true })

/** Empty or whitespace messages are not sent (spec part 2 §5). */
export const chatMessageSchema = z.object({
  message: z.string({ error: 'Required' }).trim().min(1, 'Required').max(10000, 'Too Long!'),
})

/** The spec sends the reader's id; only one's own unread count can be cleared. */
export const chatReadSchema = z.object({ userId: idField().optional() })
