import type { RouteInput, RoutingCtx, RuleOutcome } from '../routing/routing-context.ts'
import { sendSystemMedia, sendSystemMessage, type RunState } from '../routing/routing-effects.ts'
import { loadConnectionQueues } from '../routing/routing-state.ts'

/** Lowercase, no accents, single spaces: "Olá  Mundo" and "ola mundo" are the same keyword. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

/** Whether a customer's text matches a keyword under a condition (spec part 2 §3: equal, contains, startsWith, endsWith). */
export function matchesAutoReply(text: string, keyword: string, condition: string): boolean {
  const t = fold(text)
  const k = fold(keyword)
  if (!k) return false
  switch (condition) {
    case 'contains': return t.includes(k)
    case 'startsWith': return t.startsWith(k)
    case 'endsWith': return t.endsWith(k)
    default: return t === k
  }
}

/** The most specific condition wins when several rules match: equal, then startsWith, endsWith, contains. */
const PRECEDENCE: Record<string, number> = { equal: 0, startsWith: 1, endsWith: 2, contains: 3 }

interface Rule { keyword: string; condition: string; response: string; mediaPath: string | null; mediaName: string | null }

/**
 * Keyword auto-replies (issue 22), with the company's autoReply on, after the integrations and flows and
 * before the queue menu: a matching rule answers with its response and its file, and the message goes no
 * further. Nothing matching, the not-recognised message (with the keywords when autoReplyShowKeywords)
 * answers only where nothing else would: a ticket without a queue on a connection without queues.
 */
export async function applyAutoReply(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<RuleOutcome> {
  if (state.autoReply !== 'enabled') return 'next'
  const text = input.message.body ?? ''
  if (!text.trim()) return 'next'
  const rules = await ctx.tx<Rule[]>`
    select keyword, condition, response, media_path, media_name from auto_replies where company_id = ${state.companyId} order by id`
  const match = rules
    .filter((r) => matchesAutoReply(text, r.keyword, r.condition))
    .sort((a, b) => (PRECEDENCE[a.condition] ?? 9) - (PRECEDENCE[b.condition] ?? 9))[0]
  if (match) {
    await sendSystemMessage(ctx, state, match.response)
    if (match.mediaPath) await sendSystemMedia(ctx, state, { fileName: match.mediaPath, originalName: match.mediaName ?? match.mediaPath, mediaType: mediaTypeOf(match.mediaPath) })
    return 'done'
  }
  const notRecognized = state.autoReplyNotRecognizedMessage.trim()
  if (!notRecognized || state.queueId !== null || (await loadConnectionQueues(ctx.tx, state.whatsappId)).length > 0) return 'next'
  const keywords = state.autoReplyShowKeywords === 'enabled' ? rules.map((r) => `*${r.keyword}*`) : []
  await sendSystemMessage(ctx, state, keywords.length ? `${notRecognized}\n\n${keywords.join('\n')}` : notRecognized)
  return 'done'
}

const IMAGE = /\.(png|jpe?g|gif|webp)$/i
const AUDIO = /\.(mp3|ogg|oga|opus|m4a|aac|wav)$/i
const VIDEO = /\.(mp4|3gp|webm)$/i
/** The stored file's kind from its name (the upload kept the extension of its checked type). */
const mediaTypeOf = (name: string) => (IMAGE.test(name) ? 'image' : AUDIO.test(name) ? 'audio' : VIDEO.test(name) ? 'video' : 'application')
