import type { ReactNode } from 'react'

interface FieldProps {
  id: string
  label: string
  error?: string
  children: ReactNode
}

function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

const inputClass =
  'w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:bg-slate-900 dark:text-slate-100'
const borderClass = (error?: string) => (error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600')

interface TextFieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  type?: string
  error?: string
  autoComplete?: string
  placeholder?: string
  hint?: string
}

export function TextField({ id, label, value, onChange, type = 'text', error, autoComplete, placeholder, hint }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} ${borderClass(error)}`}
      />
      {hint && !error && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </Field>
  )
}

interface SelectFieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: { value: string; label: string }[]
  error?: string
  placeholder?: string
}

export function SelectField({ id, label, value, onChange, options, error, placeholder }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        name={id}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} ${borderClass(error)}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  )
}

const areaClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'

export function TextArea({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</label>
      <textarea id={id} name={id} rows={3} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className={`${areaClass} ${error ? 'border-red-500' : ''}`} />
      {error && <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">{error}</p>}
    </div>
  )
}

/** What the ##:## mask makes of typed text: digits only, a colon after the hour, five characters at most. */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits
}

const TEN_MINUTES = Array.from({ length: 144 }, (_, i) => `${String(Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}`)

/**
 * A time of day typed through the ##:## mask (24-hour whatever the browser's locale, unlike
 * input type=time), offering the day in 10-minute steps as suggestions.
 */
export function TimeField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        name={id}
        type="text"
        inputMode="numeric"
        placeholder="HH:MM"
        maxLength={5}
        list={`${id}-steps`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(maskTime(e.target.value))}
        className={`${inputClass} ${borderClass(error)} tabular-nums`}
      />
      <datalist id={`${id}-steps`}>
        {TEN_MINUTES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </Field>
  )
}
