import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icon.tsx'
import { matchingFlows } from './phrase-form.ts'
import type { ConnectionChoice } from './phrase-lists.ts'

const labelClass = 'text-sm font-medium text-slate-700 dark:text-slate-300'
const controlClass = 'w-full rounded-md border bg-white px-3 py-2 text-left text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:bg-slate-900 dark:text-slate-100'
const borderOf = (error?: string) => (error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600')
const optionsClass = 'z-[60] max-h-64 min-w-48 overflow-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] empty:invisible dark:bg-slate-900 dark:ring-slate-700'
const optionClass = 'cursor-pointer rounded px-2 py-1.5 break-words data-[focus]:bg-slate-100 data-[selected]:font-semibold dark:data-[focus]:bg-slate-800'

type Named = { id: number; name: string }

/** The flow, searched by name and kept as its id (spec part 2 §2). */
export function FlowPicker({ flows, value, onChange, error }: { flows: Named[]; value: number | null; onChange: (id: number | null) => void; error?: string }) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const chosen = flows.find((f) => f.id === value) ?? null
  const found = matchingFlows(flows, search)
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Combobox value={chosen} onChange={(f: Named | null) => onChange(f?.id ?? null)} onClose={() => setSearch('')} by="id">
        <label htmlFor="phrase-flow" className={labelClass}>{t('phraseLists.fields.flow')}</label>
        <div className="relative flex items-center">
          <ComboboxInput id="phrase-flow" data-testid="phrase-flow" autoComplete="off" placeholder={t('phraseLists.fields.flowSearch')} className={`${controlClass} ${borderOf(error)} pr-9`} displayValue={(f: Named | null) => f?.name ?? ''} onChange={(e) => setSearch(e.target.value)} />
          <Icon name="search" className="pointer-events-none absolute right-2 size-4 text-slate-500" />
        </div>
        {error && <p className="text-xs text-red-600 dark:text-red-400" id="phrase-flow-error">{error}</p>}
        <ComboboxOptions anchor="bottom start" className={`${optionsClass} w-(--input-width)`}>
          {found.length === 0 && <div className="px-2 py-1.5 text-slate-500 dark:text-slate-400">{t('common.noResults')}</div>}
          {found.map((f) => <ComboboxOption key={f.id} value={f} className={optionClass}>{f.name}</ComboboxOption>)}
        </ComboboxOptions>
      </Combobox>
    </div>
  )
}

/** A connection's name with its status: CONNECTED online (green), anything else offline. */
function ConnectionLabel({ c }: { c: ConnectionChoice }) {
  const { t } = useTranslation()
  const online = c.status === 'CONNECTED'
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${online ? 'bg-emerald-500' : 'bg-slate-400'}`} />
      <span className="min-w-0 flex-1 truncate">{c.name}</span>
      <span className={`shrink-0 text-xs ${online ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400'}`}>{t(online ? 'phraseLists.online' : 'phraseLists.offline')}</span>
    </span>
  )
}

/** The required WhatsApp connection, each shown with its status (spec part 2 §2). */
export function ConnectionPicker({ connections, value, onChange, error }: { connections: ConnectionChoice[]; value: number | null; onChange: (id: number) => void; error?: string }) {
  const { t } = useTranslation()
  const chosen = connections.find((c) => c.id === value) ?? null
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Listbox value={value ?? undefined} onChange={onChange}>
        <span className={labelClass} id="phrase-connection-label">{t('phraseLists.fields.connection')}</span>
        <ListboxButton id="phrase-connection" data-testid="phrase-connection" aria-labelledby="phrase-connection-label phrase-connection" className={`${controlClass} ${borderOf(error)} flex items-center gap-2`}>
          <span className="min-w-0 flex-1">{chosen ? <ConnectionLabel c={chosen} /> : <span className="text-slate-500 dark:text-slate-400">{t('phraseLists.fields.chooseConnection')}</span>}</span>
          <Icon name="expand" className="size-4 shrink-0 text-slate-500" />
        </ListboxButton>
        {error && <p className="text-xs text-red-600 dark:text-red-400" id="phrase-connection-error">{error}</p>}
        <ListboxOptions anchor="bottom start" className={`${optionsClass} w-(--button-width)`}>
          {connections.length === 0 && <div className="px-2 py-1.5 text-slate-500 dark:text-slate-400">{t('phraseLists.noConnections')}</div>}
          {connections.map((c) => <ListboxOption key={c.id} value={c.id} className={optionClass} data-testid="phrase-connection-option"><ConnectionLabel c={c} /></ListboxOption>)}
        </ListboxOptions>
      </Listbox>
    </div>
  )
}
