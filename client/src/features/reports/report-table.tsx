import { useTranslation } from 'react-i18next'
import { IconButton } from '../../ui/button.tsx'
import { formatShortDateTime, hoursAndMinutes } from '../../lib/format.ts'
import type { ReportRow } from './reports.ts'

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400'
const td = 'px-3 py-2 align-top'

/** The report's rows (spec part 2 §3 "Report row"); on a phone the contact, status and actions, with the dates under the name. */
export function ReportTable({ rows, onLog, onOpen }: { rows: ReportRow[]; onLog: (id: number) => void; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation()
  const h = (k: string) => t(`reports.columns.${k}`)
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full text-sm" data-testid="report-table">
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            <th className={`${th} hidden md:table-cell`}>{h('id')}</th>
            <th className={`${th} hidden xl:table-cell`}>{h('whatsappName')}</th>
            <th className={th}>{h('contactName')}</th>
            <th className={`${th} hidden md:table-cell`}>{h('userName')}</th>
            <th className={`${th} hidden lg:table-cell`}>{h('queueName')}</th>
            <th className={th}>{h('status')}</th>
            <th className={`${th} hidden 2xl:table-cell`}>{h('lastMessage')}</th>
            <th className={`${th} hidden md:table-cell`}>{h('createdAt')}</th>
            <th className={`${th} hidden md:table-cell`}>{h('closedAt')}</th>
            <th className={`${th} hidden lg:table-cell`}>{h('supportTime')}</th>
            <th className={`${th} hidden sm:table-cell`}>{h('NPS')}</th>
            <th className={`${th} text-right`}>{h('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="report-row">
              <td className={`${td} hidden tabular-nums md:table-cell`}>{r.id}</td>
              <td className={`${td} hidden xl:table-cell`}>{r.whatsappName ?? '—'}</td>
              <td className={td}>
                <span className="block break-words font-medium">{r.contactName}</span>
                <span className="block text-xs text-slate-500 md:hidden dark:text-slate-400">
                  {formatShortDateTime(String(r.createdAt))}
                  {r.userName ? ` · ${r.userName}` : ''}
                </span>
              </td>
              <td className={`${td} hidden md:table-cell`}>{r.userName ?? '—'}</td>
              <td className={`${td} hidden lg:table-cell`}>{r.queueName ?? '—'}</td>
              <td className={td}>{t(`reports.statuses.${r.status}`)}</td>
              <td className={`${td} hidden max-w-56 truncate 2xl:table-cell`} title={r.lastMessage}>{r.lastMessage}</td>
              <td className={`${td} hidden whitespace-nowrap tabular-nums md:table-cell`}>{formatShortDateTime(String(r.createdAt))}</td>
              <td className={`${td} hidden whitespace-nowrap tabular-nums md:table-cell`}>{r.closedAt ? formatShortDateTime(String(r.closedAt)) : '—'}</td>
              <td className={`${td} hidden whitespace-nowrap tabular-nums lg:table-cell`}>{r.supportTime === null ? '—' : hoursAndMinutes(r.supportTime)}</td>
              <td className={`${td} hidden tabular-nums sm:table-cell`}>{r.NPS ?? '—'}</td>
              <td className={`${td} text-right`}>
                <span className="inline-flex gap-1">
                  <IconButton icon="history" label={t('reports.log')} onClick={() => onLog(r.id)} />
                  <IconButton icon="openInNew" label={t('reports.open')} onClick={() => onOpen(r.uuid)} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
