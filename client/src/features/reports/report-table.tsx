import { useTranslation } from 'react-i18next'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { IconButton } from '../../ui/button.tsx'
import { formatShortDateTime, hoursAndMinutes } from '../../lib/format.ts'
import type { ReportRow } from './reports.ts'


/** The report's rows (spec part 2 §3 "Report row"); on a phone the contact, status and actions, with the dates under the name. */
export function ReportTable({ rows, onLog, onOpen }: { rows: ReportRow[]; onLog: (id: number) => void; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation()
  const h = (k: string) => t(`reports.columns.${k}`)
  return (
    <TableCard
      testId="report-table"
      head={
        <>
          <th className={`${thClass} hidden md:table-cell`}>{h('id')}</th>
          <th className={`${thClass} hidden xl:table-cell`}>{h('whatsappName')}</th>
          <th className={thClass}>{h('contactName')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('userName')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('queueName')}</th>
          <th className={thClass}>{h('status')}</th>
          <th className={`${thClass} hidden 2xl:table-cell`}>{h('lastMessage')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('createdAt')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('closedAt')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('supportTime')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('NPS')}</th>
          <th className={`${thClass} text-right`}>{h('actions')}</th>
        </>
      }
    >
      {rows.map((r) => (
        <tr key={r.id} className={rowClass} data-testid="report-row">
          <td className={`${tdClass} hidden tabular-nums md:table-cell`}>{r.id}</td>
          <td className={`${tdClass} hidden xl:table-cell`}>{r.whatsappName ?? '—'}</td>
          <td className={tdClass}>
            <span className="block break-words font-medium">{r.contactName}</span>
            <span className="block text-xs text-slate-500 md:hidden dark:text-slate-400">
              {formatShortDateTime(String(r.createdAt))}
              {r.userName ? ` · ${r.userName}` : ''}
            </span>
          </td>
          <td className={`${tdClass} hidden md:table-cell`}>{r.userName ?? '—'}</td>
          <td className={`${tdClass} hidden lg:table-cell`}>{r.queueName ?? '—'}</td>
          <td className={tdClass}>{t(`reports.statuses.${r.status}`)}</td>
          <td className={`${tdClass} hidden max-w-56 truncate 2xl:table-cell`} title={r.lastMessage}>{r.lastMessage}</td>
          <td className={`${tdClass} hidden whitespace-nowrap tabular-nums md:table-cell`}>{formatShortDateTime(String(r.createdAt))}</td>
          <td className={`${tdClass} hidden whitespace-nowrap tabular-nums md:table-cell`}>{r.closedAt ? formatShortDateTime(String(r.closedAt)) : '—'}</td>
          <td className={`${tdClass} hidden whitespace-nowrap tabular-nums lg:table-cell`}>{r.supportTime === null ? '—' : hoursAndMinutes(r.supportTime)}</td>
          <td className={`${tdClass} hidden tabular-nums sm:table-cell`}>{r.NPS ?? '—'}</td>
          <td className={`${tdClass} text-right`}>
            <span className="inline-flex gap-1">
              <IconButton icon="history" label={t('reports.log')} onClick={() => onLog(r.id)} />
              <IconButton icon="openInNew" label={t('reports.open')} onClick={() => onOpen(r.uuid)} />
            </span>
          </td>
        </tr>
      ))}
    </TableCard>
  )
}
