import { z } from 'zod'
import { idField } from './common.schema.ts'
import { PROMPT_VOICES } from '../domain/prompts/prompt-voices.ts'

export { PROMPT_VOICES }

const noNul = (s: string) => !s.includes('\u0000')
const text = (max: number) => z.string().max(max, 'Too Long!').refine(noNul, 'Invalid character').optional().default('')

/**
 * POST /prompt and PUT /prompt/{id} (spec part 2 §3, §5 "Prompt"): the queue is required ('Informe o setor');
 * defaults maxTokens 100, temperature 1, maxMessages 10, voice 'texto'. A blank apiKey on an edit keeps the stored one.
 */
export const promptSchema = z.object({
  name: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(100, 'Too Long!').refine(noNul, 'Invalid character'),
  prompt: text(20_000),
  voice: z.enum(PROMPT_VOICES, { error: 'Invalid voice' }).optional().default('texto'),
  voiceKey: text(500),
  voiceRegion: text(100),
  maxTokens: z.coerce.number({ error: 'Invalid number' }).int('Invalid number').min(1, 'Invalid number').max(32_000, 'Invalid number').optional().default(100),
  temperature: z.coerce.number({ error: 'Invalid number' }).min(0, 'Invalid number').max(2, 'Invalid number').optional().default(1),
  maxMessages: z.coerce.number({ error: 'Invalid number' }).int('Invalid number').min(1, 'Invalid number').max(100, 'Invalid number').optional().default(10),
  apiKey: text(500),
  queueId: z.union([z.null(), z.literal(''), idField('Informe o setor')], { error: 'Informe o setor' }).optional()
    .transform((v) => (typeof v === 'number' ? v : null))
    .refine((v) => v !== null, 'Informe o setor'),
})
export type PromptInput = z.infer<typeof promptSchema>

export const promptIdParam = z.object({ id: idField() })
