import { z } from 'zod'
import type { Send } from './bubble-media.ts'
import { statusFailure, timedFetch, type Failed } from './provider-fetch.ts'
import type { CallOutcome, Effects } from './webhook-call.ts'

/** A Typebot integration's settings and the ticket's session, read before the call (run-integration.ts). */
export interface TypebotCall {
  url: string
  slug: string
  expiresMin: number
  keywordFinish: string
  keywordRestart: string
  restartMessage: string
  unknownMessage: string
  delayMs: number
  sessionId: string | null
  sessionAt: Date | null
  text: string
  contact: { number: string; name: string }
}

/** The parts of Typebot's chat API answer we use (docs.typebot.io "Start chat" / "Continue chat"). */
const bubble = z.object({
  type: z.string(),
  content: z.object({ markdown: z.string().optional(), richText: z.unknown().optional(), url: z.string().optional(), type: z.string().optional() }).passthrough().optional(),
}).passthrough()
const chatAnswer = z.object({
  sessionId: z.string().optional(),
  messages: z.array(bubble).default([]),
  input: z.object({ type: z.string(), items: z.array(z.object({ content: z.string().optional() }).passthrough()).optional() }).passthrough().nullish(),
}).passthrough()
type ChatAnswer = z.infer<typeof chatAnswer>

const same = (a: string, b: string) => b.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * One customer message to a Typebot bot (issue 22). The finish keyword closes the ticket and the restart
 * keyword drops the session with the restart message, without calling Typebot; a session idle longer
 * than typebotExpires minutes, or one Typebot no longer knows (404), starts over. A new session starts
 * the bot (its opening bubbles); later messages answer its inputs. Never throws.
 */
export async function typebotTurn(call: TypebotCall, now: Date, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<CallOutcome> {
  if (same(call.text, call.keywordFinish)) return { kind: 'ok', effects: { close: true, session: { id: null } } }
  if (same(call.text, call.keywordRestart)) return { kind: 'ok', effects: { reply: call.restartMessage, session: { id: null } } }
  const expired = call.expiresMin > 0 && call.sessionAt !== null && now.getTime() - call.sessionAt.getTime() > call.expiresMin * 60_000
  const base = call.url.replace(/\/+$/, '')
  let sessionId = expired ? null : call.sessionId
  let answer: ChatAnswer | null = null
  if (sessionId !== null) {
    const res = await post(`${base}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message: { type: 'text', text: call.text }, textBubbleContentFormat: 'markdown' }, timeoutMs, fetchImpl)
    if (res.ok) answer = res.answer
    else if (res.outcome.kind === 'fail' && res.outcome.reason === 'HTTP 404') sessionId = null
    else return res.outcome
    if (answer && answer.messages.length === 0 && answer.input) return { kind: 'ok', effects: { reply: call.unknownMessage, session: { id: sessionId } } }
  }
  if (answer === null || sessionId === null) {
    const res = await post(`${base}/api/v1/typebots/${encodeURIComponent(call.slug)}/startChat`, {
      isStreamEnabled: false,
      isOnlyRegistering: false,
      textBubbleContentFormat: 'markdown',
      prefilledVariables: { number: call.contact.number, pushName: call.contact.name },
    }, timeoutMs, fetchImpl)
    if (!res.ok) return res.outcome
    if (!res.answer.sessionId) return { kind: 'fail', reason: 'resposta fora do formato (sessionId)' }
    answer = res.answer
    sessionId = res.answer.sessionId
  }
  return { kind: 'ok', effects: { ...effectsOf(answer), delayMs: call.delayMs, session: { id: sessionId } } }
}

/**
 * Typebot's bubbles as our effects, in order: texts, image/audio/video bubbles by their URL (the worker
 * downloads them, bubble-media.ts), an embed or a YouTube/Vimeo video as its link, a choice input's items,
 * a `#{...}` transfer.
 */
function effectsOf(answer: ChatAnswer): Effects {
  const sends: Send[] = []
  const effects: Effects = {}
  for (const m of answer.messages) {
    if (m.type === 'text') {
      const text = textOf(m.content)
      const trigger = text.startsWith('#') ? parseTrigger(text.slice(1)) : null
      if (trigger) Object.assign(effects, trigger)
      else if (text) sends.push({ text })
      continue
    }
    const url = m.content?.url
    if (!url) continue
    const hosted = m.type !== 'video' || m.content?.type === undefined || m.content.type === 'url'
    if ((m.type === 'image' || m.type === 'audio' || m.type === 'video') && hosted) sends.push({ url, mediaType: m.type })
    else sends.push({ text: url })
  }
  if (answer.input?.type === 'choice input' && answer.input.items?.length) {
    sends.push({ text: answer.input.items.map((i) => `▶️ ${i.content ?? ''}`).join('\n') })
  }
  return { ...effects, sends }
}

/** Markdown bubbles in WhatsApp's marks (**bold** → *bold*); rich text joined line by line. */
function textOf(content: z.infer<typeof bubble>['content']): string {
  if (typeof content?.markdown === 'string') return content.markdown.replace(/\*\*(.+?)\*\*/g, '*$1*').replace(/\\([*_~`#])/g, '$1').trim()
  const lines = Array.isArray(content?.richText) ? (content.richText as { children?: { text?: string }[] }[]) : []
  return lines.map((l) => (l.children ?? []).map((c) => c.text ?? '').join('')).join('\n').trim()
}

const trigger = z.object({ stopBot: z.boolean().optional(), queueId: z.coerce.number().int().positive().optional(), userId: z.coerce.number().int().positive().optional() })

/** The anchor's transfer bubble: '#' and a JSON object with stopBot, queueId or userId. */
function parseTrigger(json: string): Effects | null {
  try {
    const parsed = trigger.safeParse(JSON.parse(json))
    return parsed.success && Object.keys(parsed.data).length ? parsed.data : null
  } catch {
    return null
  }
}

type Posted = { ok: true; answer: ChatAnswer } | { ok: false; outcome: Failed }

async function post(url: string, body: unknown, timeoutMs: number, fetchImpl: typeof fetch): Promise<Posted> {
  const res = await timedFetch(fetchImpl, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, timeoutMs)
  if (!(res instanceof Response)) return { ok: false, outcome: res }
  const text = await res.text().catch(() => '')
  const failed = statusFailure(res.status)
  if (failed) return { ok: false, outcome: failed }
  const outOfShape = { ok: false as const, outcome: { kind: 'fail' as const, reason: 'resposta fora do formato' } }
  try {
    const parsed = chatAnswer.safeParse(JSON.parse(text))
    return parsed.success ? { ok: true, answer: parsed.data } : outOfShape
  } catch {
    return outOfShape
  }
}
