import { defaultSchedules, type ScheduleEntry } from '../business-hours/index.ts'
import type { Channel, Connection, ConnectionBody } from './connections.ts'

/** The editor's values: numbers and ids as strings, as the inputs hold them; '' means none. */
export interface ConnectionFormValues {
  name: string
  channel: Channel
  isDefault: boolean
  token: string
  regenerateToken: boolean
  greetingMessage: string
  complationMessage: string
  outOfHoursMessage: string
  ratingMessage: string
  collectiveVacationMessage: string
  collectiveVacationStart: string
  collectiveVacationEnd: string
  inactiveMessage: string
  expiresInactiveMessage: string
  maxUseBotQueues: string
  timeUseBotQueues: string
  expiresTicket: string
  whenExpiresTicket: string
  expiresTicketNPS: string
  maxUseBotQueuesNPS: string
  timeInactiveMessage: string
  timeCreateNewTicket: string
  timeSendQueue: string
  sendIdQueue: string
  allowGroup: boolean
  groupAsTicket: 'enabled' | 'disabled'
  enableImportMessage: boolean
  importOldMessages: string
  importRecentMessages: string
  importOldMessagesGroups: boolean
  closedTicketsPostImported: boolean
  queueIdImportMessages: string
  integrationId: string
  promptId: string
  /** Flows started on a new ticket and when no phrase matches (issue 21); '' = none. */
  flowIdWelcome: string
  flowIdNotPhrase: string
  queueIds: number[]
  schedules: ScheduleEntry[]
}

export const NUMBER_FIELDS = [
  'maxUseBotQueues', 'timeUseBotQueues', 'expiresTicket', 'whenExpiresTicket', 'expiresTicketNPS', 'maxUseBotQueuesNPS',
  'timeInactiveMessage', 'timeCreateNewTicket', 'timeSendQueue',
] as const
export const TEXT_FIELDS = [
  'greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'collectiveVacationMessage', 'inactiveMessage', 'expiresInactiveMessage',
] as const
const ID_FIELDS = ['sendIdQueue', 'queueIdImportMessages', 'integrationId', 'promptId', 'flowIdWelcome', 'flowIdNotPhrase'] as const

/** A new connection (spec part 2 §9 defaults: maxUseBotQueues 3, NPS 3, times 0, groups as tickets disabled). */
export function newConnectionValues(channel: Channel = 'whatsapp'): ConnectionFormValues {
  return {
    name: '', channel, isDefault: false, token: '', regenerateToken: false,
    greetingMessage: '', complationMessage: '', outOfHoursMessage: '', ratingMessage: '', collectiveVacationMessage: '',
    collectiveVacationStart: '', collectiveVacationEnd: '', inactiveMessage: '', expiresInactiveMessage: '',
    maxUseBotQueues: '3', timeUseBotQueues: '0', expiresTicket: '0', whenExpiresTicket: '0', expiresTicketNPS: '0',
    maxUseBotQueuesNPS: '3', timeInactiveMessage: '0', timeCreateNewTicket: '0', timeSendQueue: '0', sendIdQueue: '',
    allowGroup: false, groupAsTicket: 'disabled', enableImportMessage: false, importOldMessages: '', importRecentMessages: '',
    importOldMessagesGroups: false, closedTicketsPostImported: false, queueIdImportMessages: '', integrationId: '', promptId: '',
    flowIdWelcome: '', flowIdNotPhrase: '',
    queueIds: [], schedules: defaultSchedules(),
  }
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const dateInput = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 10) : '')

/** The editor's values for a connection read with GET /whatsapp/{id}. */
export function connectionFormValuesOf(c: Connection): ConnectionFormValues {
  const base = newConnectionValues(c.channel)
  const out: Record<string, unknown> = { ...base, name: c.name, isDefault: c.isDefault === true, token: str(c.token) }
  for (const f of [...TEXT_FIELDS, ...NUMBER_FIELDS, ...ID_FIELDS]) out[f] = str(c[f] ?? base[f])
  for (const f of ['allowGroup', 'enableImportMessage', 'importOldMessagesGroups', 'closedTicketsPostImported'] as const) out[f] = c[f] === true
  out.groupAsTicket = c.groupAsTicket === 'enabled' ? 'enabled' : 'disabled'
  out.collectiveVacationStart = dateInput(c.collectiveVacationStart)
  out.collectiveVacationEnd = dateInput(c.collectiveVacationEnd)
  out.importOldMessages = dateInput(c.importOldMessages)
  out.importRecentMessages = dateInput(c.importRecentMessages)
  out.queueIds = c.queueIds ?? []
  out.schedules = Array.isArray(c.schedules) && c.schedules.length ? c.schedules : base.schedules
  return out as unknown as ConnectionFormValues
}


