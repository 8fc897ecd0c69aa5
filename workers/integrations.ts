import type { Tx } from '../server/db/connect.ts'
import type { MediaStore } from '../server/media/media-store.ts'
import type { Db } from '../server/db/tenant.ts'
import { withSystem, withTenant } from '../server/db/tenant.ts'
import type { DomainEvent } from '../server/domain/context.ts'
import type { EventBus } from '../server/events.ts'
import {
  applyEffects, dialogflowTurn, type SpeechSynth, INTEGRATION_QUEUE, openAiTurn, postWebhook, prepareCall, preparePromptCall, recordFailure, storeBubbleMedia, typebotTurn,
  type CallOutcome, type IntegrationJobPayload,
} from '../server/domain/integrations/runtime/index.ts'
import { claimJobs, retryLater, type ClaimedJob } from './job-claims.ts'
import { PollLoop } from './poll-loop.ts'

export interface IntegrationWorkerDeps {
  db: Db
  events: Pick<EventBus, 'publish'>
  now: () => Date
  owner: string
  log: (message: string, err?: unknown) => void
  /** How long a receiver has to answer (ms). */
  timeoutMs?: number
  /** Calls per message before the failure is recorded on the ticket. */
  attempts?: number
  random?: () => number
  fetch?: typeof fetch
  /** Dialogflow's API root (config DIALOGFLOW_API_URL). */
  dialogflowUrl?: string
  /** The OpenAI-compatible server and model of the AI prompts (config OPENAI_BASE_URL, OPENAI_MODEL). */
  openAiUrl?: string
  openAiModel?: string
  /** The company's stored files: voice notes read for a prompt or Dialogflow; a bot's media and spoken answers written. */
  media?: Pick<MediaStore, 'pathOf' | 'saveReceived' | 'unlink' | 'maxBytes'>
  /** A signed absolute link to a company's stored file, for the webhook body (PUBLIC_URL set). */
  mediaLink?: (companyId: number, fileName: string) => string | null
  /** Speaks a prompt's answer when the prompt has a voice (Azure by default). */
  speech?: SpeechSynth
}

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_ATTEMPTS = 3
const DIALOGFLOW_URL = 'https://dialogflow.googleapis.com'
const OPENAI_URL = 'https://api.openai.com/v1'
const OPENAI_MODEL = 'gpt-4o-mini'
/** WhatsApp refuses media over 16 MB; a larger bot file goes as its link. */
const WHATSAPP_MEDIA_BYTES = 16 << 20

/**
 * Runs the queued integration calls (issue 22): each job's body is read in its company's transaction, the
 * POST goes out with no transaction open, and the answer is applied in a second one that locks the ticket
 * and checks it still waits for this integration. A timeout, the network, 5xx or 429 are retried with the
 * send backoff (the delivery id stays the same, so a receiver can drop a repeat); a 4xx, a reply out of
 * shape or the last attempt leave a private note on the ticket. One ticket's calls go one at a time, in
 * order; different tickets' go in parallel. Returns how many jobs it handled.
 */
