import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { errorMessage, toastError } from '../../lib/errors.ts'
import i18n from '../../i18n/index.ts'
import { TicketLogDialog } from '../tickets/index.ts'
import { ReportFilters } from './report-filters.tsx'
import { ReportPager } from './report-pager.tsx'
import { ReportTable } from './report-table.tsx'
import { DEFAULT_PAGE_SIZE, defaultReportFilter, exportReport, type ReportFilter, useFinishedRefresh, useReport } from './reports.ts'
import { navigateTo } from '../../lib/navigation.ts'

/**
 * /reports (spec part 2 §2 Reports; dashboard:view): filters, the rows of one page, page sizes, the
 * export of the whole filtered set, and per row the ticket's log and its chat; the rows come again 5 s
 * after a ticket is finished (useFinishedRefresh).
 */
export default function ReportsPage() {
  const { t, i18n: { language } } = useTranslation()
  const [filter, setFilter] = useState<ReportFilter>(defaultReportFilter)
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE)
  const [logOf, setLogOf] = useState<number | null>(null)
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null)
  const { data: report, loading, error } = useReport(filter, page, pageSize, useFinishedRefresh())

  const changeFilter = (f: ReportFilter) => {
    setFilter(f)
    setPage(1)
  }
  const runExport = () => {
    setExporting({ done: 0, total: report?.totalTickets.total ?? 0 })
    exportReport(filter, t, (done, total) => setExporting({ done, total }))
      .catch(toastError)
      .finally(() => setExporting(null))
  }

  const body = () => {
    if (error && !report) return <LoadingScreen label="" error={errorMessage(error)} />
    if (!report) return <LoadingScreen label={t('common.loading')} />
    if (!report.tickets.length) return <p className="rounded-xl bg-white p-8 text-center text-sm text-slate-500 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-800">{t('reports.empty')}</p>
    return <ReportTable rows={report.tickets} onLog={setLogOf} onOpen={(uuid) => navigateTo(`/tickets/${uuid}`)} />
  }
  const n = (v: number) => v.toLocaleString(language)

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('reports.title')}</h1>
        <Button variant="secondary" onClick={runExport} disabled={exporting !== null || !report?.totalTickets.total}>
          <Icon name="download" className="size-5" />
          {exporting ? t('reports.exporting', { done: n(exporting.done), total: n(exporting.total) }) : t('reports.export')}
        </Button>
      </div>
      {exporting && (
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" role="progressbar" aria-label={t('reports.export')} aria-valuemin={0} aria-valuemax={exporting.total} aria-valuenow={exporting.done}>
          <div className="h-full bg-brand transition-all" style={{ width: `${exporting.total ? (100 * exporting.done) / exporting.total : 0}%` }} />
        </div>
      )}
      <ReportFilters filter={filter} onChange={changeFilter} />
      {error && report ? <p className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">{errorMessage(error)}</p> : null}
      <div className={loading && report ? 'opacity-60 transition-opacity' : 'transition-opacity'} aria-busy={loading}>
        {body()}
      </div>
      {report && report.totalTickets.total > 0 && (
        <ReportPager page={page} pageSize={pageSize} total={report.totalTickets.total} onPage={setPage} onPageSize={(s) => { setPageSize(s); setPage(1) }} />
      )}
      <TicketLogDialog ticketId={logOf} onClose={() => setLogOf(null)} />
    </section>
  )
}
