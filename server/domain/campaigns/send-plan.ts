import { validTimeZone } from '../companies/company-time-zone.ts'
import { fromWallClock, toWallClock } from '../wall-clock.ts'

/** The campaign settings that decide when each send goes out (spec part 2 §3, §9). Intervals in seconds. */
export interface Pacing {
  messageInterval: number
  longerIntervalAfter: number
  greaterInterval: number
  sabado: boolean
  domingo: boolean
  /** "HH:MM" in the company's time zone; sends go out from startHour up to (not at) endHour. */
  startHour: string
  endHour: string
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/**
 * The planned time of each of `count` sends of a campaign started at `start` (anchor §4: MF mixes seconds
 * and milliseconds, so its long pause never happens, and has the hours check commented out). Send i waits
 * messageInterval after send i-1, plus greaterInterval after every longerIntervalAfter sends; a time
 * outside the window (a weekend day not allowed, or outside startHour-endHour in the company's zone)
 * moves to the next window's opening and the pacing goes on from there. Deterministic, so a restart
 * or a test can plan the same times again.
 */
export function planSendTimes(start: Date, count: number, pacing: Pacing, timeZone: string): Date[] {
  const zone = validTimeZone(timeZone)
  const times: Date[] = []
  let at = start
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      let gap = pacing.messageInterval
      if (pacing.longerIntervalAfter > 0 && i % pacing.longerIntervalAfter === 0) gap += pacing.greaterInterval
      at = new Date(at.getTime() + gap * 1000)
    }
    at = insideWindow(at, pacing, zone)
    times.push(at)
  }
  return times
}

/** `at` when sends may go out then, else the opening of the next window (at most a week ahead). */
export function insideWindow(at: Date, pacing: Pacing, zone: string): Date {
  const open = minutesOf(pacing.startHour)
  const close = minutesOf(pacing.endHour)
  const local = toWallClock(at, zone)
  for (let day = 0; day < 8; day++) {
    const weekday = local.getUTCDay()
    const dayAllowed = (weekday !== 6 || pacing.sabado) && (weekday !== 0 || pacing.domingo)
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes()
    if (dayAllowed && minute < close) {
      if (minute >= open) return day === 0 ? at : fromWallClock(local, zone)
      local.setUTCHours(Math.floor(open / 60), open % 60, 0, 0)
      return fromWallClock(local, zone)
    }
    // Closed for the rest of this day: try the next day's opening.
    local.setUTCDate(local.getUTCDate() + 1)
    local.setUTCHours(0, 0, 0, 0)
  }
  return at
}
