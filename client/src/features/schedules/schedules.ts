import { useMemo } from 'react'
import type { z } from 'zod'
import type { scheduleSchema } from '../../../../server/routes/schedules.schema.ts'
import { api } from '../../lib/api.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { containsPattern, folded } from '../../lib/local-sql.ts'

/**
 * Schedules (spec part 1 §3 "Schedule", §4, §5, §9; part 2 §2 calendar). Not synced to the browser: the
 * calendar and the modal read and write the API, online only (docs/decisions.md "Schedules").
 */

export type ScheduleStatus = 'PENDENTE' | 'AGENDADA' | 'ENVIADA' | 'ERRO'

/** A schedule as GET /schedules answers it (dates as ISO strings in UTC). */
export interface Schedule {
  id: number
  body: string
  contactId: number
  sendAt: string
  sentAt: string | null
  status: ScheduleStatus
  sendError: string | null
  openTicket: 'enabled' | 'disabled'
  ticketUserId: number | null
  queueId: number | null
  whatsappId: number | null
  statusTicket: 'closed' | 'open'
  intervalo: number
  valorIntervalo: number
  enviarQuantasVezes: number
  tipoDias: number
  assinar: boolean
  mediaPath: string | null
  mediaName: string | null
  userId: number | null
  repeatCount: number
  contact: { id: number; name: string }
  user: { id: number; name: string } | null
}

export interface SchedulePage {
  schedules: Schedule[]
  count: number
  hasMore: boolean
}

export type ScheduleBody = z.input<typeof scheduleSchema>

/** Interval units (spec part 1 §9): 1 days, 2 weeks, 3 months, 4 minutes. */
export const SCHEDULE_INTERVALS = [1, 2, 3, 4] as const
/** Business-day rule: 4 as is, 5 the business day before, 6 the business day after. */
export const SCHEDULE_DAY_RULES = [4, 5, 6] as const
/** Images a schedule may carry (spec part 1 §5). */
export const SCHEDULE_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg'

// ---- API -------------------------------------------------------------------------------------------

export const fetchSchedulePage = (query: { contactId?: number; searchParam?: string; pageNumber?: number } = {}) =>
  api<SchedulePage>('/schedules', { query })
export const fetchSchedule = (id: number) => api<Schedule>(`/schedules/${id}`)
export const createSchedule = (body: ScheduleBody) => api<Schedule>('/schedules', { method: 'POST', json: body })
export const updateSchedule = (id: number, body: ScheduleBody) => api<Schedule>(`/schedules/${id}`, { method: 'PUT', json: body })
export const deleteSchedule = (id: number) => api<unknown>(`/schedules/${id}`, { method: 'DELETE' })
export const removeScheduleMedia = (id: number) => api<Schedule>(`/schedules/${id}/media-upload`, { method: 'DELETE' })

export function uploadScheduleMedia(id: number, file: File): Promise<Schedule> {
  const form = new FormData()
  form.append('file', file)
  form.append('typeArch', 'schedule')
  return api<Schedule>(`/schedules/${id}/media-upload`, { method: 'POST', form })
}

type PageFetcher = (pageNumber: number) => Promise<SchedulePage>

/**
 * The schedules sent up to `until`, page by page (20 a page, by send time): pages past `until` are not
 * read. At most `maxPages` pages.
 */
export async function fetchSchedulesUntil(until: Date, fetchPage: PageFetcher = (n) => fetchSchedulePage({ pageNumber: n }), maxPages = 100) {
  const out: Schedule[] = []
  for (let n = 1; n <= maxPages; n++) {
    const page = await fetchPage(n)
    out.push(...page.schedules)
    const last = page.schedules.at(-1)
    if (!page.hasMore || !last || new Date(last.sendAt) > until) break
  }
  return out
}

// ---- Calendar --------------------------------------------------------------------------------------

export interface ScheduleEvent {
  id: number
  title: string
  start: Date
  end: Date
  resource: Schedule
}

/** The calendar's events: schedules whose send time falls in [start, end], titled with the contact. */
export function scheduleEvents(list: Schedule[], start: Date, end: Date): ScheduleEvent[] {
  return list
    .map((s) => ({ s, at: new Date(s.sentAt ?? s.sendAt) }))
    .filter(({ at }) => at >= start && at <= end)
    .map(({ s, at }) => ({ id: s.id, title: s.contact?.name ?? String(s.contactId), start: at, end: at, resource: s }))
}

/** Event colours by status: pending blue, sent green, failed red. */
export const SCHEDULE_STATUS_COLORS: Record<ScheduleStatus, string> = {
  PENDENTE: '#2563eb',
  AGENDADA: '#7c3aed',
  ENVIADA: '#16a34a',
  ERRO: '#dc2626',
}

export const scheduleColor = (status: string) => SCHEDULE_STATUS_COLORS[status as ScheduleStatus] ?? '#64748b'

/** Spec part 1 §4: a sent schedule (sentAt set) cannot be edited. */
export const isScheduleSent = (s: Pick<Schedule, 'sentAt'> | null | undefined) => !!s?.sentAt

// ---- Form ------------------------------------------------------------------------------------------

