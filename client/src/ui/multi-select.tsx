import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { Icon } from './icon.tsx'

export interface MultiOption<T extends string | number> {
  value: T
  label: string
}

/**
 * A filter that takes any number of choices (report filters): the button names them, or says "all"
 * while none is picked; the list keeps open between picks.
 */
export function MultiSelect<T extends string | number>({ id, label, allLabel, options, value, onChange }: { id: string; label: string; allLabel: string; options: MultiOption<T>[]; value: T[]; onChange: (v: T[]) => void }) {
  const picked = options.filter((o) => value.includes(o.value))
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Listbox value={value} onChange={onChange} multiple>
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <ListboxButton id={id} className="flex w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm dark:border-slate-600 dark:bg-slate-900">
          <span className={`min-w-0 flex-1 truncate ${picked.length ? '' : 'text-slate-500 dark:text-slate-400'}`}>{picked.length ? picked.map((o) => o.label).join(', ') : allLabel}</span>
          <Icon name="expand" className="size-4 shrink-0" />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className="z-50 max-h-64 w-(--button-width) min-w-48 overflow-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] dark:bg-slate-900 dark:ring-slate-700">
          {options.map((o) => (
            <ListboxOption key={o.value} value={o.value} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
              {({ selected }) => (
                <>
                  <span className={`flex size-4 shrink-0 items-center justify-center rounded border ${selected ? 'border-brand bg-brand text-brand-contrast' : 'border-slate-400'}`}>
                    {selected && <Icon name="check" className="size-3" />}
                  </span>
                  <span className="min-w-0 break-words">{o.label}</span>
                </>
              )}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </div>
  )
}
