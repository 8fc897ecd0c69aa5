import type { Tx } from '../../db/connect.ts'
import { isSubscriptionExpired, MAIN_COMPANY_ID } from '../auth/auth-context.ts'

/**
 * What the workers do for a company that nobody can use (issue 15 item 12; docs/decisions.md
 * "Companies in the workers"): an inactive company's sessions stop; an expired one (due date passed,
 * company 1 never) keeps receiving messages but its bots, schedules and campaigns wait until it pays.
 */
export function botsPaused(company: { id: number; status: boolean; dueDate: string | null }, now: Date): boolean {
  return !company.status || isSubscriptionExpired(company, now)
}

/**
 * SQL condition for "this company's automation may run" on a companies row aliased `c`, the same rule as
 * botsPaused: active, and not past its due date (UTC day, as login counts it).
 */
export function automationRuns(tx: Tx, now: Date) {
  return tx`(c.status and (c.id = ${MAIN_COMPANY_ID} or c.due_date is null or c.due_date >= ${now.toISOString().slice(0, 10)}::date))`
}
