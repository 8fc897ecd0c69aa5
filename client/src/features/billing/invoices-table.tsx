import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { formatBRL, formatDay } from '../../lib/format.ts'
import type { AnyInvoice } from './billing.ts'

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400'
const td = 'px-3 py-2 align-top'

/** Days from today to a due date (negative once past), by calendar day. */
function daysUntil(due: string, today = new Date()): number {
  const [y, m, d] = due.split('-').map(Number)
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000)
}

/** Spec part 2 §9: due in 1-5 days yellow, due today or past red (open invoices only). */
export function dueTone(inv: Pick<AnyInvoice, 'status' | 'dueDate'>, today = new Date()): 'late' | 'soon' | null {
  if (inv.status === 'Pago') return null
  const days = daysUntil(inv.dueDate, today)
  return days <= 0 ? 'late' : days <= 5 ? 'soon' : null
}

const toneClass = { late: 'text-red-700 dark:text-red-400 font-semibold', soon: 'text-amber-700 dark:text-amber-300 font-semibold' }

/**
 * Invoices (spec part 2 §3 Invoice): detail, counts, value in reais, due date, status; an open one
 * offers Pay (or, for the super user's list, Confirm payment). On a phone: detail, value and action.
 */
export function InvoicesTable({ invoices, action, showCompany = false }: { invoices: AnyInvoice[]; action: (inv: AnyInvoice) => React.ReactNode; showCompany?: boolean }) {
  const { t } = useTranslation()
  const h = (k: string) => t(`billing.columns.${k}`)
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full text-sm" data-testid="invoices-table">
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            <th className={`${th} hidden md:table-cell`}>{h('id')}</th>
            {showCompany && <th className={th}>{h('company')}</th>}
            <th className={`${th} ${showCompany ? 'hidden md:table-cell' : ''}`}>{h('detail')}</th>
            <th className={`${th} hidden lg:table-cell`}>{h('users')}</th>
            <th className={`${th} hidden lg:table-cell`}>{h('connections')}</th>
            <th className={`${th} hidden lg:table-cell`}>{h('queues')}</th>
            <th className={th}>{h('value')}</th>
            <th className={`${th} hidden sm:table-cell`}>{h('dueDate')}</th>
            <th className={`${th} hidden sm:table-cell`}>{h('status')}</th>
            <th className={`${th} text-right`}>{h('action')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((inv) => {
            const tone = dueTone(inv)
            return (
              <tr key={inv.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="invoice-row">
                <td className={`${td} hidden tabular-nums md:table-cell`}>{inv.id}</td>
                {showCompany && (
                  <td className={td}>
                    <span className="block break-words">{inv.companyName}</span>
                    <span className="block break-words text-xs text-slate-500 md:hidden dark:text-slate-400">{inv.detail || t('billing.noDetail')}</span>
                    <span className={`block text-xs sm:hidden ${tone ? toneClass[tone] : 'text-slate-500 dark:text-slate-400'}`}>
                      {formatDay(inv.dueDate)} · {t(`billing.status.${inv.status === 'Pago' ? 'paid' : 'open'}`)}
                    </span>
                  </td>
                )}
                <td className={`${td} ${showCompany ? 'hidden md:table-cell' : ''}`}>
                  <span className="block break-words">{inv.detail || t('billing.noDetail')}</span>
                  {!showCompany && (
                    <span className={`block text-xs sm:hidden ${tone ? toneClass[tone] : 'text-slate-500 dark:text-slate-400'}`}>
                      {formatDay(inv.dueDate)} · {t(`billing.status.${inv.status === 'Pago' ? 'paid' : 'open'}`)}
                    </span>
                  )}
                </td>
                <td className={`${td} hidden tabular-nums lg:table-cell`}>{inv.users}</td>
                <td className={`${td} hidden tabular-nums lg:table-cell`}>{inv.connections}</td>
                <td className={`${td} hidden tabular-nums lg:table-cell`}>{inv.queues}</td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{formatBRL(inv.value)}</td>
                <td className={`${td} hidden whitespace-nowrap tabular-nums sm:table-cell ${tone ? toneClass[tone] : ''}`}>{formatDay(inv.dueDate)}</td>
                <td className={`${td} hidden sm:table-cell`}>
                  <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${inv.status === 'Pago' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
                    {t(`billing.status.${inv.status === 'Pago' ? 'paid' : 'open'}`)}
                  </span>
                </td>
                <td className={`${td} whitespace-nowrap text-right`}>{inv.status === 'Pago' ? null : action(inv)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

export function PayButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation()
  return (
    <Button className="px-3 py-1" onClick={onClick}>
      {t('billing.pay')}
    </Button>
  )
}