export interface ScheduleFormValues {
  body: string
  contactId: number | null
  /** datetime-local text ('2026-11-20T10:00'), the browser's wall clock. */
  sendAt: string
  whatsappId: number | null
  openTicket: boolean
  ticketUserId: number | null
  queueId: number | null
  statusTicket: 'closed' | 'open'
  intervalo: number
  valorIntervalo: string
  enviarQuantasVezes: string
  tipoDias: number
  assinar: boolean
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A Date as datetime-local text in the browser's time zone. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A new schedule (spec part 1 §9): one hour ahead, every 1 day, no repeat, sent once, as is; no ticket opened. */
export function newScheduleValues(now: Date = new Date(), contactId: number | null = null): ScheduleFormValues {
  return {
    body: '',
    contactId,
    sendAt: toLocalInput(new Date(now.getTime() + 60 * 60 * 1000)),
    whatsappId: null,
    openTicket: false,
    ticketUserId: null,
    queueId: null,
    statusTicket: 'closed',
    intervalo: 1,
    valorIntervalo: '0',
    enviarQuantasVezes: '1',
    tipoDias: 4,
    assinar: false,
  }
}

export function scheduleFormValuesOf(s: Schedule): ScheduleFormValues {
  return {
    body: s.body,
    contactId: s.contactId,
    sendAt: toLocalInput(new Date(s.sendAt)),
    whatsappId: s.whatsappId,
    openTicket: s.openTicket === 'enabled',
    ticketUserId: s.ticketUserId,
    queueId: s.queueId,
    statusTicket: s.statusTicket,
    intervalo: s.intervalo,
    valorIntervalo: String(s.valorIntervalo),
    enviarQuantasVezes: String(s.enviarQuantasVezes),
    tipoDias: s.tipoDias,
    assinar: s.assinar,
  }
}

export type ScheduleField = 'body' | 'contactId' | 'sendAt' | 'valorIntervalo' | 'enviarQuantasVezes'
export type ScheduleProblems = Partial<Record<ScheduleField, string>>

const wholeAtLeast = (v: string, min: number) => /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= 1_000_000

/**
 * Spec part 1 §5: body required ('Obrigatório'), at least 5 characters ('Mensagem muito curta'); contact
 * and sendAt required. Repeat fields are whole numbers (interval value ≥ 0, count ≥ 1). Answers i18n keys.
 */
export function scheduleProblems(v: ScheduleFormValues): ScheduleProblems {
  const out: ScheduleProblems = {}
  const body = v.body.trim()
  if (!body) out.body = 'schedules.validation.required'
  else if (body.length < 5) out.body = 'schedules.validation.bodyShort'
  else if (body.length > 4096) out.body = 'validation.tooLong'
  if (!v.contactId) out.contactId = 'schedules.validation.required'
  if (!v.sendAt.trim()) out.sendAt = 'schedules.validation.required'
  else if (Number.isNaN(new Date(v.sendAt).getTime())) out.sendAt = 'schedules.validation.invalidDate'
  if (!wholeAtLeast(v.valorIntervalo, 0)) out.valorIntervalo = 'schedules.validation.number'
  if (!wholeAtLeast(v.enviarQuantasVezes, 1)) out.enviarQuantasVezes = 'schedules.validation.number'
  return out
}

/**
 * The body of POST /schedules and PUT /schedules/{id}. sendAt goes as the instant the user picked on the
 * browser's clock (with its offset), so the calendar, which shows browser time, puts it where it was picked.
 * Ticket user, queue and status count only when a ticket is opened.
 */
export function scheduleRequestBody(v: ScheduleFormValues): ScheduleBody {
  return {
    body: v.body.trim(),
    contactId: v.contactId ?? 0,
    sendAt: new Date(v.sendAt).toISOString(),
    whatsappId: v.whatsappId,
    openTicket: v.openTicket ? 'enabled' : 'disabled',
    ticketUserId: v.openTicket ? v.ticketUserId : null,
    queueId: v.openTicket ? v.queueId : null,
    statusTicket: v.openTicket ? v.statusTicket : 'closed',
    intervalo: v.intervalo as ScheduleBody['intervalo'],
    valorIntervalo: Number(v.valorIntervalo),
    enviarQuantasVezes: Number(v.enviarQuantasVezes),
    tipoDias: v.tipoDias as ScheduleBody['tipoDias'],
    assinar: v.assinar,
  }
}

/** Spec part 1 §5: a schedule's media is png, jpg or jpeg. */
export function isScheduleImage(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.(png|jpe?g)$/i.test(file.name) || file.type === 'image/png' || file.type === 'image/jpeg'
}

// ---- Local options (contacts, connections, queues, users are synced) ---------------------------------

export interface NamedOption {
  id: number
  name: string
}

/** Contacts matching the search (name or number), with the chosen one always included, for the contact select. */
export function scheduleContactsQuery(search: string, selectedId: number | null): SqlQuery {
  return {
    sql: `select id, name, number from contacts
           where id = $3 or $1 = '' or ${folded('name')} like $2 or number like $2
           order by (id = $3) desc, lower(name), id limit 30`,
    params: [search.trim(), containsPattern(search), selectedId ?? 0],
  }
}

const NAMED: Record<'whatsapps' | 'queues' | 'users', SqlQuery> = {
  whatsapps: { sql: 'select id, name from whatsapps order by lower(name), id', params: [] },
  queues: { sql: 'select id, name from queues order by lower(name), id', params: [] },
  users: { sql: 'select id, name from users where id is not null order by lower(name), id', params: [] },
}

export function useScheduleContacts(search: string, selectedId: number | null) {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => scheduleContactsQuery(search, selectedId), [search, selectedId])
  return useLiveQuery<NamedOption & { number: string }>(db, query).rows
}

/** The company's connections, queues or users from the local database, for the modal's selects. */
export function useNamedRows(table: keyof typeof NAMED): NamedOption[] {
  const db = useLocalFirst()?.db ?? null
  return useLiveQuery<NamedOption>(db, NAMED[table]).rows
}
