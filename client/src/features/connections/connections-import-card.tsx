import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportProgress } from '../../lib/realtime.ts'
import { Button } from '../../ui/button.tsx'

/** How long after a new link the import shows as preparing (spec part 2 §9). */
export const IMPORT_PREPARING_MS = 35_000

/**
 * Until when a connection's import is preparing: statusImportMessages holds the epoch milliseconds of
 * the link that started it (workers/inbound/updates.ts), 'Running' or 'renderButtonCloseTickets' later.
 */
export function importPreparingUntil(statusImportMessages: string | null, now: number): number | null {
  if (!statusImportMessages || !/^\d{10,}$/.test(statusImportMessages)) return null
  const until = Number(statusImportMessages) + IMPORT_PREPARING_MS
  return until > now ? until : null
}

/** The disabled 'preparing' button of a connection whose import has just started; gone after 35 s. */
export function ImportPreparingButton({ statusImportMessages }: { statusImportMessages: string | null }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  const until = importPreparingUntil(statusImportMessages, now)
  useEffect(() => {
    if (until === null) return
    const timer = setTimeout(() => setNow(Date.now()), until - Date.now())
    return () => clearTimeout(timer)
  }, [until])
  if (until === null) return null
  return (
    <Button variant="secondary" disabled data-testid="import-preparing">
      {t('connections.import.preparingButton')}
    </Button>
  )
}

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
