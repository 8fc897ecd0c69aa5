import { z } from 'zod'
import { idField } from './common.schema.ts'

/** What a chatbot option does when chosen (spec part 2 §3 "Chatbot option"). */
export const QUEUE_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const
export type QueueType = (typeof QUEUE_TYPES)[number]

/** Levels below a queue's menu, and options per level: enough for any menu a contact reads. */
export const MAX_TREE_DEPTH = 10
export const MAX_OPTIONS_PER_LEVEL = 50

const maxId = 2147483647
// Selects send '' or 0 for "none" (as on the connection editor).
const noneToNull = (v: unknown) => (v === '' || v === 0 || v === '0' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)
export const refId = z.preprocess(noneToNull, z.number().int().positive().max(maxId).nullable())
export const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true')

/** Spec part 2 §5, §9: the option name is required and at least 4 characters. */
const optionName = z.string({ error: 'Required' }).trim().min(1, { error: 'Required', abort: true }).min(4, 'Too Short!').max(100, 'Too Long!')

const optionFields = {
  name: optionName,
  greetingMessage: z.string().max(5000, 'Too Long!').nullish().transform((v) => v ?? ''),
  queueType: z.enum(QUEUE_TYPES, 'Invalid option type').optional().default('text'),
  closeTicket: flag.optional().default(false),
  optQueueId: refId.optional().default(null),
  optUserId: refId.optional().default(null),
  optIntegrationId: refId.optional().default(null),
  optFileId: refId.optional().default(null),
}

/**
 * One option with its next level (`options`). An `id` names an existing option of the same tree, which
 * is then updated in place; options without one are new.
 */
export interface ChatbotOptionInput {
  id?: number
  name: string
  greetingMessage: string
  queueType: QueueType
  closeTicket: boolean
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  options: ChatbotOptionInput[]
}

export const chatbotOptionSchema: z.ZodType<ChatbotOptionInput, unknown> = z.lazy(() =>
  z.object({
    id: idField().optional(),
    ...optionFields,
    options: optionsList,
  }),
)

const optionsList = z.array(chatbotOptionSchema).max(MAX_OPTIONS_PER_LEVEL, 'Too many options').optional().default([])

/** A menu level: the options a queue or an option offers, in order (no default: absent means unchanged). */
export const chatbotTreeSchema = z.array(chatbotOptionSchema).max(MAX_OPTIONS_PER_LEVEL, 'Too many options')

/** POST /chatbot: an option under a queue's menu (queueId) or under another option (parentId), with its subtree. */
export const createChatbotSchema = z
  .object({ queueId: refId.optional().default(null), parentId: refId.optional().default(null), ...optionFields, options: optionsList })
  .refine((v) => (v.queueId === null) !== (v.parentId === null), { message: 'Give either queueId or parentId', path: ['queueId'] })
export type CreateChatbotInput = z.infer<typeof createChatbotSchema>

/** PUT /chatbot/{id}: the fields sent change; `options`, when sent, replaces the option's next levels. */
export const updateChatbotSchema = z.object({
  name: optionName.optional(),
  greetingMessage: optionFields.greetingMessage.optional(),
  queueType: z.enum(QUEUE_TYPES, 'Invalid option type').optional(),
  closeTicket: flag.optional(),
  optQueueId: refId.optional(),
  optUserId: refId.optional(),
  optIntegrationId: refId.optional(),
  optFileId: refId.optional(),
  options: chatbotTreeSchema.optional(),
})
export type UpdateChatbotInput = z.infer<typeof updateChatbotSchema>

/** GET /chatbot: the options of one queue's menu, or of one option; none given lists every queue's menu. */
export const listChatbotsQuery = z.object({
  queueId: idField().optional(),
  parentId: idField().optional(),
})
export type ListChatbotsQuery = z.infer<typeof listChatbotsQuery>
