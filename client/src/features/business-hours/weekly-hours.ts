/** One weekday of a connection's, a queue's or the company's hours (spec part 2 §3 "Weekly schedule entry"). */
export interface ScheduleEntry {
  weekday: string
  weekdayEn: string
  startTimeA: string
  endTimeA: string
  startTimeB: string
  endTimeB: string
}

const WEEKDAYS: [string, string][] = [
  ['Segunda-feira', 'monday'], ['Terça-feira', 'tuesday'], ['Quarta-feira', 'wednesday'], ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'], ['Sábado', 'saturday'], ['Domingo', 'sunday'],
]

/** Defaults 08:00-12:00 and 13:00-18:00 for each weekday (spec part 2 §9). */
export const defaultSchedules = (): ScheduleEntry[] =>
  WEEKDAYS.map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }))

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
