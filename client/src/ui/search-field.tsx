import { Icon } from './icon.tsx'

/** A search box with its icon; the caller debounces. */
export function SearchField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-full max-w-xs">
      <Icon name="search" className="pointer-events-none absolute left-2.5 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={label}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
    </div>
  )
}
