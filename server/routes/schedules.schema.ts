import { z } from 'zod'
import { idField } from './common.schema.ts'

const REQUIRED = 'Obrigatório'

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true')
/** A required id: missing, null or empty is 'Obrigatório' (spec part 1 §5). */
const requiredId = idField(REQUIRED)
/** An optional reference: null, '' or absent means none. */
const optionalId = z
  .union([z.literal(''), z.null(), idField()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null))
const count = (min: number) => z.coerce.number().int().min(min).max(1_000_000)

/**
 * An ISO 8601 date-time. With an offset (Z, +03:00) it is that instant; without one ('2026-11-20T10:00', as
 * the anchor's datetime-local input sends it) it is read in the company's time zone (docs/decisions.md "Schedules").
 */
export const LOCAL_OR_ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/

/** Schedule interval units (spec part 1 §9): 1 days, 2 weeks, 3 months, 4 minutes. */
export const SCHEDULE_INTERVALS = [1, 2, 3, 4] as const
/** Business-day rule: 4 as is, 5 the business day before, 6 the business day after. */
export const SCHEDULE_DAY_RULES = [4, 5, 6] as const

/** POST /schedules and PUT /schedules/{id} (spec part 1 §3 "Schedule", §5, §9). */
export const scheduleSchema = z.object({
  body: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .min(5, 'Mensagem muito curta')
    .max(4096, 'Too Long!'),
  contactId: requiredId,
  sendAt: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .regex(LOCAL_OR_ZONED_DATE_TIME, 'Invalid date'),
  openTicket: z.enum(['enabled', 'disabled']).optional().default('disabled'),
  statusTicket: z.enum(['closed', 'open']).optional().default('closed'),
  ticketUserId: optionalId,
  queueId: optionalId,
  whatsappId: optionalId,
  intervalo: z.coerce.number().pipe(z.union(SCHEDULE_INTERVALS.map((n) => z.literal(n)))).optional().default(1),
  valorIntervalo: count(0).optional().default(0),
  enviarQuantasVezes: count(1).optional().default(1),
  tipoDias: z.coerce.number().pipe(z.union(SCHEDULE_DAY_RULES.map((n) => z.literal(n)))).optional().default(4),
  assinar: flag.optional().default(false),
})

/** GET /schedules: the calendar's list, optionally of one contact. */
export const listSchedulesQuery = z.object({
  contactId: idField().optional(),
  searchParam: z.string().max(100).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
})

export const scheduleIdParam = z.object({ id: idField() })

export type ScheduleInput = z.infer<typeof scheduleSchema>
export type ListSchedulesQuery = z.infer<typeof listSchedulesQuery>
