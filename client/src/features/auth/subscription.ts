/** Company 1 never expires (spec part 1 §4 Session); its due date is 2999-12-31. */
export const MAIN_COMPANY_ID = 1
/** The warning shows when fewer than this many days remain (spec part 1 §9). */
export const WARNING_DAYS = 5

const DAY_MS = 24 * 60 * 60 * 1000
const isoDay = (d: Date) => d.toISOString().slice(0, 10)
const dayOf = (s: string) => s.slice(0, 10)

/** Due date passed: the day after it, as the server decides (UTC day), never for company 1. */
export function isSubscriptionExpired(companyId: number, dueDate: string | null | undefined, now: Date): boolean {
  if (companyId === MAIN_COMPANY_ID || !dueDate) return false
  return dayOf(dueDate) < isoDay(now)
}

/** Whole days from today until the due date (0 on the due day, negative once past). */
export function daysUntilDue(dueDate: string, now: Date): number {
  const due = Date.parse(`${dayOf(dueDate)}T00:00:00Z`)
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`)
  return Math.round((due - today) / DAY_MS)
}

/** Days left to show in the warning banner, or null when no warning is due. */
export function subscriptionWarningDays(companyId: number, dueDate: string | null | undefined, now: Date): number | null {
  if (companyId === MAIN_COMPANY_ID || !dueDate) return null
  const days = daysUntilDue(dueDate, now)
  return days >= 0 && days < WARNING_DAYS ? days : null
}

