import { z } from 'zod'
import { idField, listQuery, nameField } from './common.schema.ts'

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const
/** Types whose projectName is their name (spec part 2 §3 "Queue integration"). */
export const NAMED_PROJECT_TYPES = new Set(['n8n', 'webhook', 'typebot', 'flowbuilder'])

const text = (max: number) => z.string().max(max, 'Too Long!').optional().default('')
const count = (fallback: number) => z.coerce.number({ error: 'Invalid number' }).int('Invalid number').min(0, 'Invalid number').max(1_000_000, 'Invalid number').optional().default(fallback)
const httpUrl = z.string().trim().max(2000, 'Too Long!').refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Invalid URL')

/**
 * POST /queueIntegration and PUT /queueIntegration/{id} (spec part 2 §3, §5 "Queue integration"): name 2-50,
 * type and language required; n8n, webhook and typebot need the URL, typebot its slug; flowbuilder a flow.
 * jsonContent (Dialogflow credentials) may be left blank on an edit to keep the stored one.
 */
export const integrationSchema = z
  .object({
    type: z.enum(INTEGRATION_TYPES, { error: 'Required' }),
    name: nameField,
    projectName: text(200),
    jsonContent: text(20_000),
    language: z.enum(['pt-BR', 'en', 'es'], { error: 'Required' }).optional().default('pt-BR'),
    urlN8N: httpUrl.optional().default(''),
    typebotSlug: text(200),
    typebotExpires: count(1),
    typebotDelayMessage: count(1000),
    typebotKeywordFinish: text(1000),
    typebotKeywordRestart: text(1000),
    typebotRestartMessage: text(1000),
    typebotUnknownMessage: text(1000),
    flowId: z.union([z.null(), z.literal(''), idField('Obrigatório')]).optional().transform((v) => (typeof v === 'number' ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (['n8n', 'webhook', 'typebot'].includes(v.type) && !v.urlN8N) ctx.addIssue({ code: 'custom', path: ['urlN8N'], message: 'Required' })
    if (v.type === 'typebot' && !v.typebotSlug.trim()) ctx.addIssue({ code: 'custom', path: ['typebotSlug'], message: 'Required' })
    if (v.type === 'flowbuilder' && v.flowId === null) ctx.addIssue({ code: 'custom', path: ['flowId'], message: 'Obrigatório' })
  })
  .transform((v) => ({
    ...v,
    projectName: NAMED_PROJECT_TYPES.has(v.type) ? v.name : v.projectName.trim(),
    jsonContent: v.type === 'dialogflow' ? v.jsonContent : '',
    flowId: v.type === 'flowbuilder' ? v.flowId : null,
  }))
export type IntegrationInput = z.infer<typeof integrationSchema>

export const listIntegrationsQuery = listQuery
export const integrationIdParam = z.object({ id: idField() })

/** POST /queueIntegration/testSession (spec: projectName, jsonContent, language); id (ours) tests the stored key. */
export const testSessionSchema = z.object({
  projectName: text(200),
  jsonContent: text(20_000),
  language: z.enum(['pt-BR', 'en', 'es'], { error: 'Required' }).optional().default('pt-BR'),
  id: z.union([z.null(), idField()]).optional().default(null),
})
export type TestSessionInput = z.infer<typeof testSessionSchema>
