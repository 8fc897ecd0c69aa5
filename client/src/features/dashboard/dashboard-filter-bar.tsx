import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { DAY_CHOICES, defaultFilter, type DashboardFilter, filterProblem } from './dashboard.ts'

/** Days or a date range (spec part 1 §5: 'Parametrize o filtro' while neither is set). */
export function DashboardFilterBar({ filter, onChange }: { filter: DashboardFilter; onChange: (f: DashboardFilter) => void }) {
  const { t } = useTranslation()
  const problem = filterProblem(filter)
  const error = problem === 'empty' ? t('dashboard.filterEmpty') : problem === 'order' ? t('dashboard.filterOrder') : undefined
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="dashboard-filter">
      <div className="w-40">
        <SelectField
          id="dashboard-mode"
          label={t('dashboard.filterType')}
          value={filter.mode}
          onChange={(mode) => onChange(mode === 'days' ? { mode: 'days', days: 30 } : defaultFilter())}
          options={[
            { value: 'dates', label: t('dashboard.byDates') },
            { value: 'days', label: t('dashboard.byDays') },
          ]}
        />
      </div>
      {filter.mode === 'days' ? (
        <div className="w-40">
          <SelectField
            id="dashboard-days"
            label={t('dashboard.period')}
            value={String(filter.days)}
            onChange={(v) => onChange({ mode: 'days', days: Number(v) })}
            options={DAY_CHOICES.map((d) => ({ value: String(d), label: t('dashboard.lastDays', { count: d }) }))}
          />
        </div>
      ) : (
        <>
          <div className="w-44">
            <TextField id="dashboard-from" type="date" label={t('dashboard.from')} value={filter.from} onChange={(from) => onChange({ ...filter, from })} error={error} />
          </div>
          <div className="w-44">
            <TextField id="dashboard-to" type="date" label={t('dashboard.to')} value={filter.to} onChange={(to) => onChange({ ...filter, to })} />
          </div>
        </>
      )}
    </div>
  )
}
