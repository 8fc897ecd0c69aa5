import { optionBody, optionProblems, optionValuesOf, type ChatbotOptionBody, type ChatbotOptionValues, type ChatbotOptionView } from './chatbot-options.ts'
import { defaultSchedules, fullWeek, weeklyHoursProblems, type ScheduleEntry } from '../business-hours/index.ts'
import { lengthProblem } from '../../lib/validation.ts'

/** Rotation ("roteador") waits in minutes (spec part 2 §5), as server/routes/queues.schema.ts accepts them. */
export const ROTATION_TIMES = [0, 2, 5, 10, 15, 30, 45, 60] as const

/** The queue editor's values: numbers and ids as the inputs hold them ('' = none). */
export interface QueueFormValues {
  name: string
  color: string
  greetingMessage: string
  outOfHoursMessage: string
  orderQueue: string
  tempoRoteador: string
  ativarRoteador: boolean
  integrationId: string
  fileListId: string
  closeTicket: boolean
  schedules: ScheduleEntry[]
  chatbots: ChatbotOptionValues[]
}

/** A queue as GET /queue/{id} answers it (server/domain/queues/queue-view.ts). */
export interface QueueDetail {
  id: number
  name: string
  color: string
  greetingMessage: string | null
  outOfHoursMessage: string | null
  orderQueue: number | null
  tempoRoteador: number | null
  ativarRoteador: boolean
  integrationId: number | null
  fileListId: number | null
  closeTicket: boolean
  schedules: ScheduleEntry[] | null
  chatbots: ChatbotOptionView[]
}

/** The POST/PUT /queue body: the queue, its hours and the whole option tree. */
export interface QueueBody {
  name: string
  color: string
  greetingMessage: string
  outOfHoursMessage: string
  orderQueue: number | null
  tempoRoteador: number
  ativarRoteador: boolean
  integrationId: number | null
  fileListId: number | null
  closeTicket: boolean
  schedules: ScheduleEntry[]
  chatbots: ChatbotOptionBody[]
}

/** Colours offered to a new queue, the first one no queue uses yet. */
export const QUEUE_PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777', '#4f46e5', '#65a30d']

/** The first palette colour not in `used` (case-insensitive); when all are used, a colour derived from the count. */
export function suggestColor(used: string[]): string {
  const taken = new Set(used.map((c) => c.toLowerCase()))
  const free = QUEUE_PALETTE.find((c) => !taken.has(c))
  if (free) return free
  for (let n = used.length; ; n++) {
    const c = `#${((n * 0x9e3779) & 0xffffff).toString(16).padStart(6, '0')}`
    if (!taken.has(c)) return c
  }
}

/** A new queue: hours 08:00-12:00 and 13:00-18:00 every weekday (spec part 2 §3), no rotation, no options. */
export function newQueueValues(usedColors: string[] = []): QueueFormValues {
  return {
    name: '', color: suggestColor(usedColors), greetingMessage: '', outOfHoursMessage: '', orderQueue: '', tempoRoteador: '0',
    ativarRoteador: false, integrationId: '', fileListId: '', closeTicket: false, schedules: defaultSchedules(), chatbots: [],
  }
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v))

/** The editor's values for a queue read with GET /queue/{id}. */
export function queueFormValuesOf(q: QueueDetail): QueueFormValues {
  return {
    name: q.name, color: q.color, greetingMessage: q.greetingMessage ?? '', outOfHoursMessage: q.outOfHoursMessage ?? '',
    orderQueue: str(q.orderQueue), tempoRoteador: str(q.tempoRoteador ?? 0), ativarRoteador: q.ativarRoteador === true,
    integrationId: str(q.integrationId), fileListId: str(q.fileListId), closeTicket: q.closeTicket === true,
    // Every weekday shows; a day the queue has no entry for shows empty shifts.
    schedules: fullWeek(q.schedules),
    chatbots: q.chatbots.map(optionValuesOf),
  }
}

const idOrNull = (v: string) => (/^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null)

/** POST/PUT /queue body; `chatbots` is always the whole tree (it replaces the stored one). */
export function queueRequestBody(v: QueueFormValues): QueueBody {
  return {
    name: v.name.trim(), color: v.color.trim().toLowerCase(), greetingMessage: v.greetingMessage, outOfHoursMessage: v.outOfHoursMessage,
    orderQueue: v.orderQueue.trim() ? Number(v.orderQueue) : null, tempoRoteador: Number(v.tempoRoteador) || 0,
    ativarRoteador: v.ativarRoteador, integrationId: idOrNull(v.integrationId), fileListId: idOrNull(v.fileListId),
    closeTicket: v.closeTicket, schedules: v.schedules, chatbots: v.chatbots.map(optionBody),
  }
}

