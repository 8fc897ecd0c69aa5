import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icon.tsx'
import { useLiveQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { LOOKUP_MIN_CHARS } from '../../lib/local-sql.ts'
import { contactLookupQuery } from './contacts.ts'
import { useDebounced } from '../../lib/use-debounced.ts'

export interface PickedContact {
  id: number
  name: string
}

/**
 * One contact picked by name or number (the report's contact filter): the search starts at 3
 * characters (spec part 2 §9 "autocomplete search starts at 3"), fewer show the hint; a clear button
 * drops the choice.
 */
export function ContactLookup({ id, label, value, onChange }: { id: string; label: string; value: PickedContact | null; onChange: (c: PickedContact | null) => void }) {
  const { t } = useTranslation()
  const db = useLocalFirst()?.db ?? null
  const [search, setSearch] = useState('')
  const typed = useDebounced(search, 200).trim()
  const term = typed.length >= LOOKUP_MIN_CHARS ? typed : null
  const query = useMemo(() => (term ? contactLookupQuery(term) : { sql: 'select null::int as id, null as name, null as number where false', params: [] }), [term])
  const rows = useLiveQuery<{ id: number; name: string; number: string }>(db, query).rows
  const short = search.trim().length > 0 && search.trim().length < LOOKUP_MIN_CHARS
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Combobox value={value} onChange={(c: PickedContact | null) => onChange(c)} onClose={() => setSearch('')} by="id">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <div className="relative flex items-center">
          <ComboboxInput
            id={id}
            autoComplete="off"
            placeholder={t('reports.all')}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pl-3 pr-9 text-sm dark:border-slate-600 dark:bg-slate-900"
            displayValue={(c: PickedContact | null) => c?.name ?? ''}
            onChange={(e) => setSearch(e.target.value)}
          />
          {value ? (
            <button type="button" aria-label={t('common.clear')} className="absolute right-2 rounded p-0.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => onChange(null)}>
              <Icon name="close" className="size-4" />
            </button>
          ) : (
            <Icon name="search" className="pointer-events-none absolute right-2 size-4 text-slate-500" />
          )}
        </div>
        {short && <span className="text-xs text-slate-500 dark:text-slate-400">{t('common.lookupMinChars', { count: LOOKUP_MIN_CHARS })}</span>}
        <ComboboxOptions anchor="bottom start" className="z-50 max-h-64 w-(--input-width) min-w-56 overflow-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] empty:invisible dark:bg-slate-900 dark:ring-slate-700">
          {term && rows.length === 0 && <div className="px-2 py-1.5 text-slate-500 dark:text-slate-400">{t('common.noResults')}</div>}
          {rows.map((c) => (
            <ComboboxOption key={c.id} value={{ id: c.id, name: c.name }} className="flex cursor-pointer flex-col rounded px-2 py-1.5 data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
              <span className="break-words">{c.name}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{c.number}</span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
    </div>
  )
}
