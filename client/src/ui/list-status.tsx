import { useTranslation } from 'react-i18next'
import { errorMessage } from '../lib/errors.ts'

interface ListStatusProps {
  /** Nothing to show yet: the list's rows are empty (a list with rows shows them, and no status). */
  empty: boolean
  loading: boolean
  error: unknown
  /** What an empty list says (no records, or none matching the search). */
  emptyText: string
  testId?: string
}

/**
 * The card a list shows instead of its rows: the error of its last load, "loading", or its empty text;
 * nothing once it has rows. The same on every online list page (companies, invoices, campaigns, ...).
 */
export function ListStatus({ empty, loading, error, emptyText, testId }: ListStatusProps) {
  const { t } = useTranslation()
  if (!empty) return null
  const text = error ? errorMessage(error) : loading ? t('common.loading') : emptyText
  return (
    <p className="rounded-xl bg-white p-6 text-center text-sm text-slate-500 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-800" data-testid={testId}>
      {text}
    </p>
  )
}
