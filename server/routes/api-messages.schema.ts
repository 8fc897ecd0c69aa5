import { z } from 'zod'
import { idField } from './common.schema.ts'

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')
const optionalId = z.union([idField(), z.literal('').transform(() => undefined)]).optional()

/**
 * POST /api/messages/send (spec part 2 §7 External, §5 Messages API page): the number is digits only,
 * country code, area code and number; body is required for text, a file (field medias) for media.
 */
export const apiSendSchema = z.object({
  number: z.string().trim().regex(/^\d{8,15}$/, 'number must be digits only: country code, area code and number'),
  body: z.string().max(4096).optional().default(''),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: flag.optional().default(false),
  closeTicket: flag.optional().default(false),
})

export type ApiSendInput = z.infer<typeof apiSendSchema>