/** POST/PUT /whatsapp body (spec part 2 §7: queueIds, import dates, token, schedules; no queues, no session). */
export function connectionRequestBody(v: ConnectionFormValues): ConnectionBody {
  const body: ConnectionBody = {
    name: v.name.trim(), channel: v.channel, isDefault: v.isDefault, allowGroup: v.allowGroup, groupAsTicket: v.groupAsTicket,
    enableImportMessage: v.enableImportMessage, importOldMessagesGroups: v.importOldMessagesGroups,
    closedTicketsPostImported: v.closedTicketsPostImported, queueIds: v.queueIds, schedules: v.schedules,
    collectiveVacationStart: v.collectiveVacationStart || null, collectiveVacationEnd: v.collectiveVacationEnd || null,
    importOldMessages: v.importOldMessages ? new Date(`${v.importOldMessages}T00:00:00`).toISOString() : null,
    importRecentMessages: v.importRecentMessages ? importRecentInstant(v.importRecentMessages) : null,
  }
  for (const f of TEXT_FIELDS) body[f] = v[f]
  for (const f of NUMBER_FIELDS) body[f] = Number(v[f]) || 0
  for (const f of ID_FIELDS) body[f] = v[f] ? Number(v[f]) : null
  if (v.regenerateToken || !v.token) body.token = ''
  return body
}

/** The recent-messages day ends at the end of that day, or now when that day is today. */
function importRecentInstant(day: string): string {
  const end = new Date(`${day}T23:59:59`)
  return (end.getTime() > Date.now() ? new Date() : end).toISOString()
}

export type ConnectionProblemField = 'name' | 'ratingMessage' | 'expiresTicketNPS' | 'sendIdQueue' | 'timeSendQueue' | 'importOldMessages' |
  'importRecentMessages' | 'queueIdImportMessages' | 'collectiveVacationStart' | 'collectiveVacationEnd'

const dayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/**
 * The server's rules (spec part 2 §5 "Connection"), checked before sending; values are i18n keys, the
 * same keys the server puts in ERR_VALIDATION fields.
 */
export function connectionFormProblems(v: ConnectionFormValues, ratingsOn: boolean, now = new Date()): Partial<Record<ConnectionProblemField, string>> {
  const p: Partial<Record<ConnectionProblemField, string>> = {}
  const name = v.name.trim()
  if (!name) p.name = 'validation.required'
  else if (name.length < 2) p.name = 'validation.tooShort'
  else if (name.length > 50) p.name = 'validation.tooLong'
  if (ratingsOn && !v.ratingMessage.trim()) p.ratingMessage = 'whatsappModal.errorRatingMessage'
  if (ratingsOn && (Number(v.expiresTicketNPS) || 0) === 0) p.expiresTicketNPS = 'whatsappModal.errorExpiresNPS'
  const time = Number(v.timeSendQueue) || 0
  if (time > 0 && !v.sendIdQueue) p.sendIdQueue = 'whatsappModal.errorSendQueue'
  if (time === 0 && v.sendIdQueue) p.timeSendQueue = 'whatsappModal.errorSendQueue'
  if (v.enableImportMessage) {
    const earliest = new Date(now)
    earliest.setFullYear(earliest.getFullYear() - 2)
    const today = dayOf(now)
    const oldOk = !!v.importOldMessages && v.importOldMessages >= dayOf(earliest) && v.importOldMessages <= today
    if (!oldOk) p.importOldMessages = 'whatsappModal.errorImportOldDate'
    if (!v.importRecentMessages || v.importRecentMessages > today || (oldOk && v.importRecentMessages < v.importOldMessages)) {
      p.importRecentMessages = 'whatsappModal.errorImportRecentDate'
    }
    if (!v.queueIdImportMessages) p.queueIdImportMessages = 'whatsappModal.errorImportQueue'
  }
  if (v.collectiveVacationMessage.trim()) {
    const min = dayOf(new Date(now.getTime() - 10 * 86_400_000))
    if (!v.collectiveVacationStart || v.collectiveVacationStart < min) p.collectiveVacationStart = 'whatsappModal.errorVacationDates'
    if (!v.collectiveVacationEnd || v.collectiveVacationEnd < min || v.collectiveVacationEnd < v.collectiveVacationStart) {
      p.collectiveVacationEnd = 'whatsappModal.errorVacationDates'
    }
  }
  return p
}

/**
 * Whether saving these values means linking the phone again: WhatsApp sends a device its history only
 * when it is linked, so on a connected WhatsApp connection an import newly turned on (or given other
 * dates or groups) needs a new QR (spec part 2 §4: the session ends, the status goes to qrcode).
 */
export function needsRelink(initial: ConnectionFormValues, values: ConnectionFormValues, status: string): boolean {
  if (status !== 'CONNECTED' || values.channel !== 'whatsapp' || !values.enableImportMessage) return false
  return (
    !initial.enableImportMessage ||
    initial.importOldMessages !== values.importOldMessages ||
    initial.importRecentMessages !== values.importRecentMessages ||
    initial.importOldMessagesGroups !== values.importOldMessagesGroups
  )
}
