import { z } from 'zod'
import { flag, idField, listQuery, nameField } from './common.schema.ts'
import { LOCAL_OR_ZONED_DATE_TIME } from './schedules.schema.ts'

const message = z.string().max(4096, 'Too Long!').optional().default('')
/** An optional reference: null, '' or absent means none ('Nenhuma'). */
const optionalId = z
  .union([z.literal(''), z.null(), idField()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null))

/** POST /campaigns and PUT /campaigns/{id} (spec part 2 §3 "Campaign", §4 defaults, §5). */
export const campaignSchema = z
  .object({
    name: nameField,
    message1: message,
    message2: message,
    message3: message,
    message4: message,
    message5: message,
    confirmationMessage1: message,
    confirmationMessage2: message,
    confirmationMessage3: message,
    confirmationMessage4: message,
    confirmationMessage5: message,
    confirmation: flag.optional().default(false),
    scheduledAt: z
      .union([z.literal(''), z.null(), z.string().trim().regex(LOCAL_OR_ZONED_DATE_TIME, 'Invalid date')])
      .optional()
      .transform((v) => v || null),
    contactListId: optionalId,
    tagListId: optionalId,
    whatsappId: idField('Obrigatório'),
    userId: optionalId,
    queueId: optionalId,
    statusTicket: z.enum(['closed', 'pending', 'open']).optional().default('closed'),
    openTicket: z.enum(['enabled', 'disabled']).optional().default('disabled'),
  })
  .superRefine((v, ctx) => {
    // Spec part 2 §5: a queue is required when a user is chosen.
    if (v.openTicket === 'enabled' && v.userId && !v.queueId) ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'Obrigatório' })
    const messages = [v.message1, v.message2, v.message3, v.message4, v.message5]
    if (!messages.some((m) => m.trim())) ctx.addIssue({ code: 'custom', path: ['message1'], message: 'Obrigatório' })
    const asks = [v.confirmationMessage1, v.confirmationMessage2, v.confirmationMessage3, v.confirmationMessage4, v.confirmationMessage5]
    if (v.confirmation && !asks.some((m) => m.trim())) ctx.addIssue({ code: 'custom', path: ['confirmationMessage1'], message: 'Obrigatório' })
  })
export type CampaignInput = z.infer<typeof campaignSchema>

export const listCampaignsQuery = listQuery
export const campaignIdParam = z.object({ id: idField() })
