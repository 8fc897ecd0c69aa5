import { api } from '../../lib/api.ts'

/** AI prompts (spec part 2 §2 "Prompts", §7 /prompt): online only, the server's rows; the key never comes back. */

export { PROMPT_VOICES } from '../../../../server/domain/prompts/prompt-voices.ts'

export interface Prompt {
  id: number
  name: string
  prompt: string
  voice: string
  voiceKey: string
  voiceRegion: string
  maxTokens: number
  temperature: number
  maxMessages: number
  queueId: number | null
  queue: { id: number; name: string } | null
  hasApiKey: boolean
  totalTokens: number
}

export interface PromptFormValues {
  name: string
  prompt: string
  apiKey: string
  queueId: string
  maxTokens: string
  temperature: string
  maxMessages: string
  voice: string
  voiceKey: string
  voiceRegion: string
}

/** Spec part 2 §9 defaults: maxTokens 100, temperature 1, maxMessages 10, voice 'texto'. */
export const newPromptValues = (): PromptFormValues => ({
  name: '', prompt: '', apiKey: '', queueId: '', maxTokens: '100', temperature: '1', maxMessages: '10', voice: 'texto', voiceKey: '', voiceRegion: '',
})

export const promptValuesOf = (p: Prompt): PromptFormValues => ({
  name: p.name, prompt: p.prompt, apiKey: '', queueId: p.queueId === null ? '' : String(p.queueId), maxTokens: String(p.maxTokens),
  temperature: String(p.temperature), maxMessages: String(p.maxMessages), voice: p.voice, voiceKey: p.voiceKey, voiceRegion: p.voiceRegion,
})

type Field = 'name' | 'queueId' | 'maxTokens' | 'temperature' | 'maxMessages'

/** Spec part 2 §5 "Prompt": a queue is required ('Informe o setor'); the numbers in the server's ranges. */
export function promptFormProblems(v: PromptFormValues): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {}
  const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max
  if (!v.name.trim()) problems.name = 'prompts.errors.required'
  if (!v.queueId) problems.queueId = 'prompts.errors.queue'
  if (!whole(v.maxTokens, 1, 32_000)) problems.maxTokens = 'prompts.errors.number'
  if (!whole(v.maxMessages, 1, 100)) problems.maxMessages = 'prompts.errors.number'
  const temp = Number(v.temperature.replace(',', '.'))
  if (!v.temperature.trim() || !Number.isFinite(temp) || temp < 0 || temp > 2) problems.temperature = 'prompts.errors.number'
  return problems
}

export const promptRequestBody = (v: PromptFormValues) => ({
  name: v.name.trim(), prompt: v.prompt, apiKey: v.apiKey.trim(), queueId: Number(v.queueId), maxTokens: Number(v.maxTokens),
  temperature: Number(v.temperature.replace(',', '.')), maxMessages: Number(v.maxMessages), voice: v.voice, voiceKey: v.voiceKey.trim(), voiceRegion: v.voiceRegion.trim(),
})

export const promptCalls = {
  list: (signal?: AbortSignal) => api<{ prompts: Prompt[] }>('/prompt', { signal }),
  create: (body: ReturnType<typeof promptRequestBody>) => api<Prompt>('/prompt', { method: 'POST', json: body }),
  update: (id: number, body: ReturnType<typeof promptRequestBody>) => api<Prompt>(`/prompt/${id}`, { method: 'PUT', json: body }),
  remove: (id: number) => api(`/prompt/${id}`, { method: 'DELETE' }),
}

/** A live event (company-{id}-prompt {action, prompt | promptId}) applied to the list. */
export function applyPromptEvent(rows: Prompt[], event: string, data: unknown): Prompt[] {
  if (!/^company-\d+-prompt$/.test(event)) return rows
  const d = (data ?? {}) as { action?: string; prompt?: Prompt; promptId?: number }
  if (d.action === 'delete') return rows.filter((r) => r.id !== d.promptId)
  if ((d.action === 'create' || d.action === 'update') && d.prompt && typeof d.prompt.id === 'number') {
    return [...rows.filter((r) => r.id !== d.prompt!.id), d.prompt].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
  }
  return rows
}