export async function runIntegrationBatch(deps: IntegrationWorkerDeps, limit = 20): Promise<number> {
  const jobs = await claimJobs<IntegrationJobPayload>(deps.db, INTEGRATION_QUEUE, deps.owner, deps.now(), limit, (deps.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 60_000)
  const byTicket = new Map<number, ClaimedJob<IntegrationJobPayload>[]>()
  for (const job of jobs) byTicket.set(job.payload.ticketId, [...(byTicket.get(job.payload.ticketId) ?? []), job])
  await Promise.all([...byTicket.values()].map(async (list) => {
    for (const job of list) await runJob(deps, job)
  }))
  return jobs.length
}

async function runJob(deps: IntegrationWorkerDeps, job: ClaimedJob<IntegrationJobPayload>): Promise<void> {
  const events: DomainEvent[] = []
  const ctxOf = (tx: Tx) => ({ tx, now: deps.now, emit: (e: DomainEvent) => events.push(e) })
  // Files the call stored (a bot's media, a spoken answer): kept only when the answer lands on the ticket.
  const stored: string[] = []
  let applied = false
  try {
    const made = await callFor(deps, job, stored)
    if (!made) {
      await finish(deps, job, 'stale')
      return
    }
    const { name, outcome } = made
    const maxAttempts = deps.attempts ?? DEFAULT_ATTEMPTS
    if (outcome.kind === 'retry' && job.attempts < maxAttempts) {
      await retryLater(deps.db, { ...job, maxAttempts }, new Error(outcome.reason), deps.now(), outcome.reason, deps.random)
      return
    }
    if (outcome.kind === 'ok') {
      const result = await withTenant(deps.db, { companyId: job.companyId }, (tx) => applyEffects(ctxOf(tx), job.payload, name, outcome.effects))
      applied = result === 'applied'
      await finish(deps, job, applied ? null : 'stale')
    } else {
      const reason = outcome.kind === 'retry' ? `${outcome.reason} após ${job.attempts} tentativas` : outcome.reason
      await withTenant(deps.db, { companyId: job.companyId }, (tx) => recordFailure(ctxOf(tx), job.payload, name, reason))
      await finish(deps, job, reason)
    }
    if (events.length) deps.events.publish(events)
  } catch (err) {
    deps.log(`integration job ${job.id} failed`, err)
    await retryLater(deps.db, job, err, deps.now(), 'integration call failed', deps.random)
  } finally {
    if (!applied && deps.media) for (const f of stored) await deps.media.unlink(job.companyId, f)
  }
}

/**
 * Reads what the job's call needs in the company's transaction, then makes the call with no transaction
 * open; files it stores are named in `stored`. Null when the ticket no longer waits for it.
 */
async function callFor(deps: IntegrationWorkerDeps, job: ClaimedJob<IntegrationJobPayload>, stored: string[]): Promise<{ name: string; outcome: CallOutcome } | null> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const scope = { companyId: job.companyId }
  const pathOf = (file: string | null) => (file && deps.media ? deps.media.pathOf(job.companyId, file) : null)
  if (job.payload.promptId !== undefined) {
    const settings = { baseUrl: deps.openAiUrl ?? OPENAI_URL, model: deps.openAiModel ?? OPENAI_MODEL }
    const prompt = await withTenant(deps.db, scope, (tx) => preparePromptCall(tx, job.payload, settings))
    if (!prompt) return null
    // A voice note is transcribed first; its file is read from the company's media folder.
    const outcome = await openAiTurn({ ...prompt.call, audioPath: pathOf(prompt.audioFile) }, timeoutMs, deps.fetch)
    // A prompt with a voice speaks its answer (a transfer is not spoken).
    if (outcome.kind === 'ok' && prompt.voice && outcome.effects.queueId === undefined && !outcome.effects.stopBot) {
      outcome.effects.voiceFile = await speakAnswer(deps, job, [outcome.effects.reply ?? []].flat().join('\n'), prompt.voice, timeoutMs)
      if (outcome.effects.voiceFile) stored.push(outcome.effects.voiceFile)
    }
    return { name: prompt.name, outcome }
  }
  const call = await withTenant(deps.db, scope, (tx) => prepareCall(tx, job.payload, `integration-${job.id}`, deps.now(), deps.mediaLink && ((f) => deps.mediaLink!(job.companyId, f))))
  if (!call) return null
  const outcome: CallOutcome = call.type === 'typebot'
    ? await typebotTurn(call.typebot, deps.now(), timeoutMs, deps.fetch)
    : call.type === 'dialogflow'
      ? await dialogflowTurn({
        ...call.dialogflow,
        apiUrl: deps.dialogflowUrl ?? DIALOGFLOW_URL,
        audioPath: pathOf(call.dialogflow.audioFile),
      }, call.body.message.mediaType, deps.now(), timeoutMs, deps.fetch)
      : await postWebhook(call.url, call.secret, call.body, timeoutMs, deps.fetch)
  // A bot's image, audio and video bubbles go to the customer as media, not links.
  const media = deps.media
  if (outcome.kind === 'ok' && outcome.effects.sends && media) {
    const done = await storeBubbleMedia(outcome.effects.sends, {
      save: (bytes, mimeType, originalName) => media.saveReceived(job.companyId, bytes, mimeType, originalName),
      timeoutMs,
      maxBytes: Math.min(media.maxBytes, WHATSAPP_MEDIA_BYTES),
      fetch: deps.fetch,
    })
    outcome.effects.sends = done.sends
    stored.push(...done.stored)
  }
  return { name: call.name, outcome }
}

/** The answer as a stored voice note, or undefined (no text, no speech or media set up, or the voice failed: it goes as text). */
async function speakAnswer(deps: IntegrationWorkerDeps, job: ClaimedJob<IntegrationJobPayload>, text: string, voice: { name: string; key: string; region: string }, timeoutMs: number): Promise<string | undefined> {
  if (!text || !deps.media || !deps.speech) return undefined
  const said = await deps.speech.synthesize(text, voice, timeoutMs)
  if (!said.ok) {
    deps.log(`prompt ${job.payload.promptId} voice failed: ${said.reason}`)
    return undefined
  }
  return (await deps.media.saveReceived(job.companyId, said.audio, 'audio/ogg', 'resposta.ogg')).fileName
}

async function finish(deps: IntegrationWorkerDeps, job: ClaimedJob<unknown>, error: string | null): Promise<void> {
  await withSystem(deps.db, (tx) => tx`update jobs set done_at = ${deps.now()}, locked_until = null, last_error = ${error} where id = ${job.id}`)
}

/** The integration loop of a worker: polls, and is ticked when another process queues a call (NOTIFY). */
export class IntegrationRunner extends PollLoop {
  constructor(deps: IntegrationWorkerDeps, pollMs = 500) {
    super(async () => {
      while ((await runIntegrationBatch(deps)) > 0);
    }, (err) => deps.log('integration loop failed', err), pollMs)
  }
}
