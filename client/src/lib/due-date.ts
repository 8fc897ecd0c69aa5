/** Days from today to a YYYY-MM-DD due date (negative once past), by calendar day. */
export function daysUntil(due: string, today = new Date()): number {
  const [y, m, d] = due.split('-').map(Number)
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000)
}

/** Spec part 2 §9 due-date colouring: 0 or past red ('late'), 1-5 days yellow ('soon'). */
export function dueDateTone(due: string | null | undefined, today = new Date()): 'late' | 'soon' | null {
  if (!due) return null
  const days = daysUntil(due, today)
  return days <= 0 ? 'late' : days <= 5 ? 'soon' : null
}
