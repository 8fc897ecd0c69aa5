import { useTranslation } from 'react-i18next'
import { IconButton } from '../../ui/button.tsx'
import { PAGE_SIZES } from './reports.ts'

/** "Linhas por página" and the page's place in the total, with previous and next (spec part 2 §9 sizes). */
export function ReportPager({ page, pageSize, total, onPage, onPageSize }: { page: number; pageSize: number; total: number; onPage: (p: number) => void; onPageSize: (n: number) => void }) {
  const { t, i18n } = useTranslation()
  const last = Math.max(1, Math.ceil(total / pageSize))
  const from = total ? (page - 1) * pageSize + 1 : 0
  const to = Math.min(total, page * pageSize)
  const n = (v: number) => v.toLocaleString(i18n.language)
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 text-sm" data-testid="report-pager">
      <label className="flex items-center gap-2">
        {t('reports.pageSize')}
        <select className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>{s}</option>
          ))}
        </select>
      </label>
      <span className="tabular-nums" data-testid="report-range">{t('reports.range', { from: n(from), to: n(to), total: n(total) })}</span>
      <span className="flex">
        <IconButton icon="chevronLeft" label={t('reports.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)} className="disabled:opacity-40" />
        <IconButton icon="chevronRight" label={t('reports.next')} disabled={page >= last} onClick={() => onPage(page + 1)} className="disabled:opacity-40" />
      </span>
    </div>
  )
}
