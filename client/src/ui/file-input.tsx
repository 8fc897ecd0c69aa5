import { useTranslation } from 'react-i18next'

interface FileInputProps {
  id: string
  label: string
  file: File | null
  onChange: (file: File | null) => void
  accept?: string
  error?: string
}

/**
 * A file chooser whose words are the app's (the native one speaks the browser's language): a button,
 * the chosen file's name or "no file", and the field's error.
 */
export function FileInput({ id, label, file, onChange, accept, error }: FileInputProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</span>
      <div className="flex min-w-0 items-center gap-3">
        <label
          htmlFor={id}
          className="shrink-0 cursor-pointer whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand/40 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t('common.chooseFile')}
          <input
            id={id}
            type="file"
            accept={accept}
            className="sr-only"
            aria-label={label}
            onChange={(e) => {
              onChange(e.target.files?.[0] ?? null)
              e.target.value = ''
            }}
          />
        </label>
        <span className="min-w-0 text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300" data-testid={`${id}-name`}>
          {file ? file.name : t('common.noFile')}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}
