import { MAX_TREE_DEPTH, type ChatbotOptionInput, type QueueType } from '../../routes/chatbots.schema.ts'
import { AppError } from '../app-error.ts'

export interface FieldIssue {
  field: string
  message: string
}

/** The message of spec part 2 §5 "an option with a next level needs a message text". */
export const NEXT_LEVEL_NEEDS_MESSAGE = 'A next level needs a message'

/** The reference each option type uses (spec part 2 §3 "the type decides which extra field appears"). */
const requiredRef: Record<QueueType, keyof OptionRefs | null> = {
  text: null,
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
}

/** Which references a type keeps; the others are cleared (an attendant option may also name the queue). */
const keptRefs: Record<QueueType, (keyof OptionRefs)[]> = {
  text: [],
  attendent: ['optUserId', 'optQueueId'],
  queue: ['optQueueId'],
  integration: ['optIntegrationId'],
  file: ['optFileId'],
}

export interface OptionRefs {
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
}

export type OptionFields = OptionRefs & { name: string; greetingMessage: string; queueType: QueueType; closeTicket: boolean }

/** The option as stored: the references its type does not use are null. */
export function normalizeOption<T extends OptionFields>(option: T): T {
  const out = { ...option }
  for (const ref of ['optQueueId', 'optUserId', 'optIntegrationId', 'optFileId'] as const) {
    if (!keptRefs[option.queueType].includes(ref)) out[ref] = null
  }
  return out
}

/** The rules of one option, given whether it has a next level; `at` is its field path ('' for the top). */
export function optionProblems(option: OptionFields, hasNextLevel: boolean, at: string): FieldIssue[] {
  const issues: FieldIssue[] = []
  const field = (name: string) => (at ? `${at}.${name}` : name)
  if (hasNextLevel && !option.greetingMessage.trim()) issues.push({ field: field('greetingMessage'), message: NEXT_LEVEL_NEEDS_MESSAGE })
  const ref = requiredRef[option.queueType]
  if (ref && option[ref] == null) issues.push({ field: field(ref), message: 'Required' })
  return issues
}

/**
 * Every broken rule of a menu level and the levels below it. `depth` is the level of `options` (1 for
 * a queue's own menu), `at` the field path of the list ('chatbots', 'options').
 */
export function treeProblems(options: ChatbotOptionInput[], at: string, depth: number): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (options.length && depth > MAX_TREE_DEPTH) return [{ field: at, message: `At most ${MAX_TREE_DEPTH} levels` }]
  options.forEach((option, i) => {
    const path = `${at}.${i}`
    issues.push(...optionProblems(option, option.options.length > 0, path))
    issues.push(...treeProblems(option.options, `${path}.options`, depth + 1))
  })
  return issues
}

/** Ids may name each option once. */
export function duplicateIdProblems(options: ChatbotOptionInput[], at: string, seen = new Set<number>()): FieldIssue[] {
  const issues: FieldIssue[] = []
  options.forEach((option, i) => {
    const path = `${at}.${i}`
    if (option.id !== undefined) {
      if (seen.has(option.id)) issues.push({ field: `${path}.id`, message: 'Duplicated option' })
      seen.add(option.id)
    }
    issues.push(...duplicateIdProblems(option.options, `${path}.options`, seen))
  })
  return issues
}

/** Every option of a tree, depth first. */
export function flattenTree(options: ChatbotOptionInput[]): ChatbotOptionInput[] {
  return options.flatMap((o) => [o, ...flattenTree(o.options)])
}

/** Same body as the validator's ERR_VALIDATION: `fields` of {field, message}, every broken rule at once. */
export function throwIfIssues(fields: FieldIssue[]): void {
  if (!fields.length) return
  throw new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields })
}
