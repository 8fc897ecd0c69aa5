import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { toastError } from '../../lib/errors.ts'
import { exportAttendants } from './attendants-export.ts'
import { hoursAndMinutes } from '../../lib/format.ts'
import type { AttendantRow } from './dashboard.ts'
import { RatingFace } from './rating-face.tsx'

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400'

export function AttendantsTab({ rows }: { rows: AttendantRow[] }) {
  const { t } = useTranslation()
  const h = (k: string) => t(`dashboard.attendants.${k}`)
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => void exportAttendants(rows, t).catch(toastError)} disabled={!rows.length}>
          <Icon name="download" className="size-5" />
          {t('dashboard.export')}
        </Button>
      </div>
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <table className="w-full text-sm" data-testid="attendants-table">
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              <th className={th}>{h('name')}</th>
              <th className={th}>{h('rating')}</th>
              <th className={`${th} hidden sm:table-cell`}>{h('countRating')}</th>
              <th className={th}>{h('tickets')}</th>
              <th className={`${th} hidden md:table-cell`}>{h('avgWaitTime')}</th>
              <th className={`${th} hidden md:table-cell`}>{h('avgSupportTime')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="attendant-row">
                <td className="px-3 py-2">
                  <span className="flex items-center gap-2">
                    <span className={`size-2.5 shrink-0 rounded-full ${r.online ? 'bg-green-500' : 'bg-slate-400'}`} title={h(r.online ? 'online' : 'offline')} aria-label={h(r.online ? 'online' : 'offline')} role="img" />
                    <span className="min-w-0 break-words">{r.name}</span>
                  </span>
                </td>
                <td className="px-3 py-2"><RatingFace rating={r.rating} label={h('rating')} /></td>
                <td className="hidden px-3 py-2 tabular-nums sm:table-cell">{r.countRating}</td>
                <td className="px-3 py-2 tabular-nums">{r.tickets}</td>
                <td className="hidden px-3 py-2 tabular-nums md:table-cell">{hoursAndMinutes(r.avgWaitTime)}</td>
                <td className="hidden px-3 py-2 tabular-nums md:table-cell">{hoursAndMinutes(r.avgSupportTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
