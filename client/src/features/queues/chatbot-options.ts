/**
 * The queue editor's chatbot option tree as form values (spec part 2 §3 "Chatbot option"), and the pure
 * edits the tree editor makes. An option is addressed by its path: its index at each level.
 */

import { MAX_OPTIONS_PER_LEVEL, MAX_TREE_DEPTH, QUEUE_TYPES, type ChatbotOptionInput, type QueueType } from '../../../../server/routes/chatbots.schema.ts'

// The option types and the tree's limits are the server's (one list, so they cannot drift).
export { MAX_OPTIONS_PER_LEVEL, MAX_TREE_DEPTH, QUEUE_TYPES, type QueueType }

export type OptionPath = number[]

/** One option as the editor holds it: ids as strings ('' = none); `id` null for an option not saved yet. */
export interface ChatbotOptionValues {
  /** Stable React key (the id of a saved option, or a local one). */
  key: string
  id: number | null
  name: string
  greetingMessage: string
  queueType: QueueType
  closeTicket: boolean
  optQueueId: string
  optUserId: string
  optIntegrationId: string
  optFileId: string
  options: ChatbotOptionValues[]
}

/** An option as GET /queue/{id} answers it. */
export interface ChatbotOptionView {
  id: number
  name: string
  greetingMessage: string | null
  queueType: string
  closeTicket: boolean
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  options?: ChatbotOptionView[]
}

/** An option of the POST/PUT /queue body (`chatbots`, the whole tree). */
export type ChatbotOptionBody = ChatbotOptionInput

let localSeq = 0

export function newOption(): ChatbotOptionValues {
  localSeq += 1
  return {
    key: `new-${localSeq}`, id: null, name: '', greetingMessage: '', queueType: 'text', closeTicket: false,
    optQueueId: '', optUserId: '', optIntegrationId: '', optFileId: '', options: [],
  }
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v))
const idOrNull = (v: string) => (/^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null)
const typeOf = (v: string): QueueType => ((QUEUE_TYPES as readonly string[]).includes(v) ? (v as QueueType) : 'text')

export function optionValuesOf(o: ChatbotOptionView): ChatbotOptionValues {
  return {
    key: `saved-${o.id}`, id: o.id, name: o.name, greetingMessage: o.greetingMessage ?? '', queueType: typeOf(o.queueType),
    closeTicket: o.closeTicket === true, optQueueId: str(o.optQueueId), optUserId: str(o.optUserId),
    optIntegrationId: str(o.optIntegrationId), optFileId: str(o.optFileId), options: (o.options ?? []).map(optionValuesOf),
  }
}

/** The option as the API takes it: only the type's own references (an attendent option keeps its queue too). */
export function optionBody(o: ChatbotOptionValues): ChatbotOptionBody {
  const t = o.queueType
  return {
    ...(o.id !== null ? { id: o.id } : {}),
    name: o.name.trim(),
    greetingMessage: o.greetingMessage,
    queueType: t,
    closeTicket: o.closeTicket,
    optQueueId: t === 'queue' || t === 'attendent' ? idOrNull(o.optQueueId) : null,
    optUserId: t === 'attendent' ? idOrNull(o.optUserId) : null,
    optIntegrationId: t === 'integration' ? idOrNull(o.optIntegrationId) : null,
    optFileId: t === 'file' ? idOrNull(o.optFileId) : null,
    options: o.options.map(optionBody),
  }
}

/** The field each type needs (spec part 2 §3; server rule "each type needs its field"). */
export const REQUIRED_REF: Partial<Record<QueueType, 'optUserId' | 'optQueueId' | 'optIntegrationId' | 'optFileId'>> = {
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
}

/** Rewrites the level at `parent` (null = the queue's own menu). */
function mapLevel(tree: ChatbotOptionValues[], parent: OptionPath, fn: (level: ChatbotOptionValues[]) => ChatbotOptionValues[]): ChatbotOptionValues[] {
  if (parent.length === 0) return fn(tree)
  const [head, ...rest] = parent
  return tree.map((o, i) => (i === head ? { ...o, options: mapLevel(o.options, rest, fn) } : o))
}

/** Adds an empty option at the end of the level under `parent` ([] = the queue's menu). */
export function addOption(tree: ChatbotOptionValues[], parent: OptionPath): ChatbotOptionValues[] {
  return mapLevel(tree, parent, (level) => (level.length >= MAX_OPTIONS_PER_LEVEL ? level : [...level, newOption()]))
}

export function removeOption(tree: ChatbotOptionValues[], path: OptionPath): ChatbotOptionValues[] {
  const index = path[path.length - 1]
  return mapLevel(tree, path.slice(0, -1), (level) => level.filter((_, i) => i !== index))
}

export function updateOption(tree: ChatbotOptionValues[], path: OptionPath, patch: Partial<ChatbotOptionValues>): ChatbotOptionValues[] {
  const index = path[path.length - 1]
  return mapLevel(tree, path.slice(0, -1), (level) => level.map((o, i) => (i === index ? { ...o, ...patch } : o)))
}

/** Moves an option up (-1) or down (+1) among its siblings; at either end nothing changes. */
export function moveOption(tree: ChatbotOptionValues[], path: OptionPath, delta: -1 | 1): ChatbotOptionValues[] {
  const index = path[path.length - 1]
  return mapLevel(tree, path.slice(0, -1), (level) => {
    const to = index + delta
    if (to < 0 || to >= level.length) return level
    const next = [...level]
    ;[next[index], next[to]] = [next[to], next[index]]
    return next
  })
}

/** The server's field path of an option (`chatbots.0.options.1`), as ERR_VALIDATION names it. */
export const optionFieldPath = (path: OptionPath) => `chatbots.${path.join('.options.')}`

/** Every broken option rule, keyed by field path (spec part 2 §5: name ≥ 4, next level needs a message, type field). */
export function optionProblems(level: ChatbotOptionValues[], parent: OptionPath = []): Record<string, string> {
  const out: Record<string, string> = {}
  level.forEach((o, i) => {
    const path = [...parent, i]
    const at = optionFieldPath(path)
    const name = o.name.trim()
    if (!name) out[`${at}.name`] = 'validation.required'
    else if (name.length < 4) out[`${at}.name`] = 'validation.tooShort'
    else if (name.length > 100) out[`${at}.name`] = 'validation.tooLong'
    if (o.greetingMessage.length > 5000) out[`${at}.greetingMessage`] = 'validation.tooLong'
    else if (o.options.length > 0 && !o.greetingMessage.trim()) out[`${at}.greetingMessage`] = 'queues.errors.nextLevelNeedsMessage'
    const ref = REQUIRED_REF[o.queueType]
    if (ref && idOrNull(o[ref]) === null) out[`${at}.${ref}`] = o[ref].trim() ? 'queues.errors.invalidId' : 'validation.required'
    Object.assign(out, optionProblems(o.options, path))
  })
  return out
}
