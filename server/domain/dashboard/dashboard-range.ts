import type { Tx } from '../../db/connect.ts'
import type { DashboardChartQuery, DashboardQuery } from '../../routes/dashboard.schema.ts'
import type { Fragment } from '../tickets/visible-tickets.ts'
import { localDate } from '../routing/schedule-rules.ts'
import { withinDaysClause } from '../zone-days.ts'

/** A range of calendar days in the company's zone, both ends included. */
export interface DayRange {
  from: string
  to: string
  zone: string
}

/** The calendar day of an instant in a zone, as YYYY-MM-DD. */
export const dayIn = (zone: string, at: Date): string => localDate(at, zone)

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`

/**
 * The dashboard's filter as days (docs/decisions.md "Dashboard"): `days` is the last N days with today;
 * a date_from alone runs through today, a date_to alone starts on the first of its month (the screen's
 * default range); with both, the dates win over days.
 */
export function dashboardRange(q: DashboardQuery, zone: string, now: Date): DayRange {
  const today = dayIn(zone, now)
  if (q.date_from || q.date_to) {
    const to = q.date_to ?? (q.date_from! > today ? q.date_from! : today)
    return { from: q.date_from ?? firstOfMonth(to), to, zone }
  }
  return { from: addDays(today, -(q.days! - 1)), to: today, zone }
}

/** The charts' range: missing ends default to the first of this month and today. */
export function chartRange(q: DashboardChartQuery, zone: string, now: Date): DayRange {
  const today = dayIn(zone, now)
  const to = q.finalDate ?? (q.initialDate && q.initialDate > today ? q.initialDate : today)
  return { from: q.initialDate ?? firstOfMonth(to), to, zone }
}

/** `column` within the range: from the first day's midnight to the midnight after the last, in the zone. */
export function withinRange(tx: Tx, column: Fragment, r: DayRange): Fragment {
  return withinDaysClause(tx, column, r.zone, r.from, r.to)
}

/**
 * Settings for a one-off query over a large range, for the rest of this transaction. Two parallel
 * workers (the database's default is none, migrations/0028_*). JIT off: Postgres compiled such a query
 * with LLVM first, 350 ms of a 980 ms dashboard in bench/dashboard.ts. Custom plans only: after five
 * runs of a prepared statement Postgres may switch to a generic plan, which does not know the range and
 * gave up the parallel scan (a year's dashboard 165 ms → 350 ms from the tenth call on).
 */
export async function forReporting(tx: Tx): Promise<void> {
  await tx`select set_config('jit', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true),
                  set_config('max_parallel_workers_per_gather', '2', true)`
}
