import { useTranslation } from 'react-i18next'
import { TextField } from './form-field.tsx'
import type { QueueTabProps } from './queue-editor.tsx'

const SHIFT_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const

/** "Horários" (only when scheduleType is queue): two shifts per weekday; an empty shift is closed. */
export function QueueHoursTab({ values, set, problems }: QueueTabProps) {
  const { t } = useTranslation()
  const setTime = (i: number, key: (typeof SHIFT_FIELDS)[number], v: string) =>
    set('schedules', values.schedules.map((s, j) => (j === i ? { ...s, [key]: v } : s)))
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('queues.hours.hint')}</p>
      {values.schedules.map((s, i) => (
        <fieldset key={s.weekdayEn} data-testid="queue-hours-day" className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:items-start">
          <legend className="col-span-full text-sm font-semibold">{t(`connections.weekdays.${s.weekdayEn}`)}</legend>
          {SHIFT_FIELDS.map((k) => {
            const problem = problems[`schedules.${i}.${k}`]
            return (
              <TextField key={k} id={`queue-${s.weekdayEn}-${k}`} type="time" label={t(`queues.hours.${k}`)} value={s[k]} onChange={(v) => setTime(i, k, v)} error={problem ? t(problem) : undefined} />
            )
          })}
        </fieldset>
      ))}
    </div>
  )
}
