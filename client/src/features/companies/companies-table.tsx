import { useTranslation } from 'react-i18next'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { IconButton } from '../../ui/button.tsx'
import { dueDateTone } from '../../lib/due-date.ts'
import { formatBRL, formatDay, formatShortDateTime } from '../../lib/format.ts'
import { formatBytes, type CompanyView } from './companies.ts'

/** Spec part 2 §2: a row due in 1-5 days is yellow, due today or past red. */
const rowTone = { late: 'bg-red-50 dark:bg-red-950/40', soon: 'bg-amber-50 dark:bg-amber-950/40' }
const dueText = { late: 'text-red-700 dark:text-red-300 font-semibold', soon: 'text-amber-800 dark:text-amber-200 font-semibold' }

interface Props {
  companies: CompanyView[]
  onEdit: (c: CompanyView) => void
  onRenew: (c: CompanyView) => void
  onDelete: (c: CompanyView) => void
}

/**
 * The companies table (spec part 2 §2): id, active, name, email, plan and value, created, due date with
 * recurrence, last login, folder size, file count, last folder update; renew, edit and delete. On a
 * phone: the name with its plan and due date under it, and the actions.
 */
export function CompaniesTable({ companies, onEdit, onRenew, onDelete }: Props) {
  const { t } = useTranslation()
  const h = (k: string) => t(`companies.columns.${k}`)
  const when = (iso: string | null) => (iso ? formatShortDateTime(iso) : '—')
  return (
    <TableCard
      testId="companies-table"
      scroll
      head={
        <>
          <th className={`${thClass} hidden md:table-cell`}>{h('id')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('status')}</th>
          <th className={thClass}>{h('name')}</th>
          <th className={`${thClass} hidden 2xl:table-cell`}>{h('email')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('plan')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('createdAt')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('dueDate')}</th>
          <th className={`${thClass} hidden 2xl:table-cell`}>{h('lastLogin')}</th>
          <th className={`${thClass} hidden xl:table-cell`}>{h('folder')}</th>
          <th className={`${thClass} text-right`}>{h('actions')}</th>
        </>
      }
    >
      {companies.map((c) => {
        const tone = dueDateTone(c.dueDate)
        const due = c.dueDate ? `${formatDay(c.dueDate)} · ${t(`companies.recurrence.${c.recurrence}`)}` : '—'
        return (
          <tr key={c.id} data-testid="company-row" data-tone={tone ?? ''} className={`${rowClass} ${tone ? rowTone[tone] : ''}`}>
            <td className={`${tdClass} hidden tabular-nums md:table-cell`}>{c.id}</td>
            <td className={`${tdClass} hidden md:table-cell`}>{c.status ? t('common.yes') : t('common.no')}</td>
            <td className={tdClass}>
              <span className="block break-words font-medium">{c.name}</span>
              <span className="block text-xs text-slate-500 [overflow-wrap:anywhere] 2xl:hidden dark:text-slate-400">{c.email}</span>
              <span className={`block text-xs sm:hidden ${tone ? dueText[tone] : 'text-slate-500 dark:text-slate-400'}`}>{due}</span>
            </td>
            <td className={`${tdClass} hidden [overflow-wrap:anywhere] 2xl:table-cell`}>{c.email ?? '—'}</td>
            <td className={`${tdClass} hidden md:table-cell`}>
              <span className="block break-words">{c.plan?.name ?? '—'}</span>
              {c.plan && <span className="block whitespace-nowrap text-xs tabular-nums text-slate-500 dark:text-slate-400">{formatBRL(c.plan.amount)}</span>}
            </td>
            <td className={`${tdClass} hidden whitespace-nowrap tabular-nums lg:table-cell`}>{when(c.createdAt)}</td>
            <td className={`${tdClass} hidden whitespace-nowrap tabular-nums sm:table-cell ${tone ? dueText[tone] : ''}`}>{due}</td>
            <td className={`${tdClass} hidden whitespace-nowrap tabular-nums 2xl:table-cell`}>{when(c.lastLogin)}</td>
            <td className={`${tdClass} hidden whitespace-nowrap tabular-nums xl:table-cell`}>
              <span className="block">{formatBytes(Number(c.folderSize))} · {t('companies.files', { count: c.numberFileFolder })}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{when(c.updatedAtFolder)}</span>
            </td>
            <td className={`${tdClass} text-right`}>
              <span className="inline-flex gap-1">
                <IconButton icon="history" label={t('companies.renew')} onClick={() => onRenew(c)} />
                <IconButton icon="edit" label={t('common.edit')} onClick={() => onEdit(c)} />
                <IconButton icon="delete" label={t('common.delete')} onClick={() => onDelete(c)} />
              </span>
            </td>
          </tr>
        )
      })}
    </TableCard>
  )
}
