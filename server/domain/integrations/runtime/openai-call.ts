import { z } from 'zod'
import { statusFailure, timedFetch, type Failed } from './provider-fetch.ts'
import type { CallOutcome } from './webhook-call.ts'

/** What the answer says when the customer asks for a person (the anchors' phrase); it moves the ticket to the prompt's queue. */
export const TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento'

export interface PromptCall {
  /** The OpenAI-compatible server's root (config OPENAI_BASE_URL) and model (OPENAI_MODEL). */
  baseUrl: string
  model: string
  promptId: number
  apiKey: string
  prompt: string
  maxTokens: number
  temperature: number
  queueId: number | null
  contactName: string
  /** The ticket's latest maxMessages text messages, oldest first. */
  history: { fromMe: boolean; body: string }[]
  /** The customer's message is a voice note: the stored file, transcribed first (its text is the last user turn). */
  audioPath?: string | null
}

/** The transcription model of OpenAI's audio API (an OpenAI-compatible server maps it as it likes). */
export const TRANSCRIBE_MODEL = 'whisper-1'

async function transcribe(call: PromptCall, path: string, timeoutMs: number, fetchImpl: typeof fetch): Promise<string | Failed> {
  const form = new FormData()
  form.append('file', Bun.file(path), path.split('/').pop() ?? 'audio.ogg')
  form.append('model', TRANSCRIBE_MODEL)
  const res = await timedFetch(fetchImpl, `${call.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${call.apiKey}` }, body: form }, timeoutMs, 'transcrição: ')
  if (!(res instanceof Response)) return res
  const json = (await res.json().catch(() => null)) as { text?: unknown } | null
  const failed = statusFailure(res.status, 'transcrição: ')
  if (failed) return failed
  if (typeof json?.text !== 'string') return { kind: 'fail', reason: 'transcrição: resposta fora do formato' }
  return json.text.trim()
}

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }).passthrough() }).passthrough()).min(1),
  usage: z.object({ prompt_tokens: z.number().default(0), completion_tokens: z.number().default(0), total_tokens: z.number().default(0) }).partial().optional(),
}).passthrough()

/** The system message: the admin's prompt, the customer's name, and how to ask for a transfer. */
export function systemMessage(call: Pick<PromptCall, 'prompt' | 'contactName'>): string {
  return [
    call.prompt.trim(),
    `O nome do cliente é ${call.contactName || 'desconhecido'}; use-o nas respostas.`,
    `Se o cliente pedir para falar com um atendente humano, responda apenas: "${TRANSFER_PHRASE}".`,
  ].filter(Boolean).join('\n\n')
}

/**
 * One customer message to an OpenAI prompt (issue 22): chat completions with the system message and the
 * ticket's latest maxMessages messages (the anchors send the oldest), maxTokens and temperature. The answer
 * goes to the customer; the transfer phrase moves the ticket to the prompt's queue; usage is counted.
 */
export async function openAiTurn(call: PromptCall, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<CallOutcome> {
  if (!call.apiKey) return { kind: 'fail', reason: 'prompt sem chave de API' }
  const heard = call.audioPath ? await transcribe(call, call.audioPath, timeoutMs, fetchImpl) : null
  if (heard !== null && typeof heard !== 'string') return heard
  const messages = [
    { role: 'system', content: systemMessage(call) },
    ...call.history.filter((m) => m.body.trim()).map((m) => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body })),
    ...(heard ? [{ role: 'user', content: heard }] : []),
  ]
  const res = await timedFetch(fetchImpl, `${call.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${call.apiKey}` },
    body: JSON.stringify({ model: call.model, messages, max_tokens: call.maxTokens, temperature: call.temperature }),
  }, timeoutMs)
  if (!(res instanceof Response)) return res
  const json = await res.json().catch(() => null)
  if (res.status === 401) return { kind: 'fail', reason: 'chave de API recusada (HTTP 401)' }
  const failed = statusFailure(res.status)
  if (failed) return failed
  const parsed = completion.safeParse(json)
  if (!parsed.success) return { kind: 'fail', reason: 'resposta fora do formato' }
  const answer = (parsed.data.choices[0].message.content ?? '').trim()
  const usage = parsed.data.usage ?? {}
  const tokens = { promptId: call.promptId, prompt: usage.prompt_tokens ?? 0, completion: usage.completion_tokens ?? 0, total: usage.total_tokens ?? 0 }
  if (answer.includes(TRANSFER_PHRASE)) {
    const before = answer.replace(TRANSFER_PHRASE, '').replace(/["“”]/g, '').trim()
    return { kind: 'ok', effects: { reply: before ? [before] : [], ...(call.queueId !== null ? { queueId: call.queueId } : { stopBot: true }), tokens } }
  }
  return { kind: 'ok', effects: { reply: answer ? [answer] : [], tokens } }
}
