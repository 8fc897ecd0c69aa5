import { defaultSchedules, type ScheduleEntry } from '../connections/connection-form.ts'

/** The four shift bounds of a weekday, in the order the forms show them. */
export const SHIFT_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const
export type ShiftField = (typeof SHIFT_FIELDS)[number]

/** HH:MM, or empty for a shift that is not worked (the server's scheduleEntrySchema). */
const TIME = /^(|([01]\d|2[0-3]):[0-5]\d)$/

/** Every weekday once, in order: a day the stored list lacks shows with empty (closed) shifts. */
export function fullWeek(stored: ScheduleEntry[] | null | undefined): ScheduleEntry[] {
  const byDay = new Map((Array.isArray(stored) ? stored : []).map((s) => [s.weekdayEn, s]))
  return defaultSchedules().map((d) => byDay.get(d.weekdayEn) ?? { ...d, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' })
}

/** Problems keyed `schedules.<day index>.<field>`, as the forms and the server's field paths name them. */
export function weeklyHoursProblems(schedules: ScheduleEntry[], message: string): Record<string, string> {
  const p: Record<string, string> = {}
  schedules.forEach((s, i) => {
    for (const f of SHIFT_FIELDS) if (!TIME.test(s[f] ?? '')) p[`schedules.${i}.${f}`] = message
  })
  return p
}
