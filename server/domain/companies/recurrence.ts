/** Billing recurrences as stored (spec part 2 §3 Company). */
export type Recurrence = 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL'

/** Months each recurrence covers (spec part 2 §4 "Company due date", §9). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * Adds calendar months to a YYYY-MM-DD date. A day the target month lacks becomes its last day:
 * Jan 31 + 1 month = Feb 28 (Feb 29 in a leap year).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const total = y * 12 + (m - 1) + months
  const year = Math.floor(total / 12)
  const month = total - year * 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(Math.min(d, lastDay))}`
}

/**
 * The due date after a renewal (spec part 2 §4): one recurrence period after the current due date,
 * or after today when the due date is empty or already past (a lapsed company pays from today).
 */
export function renewedDueDate(dueDate: string | null, recurrence: Recurrence, today: string): string {
  const from = dueDate && dueDate >= today ? dueDate : today
  return addMonths(from, RECURRENCE_MONTHS[recurrence])
}
