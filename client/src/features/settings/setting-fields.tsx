import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField } from '../../ui/form-field.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'
import type { CompanySettingKey, SettingWriteState } from './company-settings.ts'
import { codeText } from '../../lib/errors.ts'

/** The pending or refused marker of one setting, with retry and discard. */
export function SettingStatus({ write, onRetry, onDiscard }: { write?: SettingWriteState; onRetry: (id: string) => void; onDiscard: (id: string) => void }) {
  const { t } = useTranslation()
  if (!write) return null
  const error = write.error ? codeText(write.error) : null
  return (
    <div data-testid="setting-status" className="pb-2">
      <WriteStatus
        error={error}
        pendingLabel={t('settings.pending')}
        retryLabel={t('common.retry')}
        discardLabel={t('settings.discard')}
        onRetry={() => onRetry(write.clientId)}
        onDiscard={() => onDiscard(write.clientId)}
      />
    </div>
  )
}

export interface FieldProps {
  name: CompanySettingKey
  write?: SettingWriteState
  onRetry: (id: string) => void
  onDiscard: (id: string) => void
}

/**
 * What a switch or select shows: the user's choice from the moment it is made, until the row (synced,
 * with the pending write laid over it) shows it too. The row comes back through a live query a moment
 * later; a controlled field would snap back to the old value meanwhile.
 */
function useChosen<T>(value: T): [T, (v: T) => void] {
  const [chosen, setChosen] = useState<{ v: T } | null>(null)
  useEffect(() => {
    if (chosen && chosen.v === value) setChosen(null)
  }, [chosen, value])
  useEffect(() => {
    if (!chosen) return
    // The write never reached the row (refused before the outbox): show the row again.
    const timer = setTimeout(() => setChosen(null), 5000)
    return () => clearTimeout(timer)
  }, [chosen])
  return [chosen ? chosen.v : value, (v) => setChosen({ v })]
}

/** An enabled/disabled setting (or a boolean one) as a switch, with an optional hint below; each flip saves at once. */
export function ToggleSetting({ name, value: saved, onSave, hint, ...status }: FieldProps & { value: string | boolean; onSave: (v: string | boolean) => void; hint?: string }) {
  const { t } = useTranslation()
  const [value, choose] = useChosen(saved)
  const checked = value === true || value === 'enabled'
  const flip = (on: boolean) => {
    const next = typeof value === 'boolean' ? on : on ? 'enabled' : 'disabled'
    choose(next)
    onSave(next)
  }
  return (
    <div>
      <SwitchField id={`setting-${name}`} label={t(`settings.options.${name}`)} checked={checked} onChange={flip} />
      {hint && <p className="-mt-1 pb-2 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
      <SettingStatus {...status} />
    </div>
  )
}

/** A setting with a fixed list of values; each choice saves at once. */
export function ChoiceSetting({ name, value: saved, choices, onSave, ...status }: FieldProps & { value: string; choices: readonly string[]; onSave: (v: string) => void }) {
  const { t } = useTranslation()
  const [value, choose] = useChosen(saved)
  const options = choices.map((c) => ({ value: c, label: t(`settings.choices.${name}.${c}`) }))
  return (
    <div className="py-2">
      <SelectField
        id={`setting-${name}`}
        label={t(`settings.options.${name}`)}
        value={value}
        options={options}
        onChange={(v) => {
          choose(v)
          onSave(v)
        }}
      />
      <SettingStatus {...status} />
    </div>
  )
}

const areaClass =
  'w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:bg-slate-900 dark:text-slate-100'

/** A message or link: edited freely, saved when the field loses focus (if it changed). */
export function TextSetting({ name, value, error, onSave, ...status }: FieldProps & { value: string; error?: string; onSave: (v: string) => void }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<string | null>(null)
  const id = `setting-${name}`
  const commit = () => {
    if (draft !== null && draft !== value) onSave(draft)
    setDraft(null)
  }
  return (
    <div className="flex flex-col gap-1 py-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t(`settings.options.${name}`)}
      </label>
      <textarea
        id={id}
        name={id}
        rows={name === 'lgpdLink' ? 1 : 2}
        value={draft ?? value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        className={`${areaClass} ${error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <SettingStatus {...status} />
    </div>
  )
}