const HEX_COLOR = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

function colorProblem(value: string): string | null {
  const v = value.trim()
  const length = lengthProblem(v, 3, 9)
  if (length) return length
  return HEX_COLOR.test(v) ? null : 'queues.errors.invalidColor'
}

/**
 * The server's rules (spec part 2 §5 "Queue"), checked before sending. Keys are the field paths the server
 * names in ERR_VALIDATION (`chatbots.0.options.1.name`), values i18n keys.
 */
export function queueFormProblems(v: QueueFormValues, greetingRequired = false): Record<string, string> {
  const p: Record<string, string> = {}
  // With another queue in the company the customer chooses from this greeting (spec part 2 §5 Queue).
  if (greetingRequired && !v.greetingMessage.trim()) p.greetingMessage = 'errors.ERR_WAPP_GREETING_REQUIRED'
  const name = lengthProblem(v.name, 2, 50)
  if (name) p.name = name
  const color = colorProblem(v.color)
  if (color) p.color = color
  if (!(ROTATION_TIMES as readonly number[]).includes(Number(v.tempoRoteador || 0))) p.tempoRoteador = 'queues.errors.invalidRotation'
  if (v.orderQueue.trim() && !/^\d{1,7}$/.test(v.orderQueue.trim())) p.orderQueue = 'queues.errors.invalidOrder'
  for (const f of ['integrationId', 'fileListId'] as const) if (v[f].trim() && idOrNull(v[f]) === null) p[f] = 'queues.errors.invalidId'
  for (const f of ['greetingMessage', 'outOfHoursMessage'] as const) if (v[f].length > 5000) p[f] = 'validation.tooLong'
  return { ...p, ...weeklyHoursProblems(v.schedules, 'queues.errors.invalidTime'), ...optionProblems(v.chatbots) }
}

/** The server's ERR_VALIDATION messages, as i18n keys; others show as the server wrote them. */
const SERVER_MESSAGES: Record<string, string> = {
  Required: 'validation.required',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid color': 'queues.errors.invalidColor',
  'Invalid rotation time': 'queues.errors.invalidRotation',
  'Invalid time (HH:MM)': 'queues.errors.invalidTime',
  'A next level needs a message': 'queues.errors.nextLevelNeedsMessage',
  'Unknown record': 'queues.errors.unknownRecord',
}

/**
 * The field problems of a refused save: ERR_VALIDATION's fields, and the uniqueness conflicts on the field
 * they concern (ERR_QUEUE_COLOR_ALREADY_EXISTS on color, ERR_NAME_ALREADY_EXISTS on name).
 */
export function queueServerProblems(code: string | undefined, body: unknown): Record<string, string> {
  if (code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') return { color: 'errors.ERR_QUEUE_COLOR_ALREADY_EXISTS' }
  if (code === 'ERR_NAME_ALREADY_EXISTS') return { name: 'errors.ERR_NAME_ALREADY_EXISTS' }
  if (code === 'ERR_WAPP_GREETING_REQUIRED') return { greetingMessage: 'errors.ERR_WAPP_GREETING_REQUIRED' }
  if (code !== 'ERR_VALIDATION') return {}
  const fields = (body as { fields?: { field: string; message: string }[] } | null)?.fields ?? []
  const out: Record<string, string> = {}
  for (const f of fields) out[f.field] ??= SERVER_MESSAGES[f.message] ?? f.message
  return out
}

/** Which editor tab holds a field: the hours, or the queue data (options included). */
export const tabOfField = (field: string): 'data' | 'hours' => (field.startsWith('schedules') ? 'hours' : 'data')

/** The editor's input that shows a field path's problem (`chatbots.0.options.1.name` → `queue-option-0-1-name`). */
export function fieldInputId(field: string, values: QueueFormValues): string {
  const option = /^chatbots\.(\d+(?:\.options\.\d+)*)\.(\w+)$/.exec(field)
  if (option) return `queue-option-${option[1].split('.options.').join('-')}-${option[2]}`
  const hours = /^schedules\.(\d+)\.(\w+)$/.exec(field)
  if (hours) return `queue-${values.schedules[Number(hours[1])]?.weekdayEn}-${hours[2]}`
  return `queue-${field}`
}
