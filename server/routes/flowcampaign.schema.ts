import { z } from 'zod'
import { flag, idField } from './common.schema.ts'

/** A reference that may be left empty: null, '' or absent means none (every connection, for whatsappId). */
const optionalId = z
  .union([z.literal(''), z.null(), idField('Obrigatório')])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null))

/**
 * POST /flowcampaign and PUT /flowcampaign (issue 21 API contract; spec part 2 §5 "Campaign-flow dialog":
 * name, flow and phrase required). whatsappId null: the phrase starts the flow on every connection.
 */
export const phraseCampaignSchema = z.object({
  id: idField().optional(),
  name: z.string({ error: 'Obrigatório' }).trim().min(1, { error: 'Obrigatório', abort: true }).min(2, 'Muito curto!').max(50, 'Muito longo!'),
  flowId: idField('Obrigatório'),
  whatsappId: optionalId,
  phrase: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(200, 'Muito longo!'),
  status: flag.optional(),
})
export type PhraseCampaignBody = z.infer<typeof phraseCampaignSchema>
/** PUT /flowcampaign without an id in the path carries it in the body. */
export const phraseCampaignBodySchema = phraseCampaignSchema.refine((v) => v.id !== undefined, { path: ['id'], message: 'Obrigatório' })

export const phraseCampaignIdParam = z.object({ id: idField() })
