import { validTimeZone } from '../companies/company-time-zone.ts'
import { fromWallClock, toWallClock } from '../wall-clock.ts'

/**
 * Schedule recurrence (spec part 1 §9), a pure rule: the next send time after one send. Days, weeks and
 * months move the wall clock of the company's time zone (the same local hour across a DST change, the
 * last day of a shorter month); minutes move the instant. Then the business-day rule, on the local date:
 * 4 keeps it, 5 moves a Saturday or Sunday back to Friday, 6 forward to Monday. A date moved back onto
 * (or before) the send just made is skipped for the following step, so a send never repeats at once.
 */
export interface Recurrence {
  /** 1 days, 2 weeks, 3 months, 4 minutes */
  intervalo: number
  valorIntervalo: number
  /** 4 as is, 5 the business day before, 6 the business day after */
  tipoDias: number
}

/** Whether a schedule goes out again after the send that made it `repeatCount + 1` sends. */
export function sendsAgain(s: { valorIntervalo: number; enviarQuantasVezes: number; repeatCount: number }): boolean {
  return s.valorIntervalo > 0 && s.repeatCount + 1 < s.enviarQuantasVezes
}

export function nextSendAt(sendAt: Date, rule: Recurrence, timeZone: string): Date {
  const zone = validTimeZone(timeZone)
  // A date moved back onto the send just made (daily, Friday, rule 5) would repeat it: take the next step.
  let step = sendAt
  for (let i = 0; i < 7; i++) {
    step = addInterval(step, rule, zone)
    const next = onBusinessDay(step, rule.tipoDias, zone)
    if (next > sendAt) return next
  }
  return step
}

function addInterval(at: Date, rule: Recurrence, zone: string): Date {
  if (rule.intervalo === 4) return new Date(at.getTime() + rule.valorIntervalo * 60_000)
  const local = toWallClock(at, zone)
  if (rule.intervalo === 1) local.setUTCDate(local.getUTCDate() + rule.valorIntervalo)
  else if (rule.intervalo === 2) local.setUTCDate(local.getUTCDate() + 7 * rule.valorIntervalo)
  else addMonths(local, rule.valorIntervalo)
  return fromWallClock(local, zone)
}

function onBusinessDay(at: Date, tipoDias: number, zone: string): Date {
  if (tipoDias !== 5 && tipoDias !== 6) return at
  const local = toWallClock(at, zone)
  const step = tipoDias === 5 ? -1 : 1
  while (local.getUTCDay() === 0 || local.getUTCDay() === 6) local.setUTCDate(local.getUTCDate() + step)
  return fromWallClock(local, zone)
}

/** Jan 31 + 1 month is the last day of February, as moment does. */
function addMonths(local: Date, months: number) {
  const day = local.getUTCDate()
  local.setUTCDate(1)
  local.setUTCMonth(local.getUTCMonth() + months)
  const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate()
  local.setUTCDate(Math.min(day, last))
}
