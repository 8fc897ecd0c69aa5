import { z } from 'zod'
import { chatbotTreeSchema, flag, refId } from './chatbots.schema.ts'
import { nameField } from './common.schema.ts'

/** Rotation ("roteador") waits, in minutes (spec part 2 §5). */
export const ROTATION_TIMES = [0, 2, 5, 10, 15, 30, 45, 60] as const

const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
const timeOrEmpty = z
  .string()
  .nullish()
  .transform((v) => v ?? '')
  .pipe(z.string().regex(/^(?:|([01]\d|2[0-3]):[0-5]\d)$/, 'Invalid time (HH:MM)'))

/** One weekday of the queue's service hours, two shifts (spec part 2 §3 "Weekly schedule entry"). */
export const queueScheduleSchema = z.object({
  weekday: z.string({ error: 'Required' }).trim().min(1, 'Required').max(30, 'Too Long!'),
  weekdayEn: z.enum(WEEKDAYS_EN, 'Invalid weekday'),
  startTimeA: timeOrEmpty,
  endTimeA: timeOrEmpty,
  startTimeB: timeOrEmpty,
  endTimeB: timeOrEmpty,
})
export type QueueSchedule = z.infer<typeof queueScheduleSchema>

/**
 * Spec part 2 §5: color 3-9 characters, required. It is also a CSS hex colour (#rgb, #rgba, #rrggbb,
 * #rrggbbaa), as the picker sends and the chips draw; stored in lowercase so uniqueness ignores case.
 */
const colorField = z
  .string({ error: 'Required' })
  .trim()
  .min(1, { error: 'Required', abort: true })
  .min(3, 'Too Short!')
  .max(9, 'Too Long!')
  .pipe(z.string().regex(/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'Invalid color'))
  .transform((v) => v.toLowerCase())

const rotation = z.preprocess(
  (v) => (v === '' || v == null ? 0 : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number().refine((n) => (ROTATION_TIMES as readonly number[]).includes(n), 'Invalid rotation time'),
)
const order = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number().int().min(0).max(1_000_000).nullable(),
)
const text = z.string().max(5000, 'Too Long!').nullish().transform((v) => v ?? '')

const queueFields = {
  greetingMessage: text,
  outOfHoursMessage: text,
  orderQueue: order,
  tempoRoteador: rotation,
  ativarRoteador: flag,
  integrationId: refId,
  fileListId: refId,
  closeTicket: flag,
  schedules: z
    .array(queueScheduleSchema)
    .max(7, 'One entry per weekday')
    .refine((list) => new Set(list.map((s) => s.weekdayEn)).size === list.length, 'One entry per weekday'),
  chatbots: chatbotTreeSchema,
}

/** POST /queue (spec part 2 §3 Queue, §7): name and color required; schedules default to 08-12 and 13-18. */
export const createQueueSchema = z.object({ name: nameField, color: colorField, ...queueFields }).partial({
  ...Object.fromEntries(Object.keys(queueFields).map((k) => [k, true])),
} as Record<keyof typeof queueFields, true>)
export type CreateQueueInput = z.infer<typeof createQueueSchema>

/** PUT /queue/{id}: the fields sent change; `chatbots`, when sent, is the whole option tree. */
export const updateQueueSchema = z.object({ name: nameField, color: colorField, ...queueFields }).partial()
export type UpdateQueueInput = z.infer<typeof updateQueueSchema>

/** DELETE /queue/{id}?moveTo=: the queue that takes the deleted queue's live tickets (issue 15 item 7). */
export const deleteQueueQuery = z.object({ moveTo: z.coerce.number().int().positive().max(2147483647).optional() })
