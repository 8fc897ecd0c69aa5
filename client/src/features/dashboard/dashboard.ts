import type { AttendantRow, DashboardCounters, TicketsPerTime, TicketsPerUser } from '../../../../server/domain/dashboard/dashboard-types.ts'
import { api } from '../../lib/api.ts'
import { isoDay } from '../../lib/format.ts'
import { type ServerQueryState, useServerQuery } from '../../lib/server-query.ts'
import { useDebounced } from '../../lib/use-debounced.ts'

/**
 * The dashboard at / (spec part 1 §2, §3, §7, §9): counters and charts the server computes over the
 * range (the browser's database holds only what its user may work, not a company's year of tickets),
 * online only. The formulas are in docs/decisions.md "Dashboard".
 */

export type { AttendantRow, DashboardCounters, TicketsPerTime, TicketsPerUser }

export interface DashboardData {
  counters: DashboardCounters
  attendants: AttendantRow[]
  perDay: TicketsPerTime
  perUser: TicketsPerUser[]
}

/** The filter: the last N days, or a range of dates (YYYY-MM-DD, both ends included). */
export type DashboardFilter = { mode: 'days'; days: number } | { mode: 'dates'; from: string; to: string }

/** Spec part 1 §9: the dashboard fetches 1 s after the filter stops changing. */
export const DASHBOARD_DELAY_MS = 1000
export const DAY_CHOICES = [7, 15, 30, 60, 90] as const


/** Spec part 1 §9: from the first of the month to today. */
export function defaultFilter(today: Date = new Date()): DashboardFilter {
  return { mode: 'dates', from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: isoDay(today) }
}

/** What the filter still lacks before it can be asked ('Parametrize o filtro' when empty). */
export function filterProblem(f: DashboardFilter): 'empty' | 'order' | null {
  if (f.mode === 'days') return Number.isInteger(f.days) && f.days > 0 ? null : 'empty'
  if (!f.from && !f.to) return 'empty'
  return f.from && f.to && f.from > f.to ? 'order' : null
}

export function dashboardQuery(f: DashboardFilter): Record<string, string | number> {
  if (f.mode === 'days') return { days: f.days }
  const q: Record<string, string> = {}
  if (f.from) q.date_from = f.from
  if (f.to) q.date_to = f.to
  return q
}

/** The charts' calls take initialDate and finalDate; days become the dates they cover. */
export function chartQuery(f: DashboardFilter, today: Date = new Date()): Record<string, string> {
  if (f.mode === 'days') return { initialDate: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (f.days - 1))), finalDate: isoDay(today) }
  const q: Record<string, string> = {}
  if (f.from) q.initialDate = f.from
  if (f.to) q.finalDate = f.to
  return q
}

/** A 0-10 mean as one of five faces: 0-1.9 → 1 … 8-10 → 5 (docs/decisions.md "Dashboard"). */
export function faceOf(rating: number): 1 | 2 | 3 | 4 | 5 {
  return Math.min(5, Math.max(1, Math.floor(rating / 2) + 1)) as 1 | 2 | 3 | 4 | 5
}

/** A chart step's label as the reader expects it: 14h, 05/11, 11/2026. */
export function stepLabel(label: string, unit: TicketsPerTime['unit']): string {
  if (unit === 'hour') return `${label}h`
  if (unit === 'day') return `${label.slice(8, 10)}/${label.slice(5, 7)}`
  return `${label.slice(5, 7)}/${label.slice(0, 4)}`
}

/** The mean of the 0-10 answers, from the attendants' rows (every rated ticket has an owner). */
export function meanRating(data: DashboardData): number | null {
  const count = data.attendants.reduce((s, a) => s + a.countRating, 0)
  return count ? data.attendants.reduce((s, a) => s + (a.rating ?? 0) * a.countRating, 0) / count : null
}

export async function fetchDashboard(f: DashboardFilter, signal?: AbortSignal): Promise<DashboardData> {
  const charts = chartQuery(f)
  const [main, perDay, perUser] = await Promise.all([
    api<{ counters: DashboardCounters; attendants: AttendantRow[] }>('/dashboard', { query: dashboardQuery(f), signal }),
    api<TicketsPerTime>('/dashboard/ticketsDay', { query: charts, signal }),
    api<{ data: TicketsPerUser[] }>('/dashboard/ticketsUsers', { query: charts, signal }),
  ])
  return { counters: main.counters, attendants: main.attendants, perDay, perUser: perUser.data }
}

export type DashboardState = ServerQueryState<DashboardData>

/** The dashboard for a filter, asked 1 s after the filter settles; an older answer never replaces a newer one. */
export function useDashboard(filter: DashboardFilter): DashboardState {
  const settled = useDebounced(filter, DASHBOARD_DELAY_MS)
  return useServerQuery(filterProblem(settled) ? null : JSON.stringify(settled), (signal) => fetchDashboard(settled, signal))
}
