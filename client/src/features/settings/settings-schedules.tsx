import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { pushToast } from '../../state/toasts.ts'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { WeeklyHoursFields, weeklyHoursProblems, type ScheduleEntry } from '../business-hours/index.ts'
import { useCompanySchedules } from './company-schedules.ts'
import { SettingStatus } from './setting-fields.tsx'

/**
 * The "Horários" tab (shown while scheduleType is company): the company's service hours, two shifts
 * per weekday, that the out-of-hours rule reads. Edited as a draft, saved whole through the outbox.
 */
export function SettingsSchedules() {
  const { t } = useTranslation()
  const { schedules, write, loading, error, actions } = useCompanySchedules()
  const [draft, setDraft] = useState<ScheduleEntry[] | null>(null)
  const [problems, setProblems] = useState<Record<string, string>>({})
  if (error) return <LoadingScreen label="" error={t('common.listFailed')} />
  if (loading || !schedules) return <LoadingScreen label={t('common.loading')} />
  const shown = draft ?? schedules
  const save = () => {
    const found = weeklyHoursProblems(shown, 'queues.errors.invalidTime')
    setProblems(found)
    if (Object.keys(found).length || !actions) return
    void actions.save(shown).then((outcome) => outcome && pushToast('success', t(outcome.kind === 'sent' ? 'settings.hoursSaved' : 'settings.savedOffline')))
    setDraft(null)
  }
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
    >
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('queues.hours.hint')}</p>
      <WeeklyHoursFields idPrefix="company" testId="company-hours-day" labels="queues.hours" schedules={shown} onChange={setDraft} problems={problems} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={!actions || draft === null}>
          {t('common.save')}
        </Button>
        <SettingStatus write={write ?? undefined} onRetry={(id) => void actions?.retry(id)} onDiscard={(id) => void actions?.discard(id)} />
      </div>
    </form>
  )
}
