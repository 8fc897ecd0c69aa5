import { createHmac } from 'node:crypto'
import { z } from 'zod'
import type { Send } from './bubble-media.ts'
import { statusFailure, timedFetch } from './provider-fetch.ts'

/** The header carrying the signature: "sha256=" and the hex HMAC-SHA256 of the raw body with the integration's secret. */
export const SIGNATURE_HEADER = 'X-Balcao-Signature-256'
/** The delivery's id: the same on every retry of one message, so a receiver can drop a repeat. */
export const DELIVERY_HEADER = 'X-Balcao-Delivery'

/** What an n8n or webhook integration receives (docs/decisions.md "Integration webhooks"). */
export interface WebhookBody {
  event: 'message'
  deliveryId: string
  sentAt: string
  integration: { id: number; name: string; type: string }
  company: { id: number }
  connection: { id: number; name: string; channel: string }
  ticket: { id: number; uuid: string; status: string; queueId: number | null }
  contact: { id: number; name: string; number: string; email: string }
  /** mediaUrl: a signed link to the message's file, valid 24 h (null: no file, or PUBLIC_URL unset). */
  message: { id: number; body: string; mediaType: string; fromMe: boolean; createdAt: string; mediaName: string | null; mediaUrl: string | null }
}

/** A text we can store and send: no NUL (Postgres text refuses it), at most WhatsApp's practical length. */
const replyText = z.string().max(4096).refine((s) => !s.includes('\u0000'), 'NUL character')

/**
 * The answer a receiver may give (any other JSON, or none, is a delivery with nothing to do: n8n answers
 * `{"message":"Workflow was started"}` by default). reply: texts for the customer, in order; queueId moves
 * the ticket to a queue of the company, userId gives it to a user; either, or stopBot, ends the hand-over.
 */
export const webhookReplySchema = z.object({
  reply: z.union([replyText, z.array(replyText).max(10)]).optional(),
  queueId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  stopBot: z.boolean().optional(),
})
export type WebhookReply = z.infer<typeof webhookReplySchema>

/**
 * What an answer does on the ticket (run-integration.ts applyEffects): a webhook's reply, or a Typebot
 * turn's, which may also close the ticket, space its texts and keep or drop its session.
 */
export interface Effects extends WebhookReply {
  close?: boolean
  /** A bot's bubbles in order (Typebot), in place of reply: texts and media. */
  sends?: Send[]
  /** Between one text and the next (typebotDelayMessage). */
  delayMs?: number
  /** The Typebot session the ticket keeps (null: none). */
  session?: { id: string | null }
  /** A prompt's answer spoken: the stored voice note sent in place of the text. */
  voiceFile?: string
  /** What an OpenAI prompt's answer used, added to the prompt's counters. */
  tokens?: { promptId: number; prompt: number; completion: number; total: number }
}

export type CallOutcome =
  | { kind: 'ok'; effects: Effects }
  /** Worth another attempt: no answer in time, the network, 5xx, 429. */
  | { kind: 'retry'; reason: string }
  /** Another attempt would fail the same way: 4xx, a reply that breaks the documented shape. */
  | { kind: 'fail'; reason: string }

export const signBody = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`

/** Up to 1 MiB of answer is read; a larger one is refused rather than held in memory. */
const MAX_ANSWER_BYTES = 1 << 20

/** POSTs the body, signed, to the integration's URL and says what came of it. Never throws. */
export async function postWebhook(url: string, secret: string, body: WebhookBody, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<CallOutcome> {
  const raw = JSON.stringify(body)
  const res = await timedFetch(fetchImpl, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Balcao-Integrations/1', [SIGNATURE_HEADER]: signBody(secret, raw), [DELIVERY_HEADER]: body.deliveryId },
    body: raw,
  }, timeoutMs)
  if (!(res instanceof Response)) return res
  const text = await readLimited(res)
  const failed = statusFailure(res.status)
  if (failed) return failed
  if (text === null) return { kind: 'fail', reason: 'resposta maior que 1 MB' }
  return parseAnswer(text)
}

/** The answer as JSON in the documented shape; anything not JSON or without our fields is nothing to do. */
export function parseAnswer(text: string): CallOutcome {
  let json: unknown
  try {
    json = text.trim() ? JSON.parse(text) : {}
  } catch {
    return { kind: 'ok', effects: {} }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { kind: 'ok', effects: {} }
  const parsed = webhookReplySchema.safeParse(json)
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || 'reply').join(', ')
    return { kind: 'fail', reason: `resposta fora do formato (${fields})` }
  }
  return { kind: 'ok', effects: parsed.data }
}

async function readLimited(res: Response): Promise<string | null> {
  const length = Number(res.headers.get('content-length') ?? 0)
  if (length > MAX_ANSWER_BYTES) {
    await res.body?.cancel().catch(() => {})
    return null
  }
  try {
    const buf = await res.arrayBuffer()
    return buf.byteLength > MAX_ANSWER_BYTES ? null : new TextDecoder().decode(buf)
  } catch {
    return ''
  }
}
