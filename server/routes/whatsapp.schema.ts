import { z } from 'zod'
import { idField, nameField, timeField } from './common.schema.ts'

export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'simulator'] as const

/** GET /whatsapp: companyId (a super user may name another company) and session (accepted, not used). */
export const listWhatsappQuery = z.object({
  companyId: idField().optional(),
  session: z.string().max(10).optional(),
})
export type ListWhatsappQuery = z.infer<typeof listWhatsappQuery>

/** GET /whatsapp/filter (spec part 1 §7): the company's connections of one channel; session as above. */
export const filterWhatsappQuery = z.object({
  channel: z.enum(CHANNELS).optional(),
  session: z.string().max(10).optional(),
})

// Selects send '' or 0 for "none".
const noneToNull = (v: unknown) => (v === '' || v === 0 || v === '0' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)
const refId = z.preprocess(noneToNull, z.number().int().positive().max(2147483647).nullable())
const count = z.coerce.number().int().min(0).max(1_000_000)
const text = z.string().max(5000)
const day = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' ? v.slice(0, 10) : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date').nullable(),
)
const instant = z.preprocess((v) => (v === '' ? null : v), z.union([z.null(), z.coerce.date()]))
const scheduleTime = z.union([z.literal(''), timeField])

/** One weekday of the connection's hours (spec part 2 §3 "Weekly schedule entry"). */
export const scheduleEntry = z.object({
  weekday: z.string().max(30),
  weekdayEn: z.string().max(30),
  startTimeA: scheduleTime,
  endTimeA: scheduleTime,
  startTimeB: scheduleTime,
  endTimeB: scheduleTime,
})

/** The editor's fields (spec part 2 §3, §7 POST /whatsapp: queues and session are not sent). */
const connectionFields = {
  channel: z.enum(CHANNELS),
  isDefault: z.boolean(),
  // Empty or null asks for a new token; otherwise it must look like one (spec part 2 §5).
  token: z.union([z.literal(''), z.string().regex(/^[A-Za-z0-9]{30}$/, 'Invalid token')]).nullable(),
  regenerateToken: z.boolean(),
  provider: z.string().max(20),
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  collectiveVacationStart: day,
  collectiveVacationEnd: day,
  collectiveVacationMessage: text,
  maxUseBotQueues: count,
  timeUseBotQueues: count,
  expiresTicket: count,
  whenExpiresTicket: z.coerce.number().int().min(0).max(1),
  expiresTicketNPS: count,
  maxUseBotQueuesNPS: count,
  expiresInactiveMessage: text,
  timeInactiveMessage: count,
  inactiveMessage: text,
  timeCreateNewTicket: count,
  timeSendQueue: count,
  sendIdQueue: refId,
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['enabled', 'disabled']),
  enableImportMessage: z.boolean(),
  importOldMessages: instant,
  importRecentMessages: instant,
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: refId,
  integrationId: refId,
  promptId: refId,
  flowIdWelcome: refId,
  flowIdNotPhrase: refId,
  queueIds: z.array(idField()).max(500),
  schedules: z.array(scheduleEntry).max(7),
}

export const createWhatsappSchema = z.object({ name: nameField, ...connectionFields }).partial({
  ...Object.fromEntries(Object.keys(connectionFields).map((k) => [k, true])),
} as Record<keyof typeof connectionFields, true>)
export type CreateWhatsappInput = z.infer<typeof createWhatsappSchema>

export const updateWhatsappSchema = z.object({ name: nameField, ...connectionFields }).partial()
export type UpdateWhatsappInput = z.infer<typeof updateWhatsappSchema>
