/** One weekday of service hours, two shifts (spec part 2 §3 "Weekly schedule entry"); '' = no shift. */
export interface Schedule {
  weekdayEn: string
  startTimeA?: string | null
  endTimeA?: string | null
  startTimeB?: string | null
  endTimeB?: string | null
}

const FALLBACK_ZONE = 'America/Sao_Paulo'

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * One formatter per kind and zone, kept: building one costs about a millisecond in Bun, and inbound
 * messages ask for the time (service hours) and dashboard calls for the day. A zone Intl does not know
 * reads as FALLBACK_ZONE. Bounded, since the zone is free text.
 */
function zoneFormat(kind: 'time' | 'date', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`
  let format = formats.get(key)
  if (!format) {
    const make = (zone: string) =>
      kind === 'time'
        ? new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        : new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    try {
      format = make(timeZone)
    } catch {
      format = make(FALLBACK_ZONE)
    }
    if (formats.size >= 500) formats.clear()
    formats.set(key, format)
  }
  return format
}

/** The weekday (english, lowercase) and the minute of the day at `at` on the company's wall clock. */
export function localTime(at: Date, timeZone: string): { weekday: string; minutes: number } {
  const parts = Object.fromEntries(zoneFormat('time', timeZone).formatToParts(at).map((p) => [p.type, p.value]))
  return { weekday: String(parts.weekday).toLowerCase(), minutes: Number(parts.hour) * 60 + Number(parts.minute) }
}

/** The calendar day ('YYYY-MM-DD') of `at` on the company's wall clock. */
export function localDate(at: Date, timeZone: string): string {
  return zoneFormat('date', timeZone).format(at)
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** A shift holds the minute when start <= m < end; a shift ending before it starts runs past midnight. */
function inShift(minutes: number, start?: string | null, end?: string | null): boolean {
  if (!start || !end) return false
  const s = toMinutes(start)
  const e = toMinutes(end)
  return s <= e ? minutes >= s && minutes < e : minutes >= s || minutes < e
}

/**
 * Whether `at` falls in the service hours (anchor §3.4, computed on the company's time zone rather than
 * the database clock, anchor §9.13). No schedule at all means always open; a weekday missing from a
 * non-empty schedule, or with both shifts empty, is closed.
 */
export function isWithinSchedule(schedules: Schedule[] | null | undefined, at: Date, timeZone: string): boolean {
  if (!schedules || schedules.length === 0) return true
  const { weekday, minutes } = localTime(at, timeZone)
  const day = schedules.find((s) => s.weekdayEn?.toLowerCase() === weekday)
  if (!day) return false
  return inShift(minutes, day.startTimeA, day.endTimeA) || inShift(minutes, day.startTimeB, day.endTimeB)
}

/**
 * A user's working hours (startWork-endWork, HH:MM on the company's clock) hold `at`. Both ends count,
 * so the default 00:00-23:59 is the whole day; an end before the start runs past midnight (22:00-06:00).
 * Missing or malformed hours put no limit.
 */
export function isWithinWorkingHours(start: string | null | undefined, end: string | null | undefined, at: Date, timeZone: string): boolean {
  const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/
  if (!start || !end || !hhmm.test(start) || !hhmm.test(end)) return true
  const { minutes } = localTime(at, timeZone)
  const s = toMinutes(start)
  const e = toMinutes(end)
  return s <= e ? minutes >= s && minutes <= e : minutes >= s || minutes <= e
}
