import { useTranslation } from 'react-i18next'
import type { ContactImportResult } from './contact-import.ts'

const COUNTS = ['total', 'created', 'duplicated', 'invalid', 'notOnWhatsapp', 'ignored'] as const

/** The counts of the import (the number WhatsApp does not know only when the import checked them). */
export function ImportResult({ result }: { result: ContactImportResult }) {
  const { t } = useTranslation()
  const counts = COUNTS.filter((key) => result[key] !== undefined)
  return (
    <dl data-testid="import-result" className={`grid grid-cols-2 gap-3 ${counts.length > 5 ? 'sm:grid-cols-6' : 'sm:grid-cols-5'}`}>
      {counts.map((key) => (
        <div key={key} className="rounded-lg bg-slate-50 p-3 text-center dark:bg-slate-800">
          <dt className="text-xs uppercase text-slate-500 dark:text-slate-400">{t(`contactsImport.result.${key}`)}</dt>
          <dd data-testid={`import-${key}`} className="text-2xl font-bold tabular-nums">
            {result[key]}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * While the import runs. The upload imports every row in one request, so its bar only moves; the import
 * that checks WhatsApp goes row by row and shows how far it is (`done`).
 */
export function ImportProgress({ rows, done }: { rows: number; done?: number }) {
  const { t } = useTranslation()
  const label = done === undefined ? t('contactsImport.importing', { count: rows }) : t('contactsImport.checking', { done, count: rows })
  const percent = done === undefined ? undefined : Math.round((done / Math.max(rows, 1)) * 100)
  return (
    <div role="status" data-testid="import-progress" className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        role="progressbar"
        aria-label={label}
        aria-valuemin={percent === undefined ? undefined : 0}
        aria-valuemax={percent === undefined ? undefined : 100}
        aria-valuenow={percent}
      >
        {percent === undefined ? (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand" />
        ) : (
          <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        )}
      </div>
    </div>
  )
}
