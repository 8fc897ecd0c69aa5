import { useTranslation } from 'react-i18next'
import type { QueueTabProps } from './queue-tab-props.ts'
import { WeeklyHoursFields } from '../business-hours/index.ts'

/** "Horários" (only when scheduleType is queue): two shifts per weekday; an empty shift is closed. */
export function QueueHoursTab({ values, set, problems }: QueueTabProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('queues.hours.hint')}</p>
      <WeeklyHoursFields idPrefix="queue" testId="queue-hours-day" labels="queues.hours" schedules={values.schedules} onChange={(v) => set('schedules', v)} problems={problems} />
    </div>
  )
}
