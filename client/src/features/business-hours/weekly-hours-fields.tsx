import { useTranslation } from 'react-i18next'
import { SHIFT_FIELDS, type ScheduleEntry, type ShiftField } from './weekly-hours.ts'
import { TextField } from '../../ui/form-field.tsx'

export interface WeeklyHoursFieldsProps {
  /** Input ids are `${idPrefix}-${weekdayEn}-${field}`. */
  idPrefix: string
  schedules: ScheduleEntry[]
  onChange: (schedules: ScheduleEntry[]) => void
  /** i18n keys by `schedules.<i>.<field>`. */
  problems?: Record<string, string>
  /** i18n key prefix of the four shift labels. */
  labels: string
  testId?: string
}

/** Two shifts per weekday (spec part 2 §3 "Weekly schedule entry"): queues, connections and the company. */
export function WeeklyHoursFields({ idPrefix, schedules, onChange, problems = {}, labels, testId }: WeeklyHoursFieldsProps) {
  const { t } = useTranslation()
  const setTime = (i: number, key: ShiftField, v: string) => onChange(schedules.map((s, j) => (j === i ? { ...s, [key]: v } : s)))
  return (
    <>
      {schedules.map((s, i) => (
        <fieldset key={s.weekdayEn} data-testid={testId} className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:items-start">
          <legend className="col-span-full text-sm font-semibold">{t(`connections.weekdays.${s.weekdayEn}`)}</legend>
          {SHIFT_FIELDS.map((k) => {
            const problem = problems[`schedules.${i}.${k}`]
            return (
              <TextField key={k} id={`${idPrefix}-${s.weekdayEn}-${k}`} type="time" label={t(`${labels}.${k}`)} value={s[k]} onChange={(v) => setTime(i, k, v)} error={problem ? t(problem) : undefined} />
            )
          })}
        </fieldset>
      ))}
    </>
  )
}
