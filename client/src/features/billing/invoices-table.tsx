import { useTranslation } from 'react-i18next'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { Button } from '../../ui/button.tsx'
import { dueDateTone } from '../../lib/due-date.ts'
import { formatBRL, formatDay } from '../../lib/format.ts'
import type { AnyInvoice } from './billing.ts'


/** Spec part 2 §9: due in 1-5 days yellow, due today or past red (open invoices only). */
export function dueTone(inv: Pick<AnyInvoice, 'status' | 'dueDate'>, today = new Date()): 'late' | 'soon' | null {
  return inv.status === 'Pago' ? null : dueDateTone(inv.dueDate, today)
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
    <TableCard
      testId="invoices-table"
      head={
        <>
          <th className={`${thClass} hidden md:table-cell`}>{h('id')}</th>
          {showCompany && <th className={thClass}>{h('company')}</th>}
          <th className={`${thClass} ${showCompany ? 'hidden md:table-cell' : ''}`}>{h('detail')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('users')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('connections')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('queues')}</th>
          <th className={thClass}>{h('value')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('dueDate')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('status')}</th>
          <th className={`${thClass} text-right`}>{h('action')}</th>
        </>
      }
    >
      {invoices.map((inv) => {
        const tone = dueTone(inv)
        return (
          <tr key={inv.id} className={rowClass} data-testid="invoice-row">
            <td className={`${tdClass} hidden tabular-nums md:table-cell`}>{inv.id}</td>
            {showCompany && (
              <td className={tdClass}>
                <span className="block break-words">{inv.companyName}</span>
                <span className="block break-words text-xs text-slate-500 md:hidden dark:text-slate-400">{inv.detail || t('billing.noDetail')}</span>
                <span className={`block text-xs sm:hidden ${tone ? toneClass[tone] : 'text-slate-500 dark:text-slate-400'}`}>
                  {formatDay(inv.dueDate)} · {t(`billing.status.${inv.status === 'Pago' ? 'paid' : 'open'}`)}
                </span>
              </td>
            )}
            <td className={`${tdClass} ${showCompany ? 'hidden md:table-cell' : ''}`}>
              <span className="block break-words">{inv.detail || t('billing.noDetail')}</span>
              {!showCompany && (
                <span className={`block text-xs sm:hidden ${tone ? toneClass[tone] : 'text-slate-500 dark:text-slate-400'}`}>
                  {formatDay(inv.dueDate)} · {t(`billing.status.${inv.status === 'Pago' ? 'paid' : 'open'}`)}
                </span>
              )}
            </td>
            <td className={`${tdClass} hidden tabular-nums lg:table-cell`}>{inv.users}</td>
            <td className={`${tdClass} hidden tabular-nums lg:table-cell`}>{inv.connections}</td>
            <td className={`${tdClass} hidden tabular-nums lg:table-cell`}>{inv.queues}</td>
            <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatBRL(inv.value)}</td>
            <td className={`${tdClass} hidden whitespace-nowrap tabular-nums sm:table-cell ${tone ? toneClass[tone] : ''}`}>{formatDay(inv.dueDate)}</td>
            <td className={`${tdClass} hidden sm:table-cell`}>
              <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${inv.status === 'Pago' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
                {t(`billing.status.${inv.status === 'Pago' ? 'paid' : 'open'}`)}
              </span>
            </td>
            <td className={`${tdClass} whitespace-nowrap text-right`}>{inv.status === 'Pago' ? null : action(inv)}</td>
          </tr>
        )
      })}
    </TableCard>
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
