import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { narrowHidden } from './column-mapping.tsx'
import { IMPORT_FIELDS, previewRows, type ContactFile, type ContactImportMapping } from './contact-import.ts'

interface RowSelectionProps {
  file: ContactFile
  mapping: ContactImportMapping
  leftOut: ReadonlySet<number>
  onChange: (leftOut: Set<number>) => void
}

/** Rows drawn at a time: a 5,000-row file must not become 5,000 table rows at once. */
const PAGE = 100
const cell = 'px-3 py-2 text-sm'

/**
 * The import's "rows selected" step (spec part 2 §2 "Contacts import"): every row of the file as it would
 * be imported, chosen by default; a row without a name or a number is marked as one the import ignores.
 */
export function RowSelection({ file, mapping, leftOut, onChange }: RowSelectionProps) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(PAGE)
  const all = file.rows.length
  const chosen = all - leftOut.size
  const rows = previewRows(file, mapping, shown)
  const allBox = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = chosen > 0 && chosen < all
  }, [chosen, all])

  const toggle = (i: number) => {
    const next = new Set(leftOut)
    if (next.has(i)) next.delete(i)
    else next.add(i)
    onChange(next)
  }
  const fields = IMPORT_FIELDS.filter((f) => f === 'name' || f === 'number' || mapping[f])

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            ref={allBox}
            type="checkbox"
            data-testid="import-select-all"
            className="size-4 accent-brand"
            checked={chosen === all}
            onChange={() => onChange(chosen === all ? new Set(file.rows.map((_, i) => i)) : new Set())}
          />
          {t('contactsImport.rows.all')}
        </label>
        <p data-testid="import-chosen" className="text-sm text-slate-600 dark:text-slate-300">
          {t('contactsImport.rows.chosen', { count: chosen, total: all })}
        </p>
      </div>
      <div className="max-h-[28rem] overflow-auto rounded-lg ring-1 ring-slate-200 dark:ring-slate-800">
        <table className="w-full text-left" data-testid="import-rows">
          <thead className="sticky top-0 border-b border-slate-200 bg-white text-xs uppercase text-slate-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              <th className={`${cell} w-10`}>
                <span className="sr-only">{t('contactsImport.rows.choose')}</span>
              </th>
              <th className={`${cell} hidden w-12 sm:table-cell`}>#</th>
              {fields.map((f) => (
                <th key={f} className={`${cell} ${narrowHidden(f)}`}>
                  {t(`contactsImport.fields.${f}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((r, i) => {
              const ignored = !r.name || !r.number
              return (
                <tr key={i} data-testid="import-row" className={leftOut.has(i) ? 'opacity-50' : ''}>
                  <td className={cell}>
                    <input
                      type="checkbox"
                      className="size-4 accent-brand"
                      aria-label={t('contactsImport.rows.chooseRow', { row: i + 1, name: r.name || r.number })}
                      checked={!leftOut.has(i)}
                      onChange={() => toggle(i)}
                    />
                  </td>
                  <td className={`${cell} hidden tabular-nums text-slate-500 sm:table-cell`}>{i + 1}</td>
                  {fields.map((f) => (
                    <td key={f} className={`${cell} ${narrowHidden(f)} ${f === 'number' ? 'tabular-nums' : ''} break-words`}>
                      {r[f]}
                      {f === 'name' && ignored && (
                        <span className={`${r.name ? 'ml-2 ' : ''}inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200`}>
                          {t('contactsImport.rows.willBeIgnored')}
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {shown < all && (
        <button type="button" data-testid="import-rows-more" className="self-center text-sm font-semibold text-brand hover:underline" onClick={() => setShown((n) => n + PAGE)}>
          {t('contactsImport.rows.more', { count: Math.min(PAGE, all - shown) })}
        </button>
      )}
    </div>
  )
}
