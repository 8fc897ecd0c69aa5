import { useTranslation } from 'react-i18next'
import type { ContactImportResult } from './contact-import.ts'

const COUNTS = ['total', 'created', 'duplicated', 'invalid', 'ignored'] as const

/** The counts POST /contacts/upload answered. */
export function ImportResult({ result }: { result: ContactImportResult }) {
  const { t } = useTranslation()
  return (
    <dl data-testid="import-result" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {COUNTS.map((key) => (
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

/** While the file goes up: the server imports every row in that one request, so the bar only moves. */
export function ImportProgress({ rows }: { rows: number }) {
  const { t } = useTranslation()
  return (
    <div role="status" data-testid="import-progress" className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('contactsImport.importing', { count: rows })}</p>
      <div className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" role="progressbar" aria-label={t('contactsImport.importing', { count: rows })}>
        <div className="h-full w-1/3 animate-pulse rounded-full bg-brand" />
      </div>
    </div>
  )
}
