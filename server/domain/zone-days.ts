import type { Tx } from '../db/connect.ts'
import type { Fragment } from './tickets/visible-tickets.ts'

/**
 * `column` within calendar days of the company's zone: from the first day's midnight to the midnight
 * after the last. Either end may be left open. Bounds are computed by Postgres so daylight-saving days
 * keep their real length.
 */
export function withinDays(tx: Tx, column: Fragment, zone: string, from?: string, to?: string): Fragment[] {
  const bounds: Fragment[] = []
  if (from) bounds.push(tx`${column} >= (${from}::date::timestamp at time zone ${zone})`)
  if (to) bounds.push(tx`${column} < ((${to}::date + 1)::timestamp at time zone ${zone})`)
  return bounds
}

/** The same bounds as one fragment ('true' when both ends are open). */
export function withinDaysClause(tx: Tx, column: Fragment, zone: string, from?: string, to?: string): Fragment {
  const bounds = withinDays(tx, column, zone, from, to)
  if (!bounds.length) return tx`true`
  return bounds.length === 1 ? bounds[0] : tx`${bounds[0]} and ${bounds[1]}`
}
