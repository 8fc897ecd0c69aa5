import { z } from 'zod'
import { idField, listQuery, passwordField } from './common.schema.ts'
import { validTimeZone } from '../domain/companies/company-time-zone.ts'

/** Recurrence values as stored (spec part 2 §3 Company). */
export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
export type Recurrence = (typeof RECURRENCES)[number]

/** The lowercase words part 1 uses for the same recurrences, accepted on input. */
const recurrenceWords: Record<string, Recurrence> = {
  monthly: 'MENSAL',
  bimonthly: 'BIMESTRAL',
  quarterly: 'TRIMESTRAL',
  semester: 'SEMESTRAL',
  yearly: 'ANUAL',
}

export const recurrenceField = z.preprocess(
  (v) => (typeof v === 'string' ? (recurrenceWords[v.trim().toLowerCase()] ?? v.trim().toUpperCase()) : v),
  z.enum(RECURRENCES, 'Invalid recurrence'),
)

/** A calendar date YYYY-MM-DD (a time part is dropped); anything else, empty included, is null (spec part 2 §4). */
export function dueDateOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(value.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  const valid = y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
  return valid ? `${m[1]}-${m[2]}-${m[3]}` : null
}

const dueDateField = z.unknown().transform(dueDateOrNull).optional()

/** Company form rules and messages (spec part 2 §5 Company). */
const companyNameField = z
  .string({ error: 'Nome é obrigatório' })
  .trim()
  .min(1, { error: 'Nome é obrigatório', abort: true })
  .min(2, 'Too Short!')
  .max(50, 'Too Long!')
const companyEmailField = z
  .string({ error: 'E-mail é obrigatório' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'E-mail é obrigatório', abort: true })
  .max(254, { error: 'Too Long!', abort: true })
  .pipe(z.email('Email é inválido'))
const planIdField = idField('Plano é obrigatório')
const optionalText = (max: number) => z.string().trim().max(max, 'Too Long!').nullable().optional()
const countField = z.coerce.number().int().min(0).max(100000).optional()

const companyFields = {
  name: companyNameField,
  email: companyEmailField,
  planId: planIdField,
  phone: optionalText(30),
  status: z.boolean().optional(),
  document: optionalText(30),
  addressStreet: optionalText(200),
  addressState: optionalText(100),
  addressCity: optionalText(100),
  dueDate: dueDateField,
  recurrence: recurrenceField.optional(),
  paymentMethod: optionalText(50),
  timezone: z.string().trim().min(1).max(64).refine((z) => validTimeZone(z) === z, 'Fuso horário desconhecido').optional(),
  numberAttendants: countField,
  numberConections: countField,
  // Create: the first admin's password. Edit: a new password for that admin; empty keeps the current one.
  password: z.union([z.literal(''), passwordField]).optional(),
}

export const createCompanySchema = z.object(companyFields)
export type CreateCompanyInput = z.infer<typeof createCompanySchema>

/** Edit sends the same fields; the ones left out stay as they are. */
export const updateCompanySchema = z.object(companyFields).partial()
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>

export const companiesPlanQuery = listQuery

const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
const timeOrEmpty = z
  .string()
  .nullish()
  .transform((v) => v ?? '')
  .pipe(z.string().regex(/^(?:|([01]\d|2[0-3]):[0-5]\d)$/, 'Invalid time (HH:MM)'))

/** Weekly service hours, two shifts a day (spec part 2 §3 Weekly schedule entry). */
export const scheduleEntrySchema = z.object({
  weekday: z.string({ error: 'Required' }).trim().min(1, 'Required').max(30, 'Too Long!'),
  weekdayEn: z.enum(WEEKDAYS_EN, 'Invalid weekday'),
  startTimeA: timeOrEmpty,
  endTimeA: timeOrEmpty,
  startTimeB: timeOrEmpty,
  endTimeB: timeOrEmpty,
})
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>

export const companySchedulesSchema = z.object({
  schedules: z
    .array(scheduleEntrySchema, { error: 'Required' })
    .max(7, 'One entry per weekday')
    .refine((list) => new Set(list.map((s) => s.weekdayEn)).size === list.length, 'One entry per weekday'),
})
export type CompanySchedulesInput = z.infer<typeof companySchedulesSchema>
