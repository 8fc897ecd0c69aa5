import { createHash } from 'node:crypto'
import { importPKCS8, SignJWT } from 'jose'
import { z } from 'zod'
import { statusFailure, timedFetch, type Failed } from './provider-fetch.ts'
import type { CallOutcome } from './webhook-call.ts'

/** The fields of a Google service-account key (the JSON the admin pastes as jsonContent) that we use. */
export const serviceAccountSchema = z.object({
  client_email: z.string().email(),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.string().url().optional(),
  project_id: z.string().optional(),
})
export type ServiceAccount = z.infer<typeof serviceAccountSchema>

export function parseServiceAccount(json: string): ServiceAccount | null {
  try {
    const parsed = serviceAccountSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export interface DialogflowCall {
  /** Dialogflow's API root (config DIALOGFLOW_API_URL). */
  apiUrl: string
  jsonContent: string
  projectName: string
  language: string
  sessionId: string
  text: string
  /** A voice note instead of text: the stored file, sent as Ogg/Opus audio for Dialogflow to hear. */
  audioPath?: string | null
}

export interface DetectResult {
  queryText: string
  fulfillmentText: string
  texts: string[]
  intent: string | null
  endInteraction: boolean
}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token'
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform'

/** Access tokens by key: a cache (an hour each), never the only copy of anything. */
const tokens = new Map<string, { token: string; until: number }>()

/**
 * An OAuth access token for the service account: a JWT signed with its private key (jose, RS256) traded
 * at its token_uri (Google's "OAuth 2.0 for server to server applications").
 */
async function accessToken(sa: ServiceAccount, now: Date, timeoutMs: number, fetchImpl: typeof fetch): Promise<string | Failed> {
  const tokenUri = sa.token_uri ?? GOOGLE_TOKEN_URI
  const cacheKey = createHash('sha256').update(`${sa.client_email}\n${tokenUri}\n${sa.private_key}`).digest('hex')
  const cached = tokens.get(cacheKey)
  if (cached && cached.until > now.getTime() + 60_000) return cached.token
  let assertion: string
  try {
    const iat = Math.floor(now.getTime() / 1000)
    assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(sa.client_email)
      .setAudience(tokenUri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(await importPKCS8(sa.private_key, 'RS256'))
  } catch {
    return { kind: 'fail', reason: 'chave privada inválida no JSON' }
  }
  const res = await timedFetch(fetchImpl, tokenUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  }, timeoutMs)
  if (!(res instanceof Response)) return res
  const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null
  if (res.status === 429 || res.status >= 500) return { kind: 'retry', reason: `HTTP ${res.status} do Google` }
  if (!res.ok || !body?.access_token) return { kind: 'fail', reason: `credenciais recusadas pelo Google (HTTP ${res.status})` }
  tokens.set(cacheKey, { token: body.access_token, until: now.getTime() + (body.expires_in ?? 3600) * 1000 })
  return body.access_token
}

const detectAnswer = z.object({
  queryResult: z.object({
    queryText: z.string().optional(),
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z.array(z.object({ text: z.object({ text: z.array(z.string()).optional() }).optional() }).passthrough()).optional(),
    intent: z.object({ displayName: z.string().optional(), endInteraction: z.boolean().optional() }).passthrough().optional(),
  }).passthrough(),
}).passthrough()

/**
 * Dialogflow ES detectIntent through the REST API (v2 projects.agent.sessions.detectIntent) with the
 * text in the integration's language. The project is projectName, or the key's project_id.
 */
export async function detectIntent(call: DialogflowCall, now: Date, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<{ ok: true; result: DetectResult } | { ok: false; outcome: Failed }> {
  const sa = parseServiceAccount(call.jsonContent)
  if (!sa) return { ok: false, outcome: { kind: 'fail', reason: 'JSON da conta de serviço inválido' } }
  const project = call.projectName.trim() || sa.project_id || ''
  if (!project) return { ok: false, outcome: { kind: 'fail', reason: 'projeto não informado' } }
  const token = await accessToken(sa, now, timeoutMs, fetchImpl)
  if (typeof token !== 'string') return { ok: false, outcome: token }
  const url = `${call.apiUrl.replace(/\/+$/, '')}/v2/projects/${encodeURIComponent(project)}/agent/sessions/${encodeURIComponent(call.sessionId)}:detectIntent`
  const res = await timedFetch(fetchImpl, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(await queryOf(call)),
  }, timeoutMs)
  if (!(res instanceof Response)) return { ok: false, outcome: res }
  const json = await res.json().catch(() => null)
  const failed = statusFailure(res.status)
  if (failed) return { ok: false, outcome: failed }
  const parsed = detectAnswer.safeParse(json)
  if (!parsed.success) return { ok: false, outcome: { kind: 'fail', reason: 'resposta fora do formato' } }
  const q = parsed.data.queryResult
  const texts = (q.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).map((t) => t.trim()).filter(Boolean)
  const fulfillmentText = q.fulfillmentText ?? ''
  return {
    ok: true,
    result: {
      queryText: q.queryText ?? call.text,
      fulfillmentText,
      texts: texts.length ? texts : fulfillmentText.trim() ? [fulfillmentText.trim()] : [],
      intent: q.intent?.displayName ?? null,
      endInteraction: q.intent?.endInteraction === true,
    },
  }
}

/** Text in the agent's language (Dialogflow's 256-character limit), or a voice note as Ogg/Opus audio. */
async function queryOf(call: DialogflowCall): Promise<Record<string, unknown>> {
  if (!call.audioPath) return { queryInput: { text: { text: call.text.slice(0, 256), languageCode: call.language } } }
  const audio = Buffer.from(await Bun.file(call.audioPath).arrayBuffer()).toString('base64')
  return { queryInput: { audioConfig: { audioEncoding: 'AUDIO_ENCODING_OGG_OPUS', sampleRateHertz: 16000, languageCode: call.language } }, inputAudio: audio }
}

/** One customer message to a Dialogflow agent: its answers to the customer; an intent that ends the interaction ends the hand-over. */
export async function dialogflowTurn(call: DialogflowCall, mediaType: string, now: Date, timeoutMs: number, fetchImpl?: typeof fetch): Promise<CallOutcome> {
  if (!call.text.trim() && !call.audioPath) {
    return { kind: 'fail', reason: mediaType === 'audio' ? 'áudio sem arquivo' : 'mensagem sem texto' }
  }
  const detected = await detectIntent(call, now, timeoutMs, fetchImpl)
  if (!detected.ok) return detected.outcome
  return { kind: 'ok', effects: { reply: detected.result.texts, ...(detected.result.endInteraction ? { stopBot: true } : {}) } }
}
