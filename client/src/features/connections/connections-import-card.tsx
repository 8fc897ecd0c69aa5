import { useTranslation } from 'react-i18next'
import type { ImportProgress } from '../../lib/realtime.ts'

/** Percent of an import, or null while it prepares (count -1) or has nothing to count. */
export function importPercent(p: ImportProgress): number | null {
  if (p.done < 0 || p.total <= 0) return null
  return Math.min(100, Math.round((p.done / p.total) * 100))
}

/** The import progress card of the Connections page (spec part 2 §4 Import), fed live by /ws. */
export function ConnectionsImportCard({ progress }: { progress: ImportProgress }) {
  const { t, i18n } = useTranslation()
  const percent = importPercent(progress)
  const date = progress.date ? new Date(progress.date).toLocaleString(i18n.language) : null
  return (
    <div role="status" data-testid="import-progress" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <p className="text-sm font-semibold">{t('connections.import.title')}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {percent === null ? t('connections.import.preparing') : t('connections.import.progress', { done: progress.done, total: progress.total, percent })}
        {date && ` · ${t('connections.import.until', { date })}`}
      </p>
      {percent !== null && (
        <div className="mt-2 h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
          <div className="h-full bg-brand" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  )
}
