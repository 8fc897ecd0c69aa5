import { useEffect, useState } from 'react'
import type { ReportRow, TicketReport } from '../../../../server/domain/reports/report-types.ts'
import { api } from '../../lib/api.ts'
import { formatShortDateTime, hoursAndMinutes, isoDay } from '../../lib/format.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { type ServerQueryState, useServerQuery } from '../../lib/server-query.ts'
import { writeSheet } from '../../lib/spreadsheet.ts'
import { useDebounced } from '../../lib/use-debounced.ts'

/**
 * The tickets report at /reports (spec part 2 §2, §3 "Report row", §7, §9): the server filters the
 * tickets the user may see; online only, like the dashboard (docs/decisions.md "Tickets report").
 */

export type { ReportRow, TicketReport }

export const REPORT_STATUSES = ['pending', 'open', 'closed', 'nps', 'lgpd', 'group'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export interface ReportFilter {
  search: string
  /** One contact's tickets (the report's contactId). */
  contact: { id: number; name: string } | null
  dateFrom: string
  dateTo: string
  whatsappIds: number[]
  userIds: number[]
  queueIds: number[]
  statuses: ReportStatus[]
  onlyRated: boolean
}

/** Spec part 2 §9: page sizes 5, 10, 20, 50, 10 first. */
export const PAGE_SIZES = [5, 10, 20, 50] as const
export const DEFAULT_PAGE_SIZE = 10
/** The export's sheet and file (spec part 2 §9). */
export const REPORT_FILE = 'relatorio-de-atendimentos.xlsx'
export const REPORT_SHEET = 'RelatorioDeAtendimentos'
/** The export asks this many rows a call, so its progress can be shown. */
export const EXPORT_BATCH = 5000

/** Spec part 2 §9: from the first of the month to today. */
export function defaultReportFilter(today: Date = new Date()): ReportFilter {
  return { search: '', contact: null, dateFrom: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), dateTo: isoDay(today), whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false }
}

/** The query GET /ticketreport/reports takes; lists go as JSON arrays, as the spec's client sends them. */
export function reportQuery(f: ReportFilter, page: number, pageSize: number): Record<string, string | number> {
  const q: Record<string, string | number> = { page, pageSize }
  if (f.search.trim()) q.searchParam = f.search.trim()
  if (f.contact) q.contactId = f.contact.id
  if (f.dateFrom) q.dateFrom = f.dateFrom
  if (f.dateTo) q.dateTo = f.dateTo
  if (f.whatsappIds.length) q.whatsappId = JSON.stringify(f.whatsappIds)
  if (f.userIds.length) q.users = JSON.stringify(f.userIds)
  if (f.queueIds.length) q.queueIds = JSON.stringify(f.queueIds)
  if (f.statuses.length) q.status = JSON.stringify(f.statuses)
  if (f.onlyRated) q.onlyRated = 'true'
  return q
}

export const fetchReport = (f: ReportFilter, page: number, pageSize: number, signal?: AbortSignal) =>
  api<TicketReport>('/ticketreport/reports', { query: reportQuery(f, page, pageSize), signal })

/** A page of the report; the search waits 500 ms after the last keystroke, an older answer never replaces a newer one. */
export function useReport(filter: ReportFilter, page: number, pageSize: number, refresh: number): ServerQueryState<TicketReport> {
  const search = useDebounced(filter.search)
  const key = JSON.stringify({ ...filter, search, page, pageSize, refresh })
  return useServerQuery(key, (signal) => fetchReport({ ...filter, search }, page, pageSize, signal))
}

/** A row of the spreadsheet: the table's columns, headers in the reader's language, times as on screen. */
export function reportSheetRows(rows: ReportRow[], t: (key: string) => string): Record<string, string | number>[] {
  const h = (k: string) => t(`reports.columns.${k}`)
  return rows.map((r) => ({
    [h('id')]: r.id,
    [h('whatsappName')]: r.whatsappName ?? '',
    [h('contactName')]: r.contactName,
    [h('userName')]: r.userName ?? '',
    [h('queueName')]: r.queueName ?? '',
    [h('status')]: t(`reports.statuses.${r.status}`),
    [h('lastMessage')]: r.lastMessage,
    [h('createdAt')]: formatShortDateTime(String(r.createdAt)),
    [h('closedAt')]: r.closedAt ? formatShortDateTime(String(r.closedAt)) : '',
    [h('supportTime')]: r.supportTime === null ? '' : hoursAndMinutes(r.supportTime),
    [h('NPS')]: r.NPS ?? '',
  }))
}

/**
 * The whole filtered set to relatorio-de-atendimentos.xlsx, asked EXPORT_BATCH rows a call so that
 * `progress` can say how far it is; the spreadsheet library loads on the click.
 */
export async function exportReport(f: ReportFilter, t: (key: string) => string, progress: (done: number, total: number) => void): Promise<number> {
  const rows: ReportRow[] = []
  for (let page = 1; ; page++) {
    const { tickets, totalTickets } = await fetchReport(f, page, EXPORT_BATCH)
    rows.push(...tickets)
    progress(rows.length, totalTickets.total)
    if (tickets.length < EXPORT_BATCH || rows.length >= totalTickets.total) break
  }
  await writeSheet(REPORT_FILE, REPORT_SHEET, reportSheetRows(rows, t))
  return rows.length
}

/** Spec part 2 §5: the report refreshes 5 seconds after a finished status arrives live. */
export const FINISHED_REFRESH_MS = 5000

const lastFinishedQuery: SqlQuery = { sql: `select count(*)::int as n, max(updated_at)::text as at from tickets where status = 'closed'`, params: [] }

/**
 * A number that grows 5 s after a ticket this user may see is finished: the browser's database holds
 * the same tickets as the report's rows, so its closed tickets changing is the live signal.
 */
export function useFinishedRefresh(): number {
  const db = useLocalFirst()?.db ?? null
  const { rows } = useLiveQuery<{ n: number; at: string | null }>(db, lastFinishedQuery)
  const mark = rows[0] ? `${rows[0].n}/${rows[0].at}` : null
  const [seen, setSeen] = useState<string | null>(null)
  const [refresh, setRefresh] = useState(0)
  useEffect(() => {
    if (mark === null) return
    if (seen === null) return setSeen(mark)
    if (mark === seen) return
    const timer = setTimeout(() => {
      setSeen(mark)
      setRefresh((n) => n + 1)
    }, FINISHED_REFRESH_MS)
    return () => clearTimeout(timer)
  }, [mark, seen])
  return refresh
}
