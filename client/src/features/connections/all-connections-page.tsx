import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { ConnectionsCompanyDialog } from './connections-company-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { useCompanyConnectionCounts, type CompanyConnectionCounts } from './connections.ts'

const cell = 'px-4 py-3 text-sm'

/**
 * /allConnections (spec part 2 §2, super user; RouteGate shows the no-access view to others): per company
 * its connected, disconnected and total connections, and a totals row. Read from the API: other
 * companies' rows are never synced to a browser.
 */
export default function AllConnectionsPage() {
  const { t } = useTranslation()
  const { rows, loading, error, reload } = useCompanyConnectionCounts()
  const [open, setOpen] = useState<CompanyConnectionCounts | null>(null)
  const sum = (k: 'connected' | 'disconnected' | 'total') => rows.reduce((n, r) => n + r[k], 0)

  const body = () => {
    if (error) return <LoadingScreen label="" error={t('common.listFailed')} retryLabel={t('common.retry')} onRetry={reload} />
    if (loading) return <LoadingScreen label={t('common.loading')} />
    return (
      <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <table className="w-full min-w-[560px] text-left">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th className={cell}>{t('allConnections.company')}</th>
              <th className={cell}>{t('allConnections.connected')}</th>
              <th className={cell}>{t('allConnections.disconnected')}</th>
              <th className={cell}>{t('allConnections.total')}</th>
              <th className={`${cell} text-right`}>{t('connections.columns.actions')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((r) => (
              <tr key={r.companyId} data-testid="company-connections-row">
                <td className={`${cell} font-medium`}>{r.name}</td>
                <td className={`${cell} text-green-700 dark:text-green-400`}>{r.connected}</td>
                <td className={`${cell} text-red-700 dark:text-red-400`}>{r.disconnected}</td>
                <td className={cell}>{r.total}</td>
                <td className={`${cell} text-right`}>
                  <button type="button" className={plainIconButtonClass} aria-label={t('allConnections.open', { name: r.name })} title={t('allConnections.open', { name: r.name })} onClick={() => setOpen(r)}>
                    <Icon name="sync" className="size-5" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 font-semibold dark:border-slate-700">
            <tr data-testid="company-connections-totals">
              <td className={cell}>{t('allConnections.totals')}</td>
              <td className={cell}>{sum('connected')}</td>
              <td className={cell}>{sum('disconnected')}</td>
              <td className={cell}>{sum('total')}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('allConnections.title')}</h1>
      {body()}
      <ConnectionsCompanyDialog company={open} onClose={() => setOpen(null)} />
    </section>
  )
}
