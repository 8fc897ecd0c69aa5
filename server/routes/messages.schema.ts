import { z } from 'zod'
import { idField } from './common.schema.ts'

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')
const id = idField(undefined, Number.MAX_SAFE_INTEGER)

export const ticketIdParam = z.object({ ticketId: idField() })
export const messageIdParam = z.object({ messageId: id })

/** GET /messages/{ticketId} (spec part 1 §7). selectedQueues is accepted and not used (docs/decisions.md "Messages"). */
export const listMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  selectedQueues: z.string().max(2000).optional(),
})

/** A contact card: raw vCard text, or a name and number the server turns into one. */
const vCardField = z.union([
  z.string().trim().min(1).max(10000),
  z.object({ name: z.string().trim().min(1).max(250), number: z.string().trim().regex(/^\+?\d{8,20}$/, 'number must be digits') }),
])

/**
 * POST /messages/{ticketId} (spec part 1 §7), JSON or multipart fields. read, fromMe and mediaUrl of the
 * anchor's body are accepted and ignored (every message sent here is ours; media come as files).
 * clientId is the client's id of the message: a repeat answers the stored message.
 */
export const sendMessageSchema = z.object({
  body: z.string().max(65536).optional().default(''),
  quotedMsg: z.object({ id }).nullish(),
  quotedMsgId: id.nullish(),
  isPrivate: flag.optional().default(false),
  vCard: vCardField.nullish(),
  clientId: z.uuid().optional(),
})
export type SendMessageInput = z.infer<typeof sendMessageSchema>

/** POST /messages/edit/{messageId} (spec part 1 §7): the new text. */
/**
 * Channels whose APIs cannot edit or delete a sent message (WhatsApp Cloud API, Messenger, Instagram):
 * the server refuses both up front and the chat hides the actions, so the attendant never sees a change
 * the customer does not (issue 15 item 11). Private notes never leave and stay editable everywhere.
 */
export const CHANNELS_WITHOUT_MESSAGE_CHANGES: readonly string[] = ['whatsappapi', 'facebook', 'instagram']

export const editMessageSchema = z.object({
  body: z.string().max(65536).refine((s) => s.trim().length > 0, 'Required'),
})
export type EditMessageInput = z.infer<typeof editMessageSchema>

/**
 * POST /message/forward (spec part 1 §7): one message to one contact; the client sends a selection one
 * request at a time. signMessage prefixes the actor's name as the API's sendSignature does.
 */
export const forwardMessageSchema = z.object({
  messageId: id,
  contactId: idField(),
  signMessage: flag.optional().default(false),
})
export type ForwardMessageInput = z.infer<typeof forwardMessageSchema>

/** One emoji (with its modifiers, joiners and flags), or '' to take our reaction back. */
const emoji = z
  .string()
  .trim()
  .max(32)
  .regex(/^[\p{Extended_Pictographic}\p{Emoji_Component}\u200d\ufe0f\u20e3]*$/u, 'Must be an emoji')
  .refine((s) => s === '' || /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u.test(s), 'Must be an emoji')

/** POST /messages/{messageId}/react (ours, docs/decisions.md "Messages"): our reaction, '' removes it. */
export const reactMessageSchema = z.object({ emoji })
export type ReactMessageInput = z.infer<typeof reactMessageSchema>

/** GET /messages-allMe (spec part 1 §7): fromMe, dateStart, dateEnd (YYYY-MM-DD, inclusive). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD').refine(isRealDay, 'Invalid date')
export const countMessagesQuery = z
  .object({ fromMe: flag.optional(), dateStart: day.optional(), dateEnd: day.optional() })
  .refine((q) => !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd, { message: 'dateStart after dateEnd', path: ['dateStart'] })
export type CountMessagesQuery = z.infer<typeof countMessagesQuery>

function isRealDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}
