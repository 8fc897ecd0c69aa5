import { useTranslation } from 'react-i18next'
import { Button, IconButton } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import type { CampaignSettingsForm, FormProblems } from './campaign-settings-form.ts'

const cellClass =
  'w-full min-w-0 rounded-md border bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:bg-slate-900 dark:text-slate-100'
const borderClass = (error?: string) => (error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600')

export interface CampaignVariablesTableProps {
  variables: CampaignSettingsForm['variables']
  problems: FormProblems
  onChange: (index: number, cell: 'key' | 'value', text: string) => void
  onAdd: () => void
  onRemove: (index: number) => void
}

/** One cell of a variable: its input and, below it, its problem. */
function Cell({ id, label, value, error, mono, onChange }: { id: string; label: string; value: string; error?: string; mono?: boolean; onChange: (v: string) => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <input
        id={id}
        aria-label={label}
        value={value}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${cellClass} ${borderClass(error)} ${mono ? 'font-mono' : ''}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

/** The custom variables (spec part 2 §3 Campaign settings "variables"): a key and its text per row, used as {key} in messages. */
export function CampaignVariablesTable({ variables, problems, onChange, onAdd, onRemove }: CampaignVariablesTableProps) {
  const { t } = useTranslation()
  const err = (p?: string) => (p ? t(p) : undefined)
  return (
    <div className="flex flex-col gap-3" data-testid="campaign-variables">
      {variables.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('campaignSettings.variables.empty')}</p>
      ) : (
        <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t('campaignSettings.variables.key')}</span>
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t('campaignSettings.variables.value')}</span>
          <span />
          {variables.map((v, i) => (
            <div key={i} className="contents" data-testid="campaign-variable">
              <Cell id={`variable-${i}-key`} label={t('campaignSettings.variables.key')} value={v.key} mono error={err(problems[`variables.${i}.key`])} onChange={(x) => onChange(i, 'key', x)} />
              <Cell id={`variable-${i}-value`} label={t('campaignSettings.variables.value')} value={v.value} error={err(problems[`variables.${i}.value`])} onChange={(x) => onChange(i, 'value', x)} />
              <IconButton icon="delete" label={t('campaignSettings.variables.remove')} onClick={() => onRemove(i)} />
            </div>
          ))}
        </div>
      )}
      {problems.variables && <p className="text-xs text-red-600 dark:text-red-400">{t(problems.variables)}</p>}
      <div>
        <Button variant="secondary" onClick={onAdd}>
          <Icon name="add" className="size-5" />
          {t('campaignSettings.variables.add')}
        </Button>
      </div>
    </div>
  )
}
