import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ScheduleModal, type ScheduleModalInitial } from './schedule-modal.tsx'
import { errorMessage, toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { deleteSchedule, scheduleEvents, SCHEDULE_STATUS_COLORS, type Schedule, type ScheduleStatus } from './schedules.ts'
import i18n from '../../i18n/index.ts'
import { pushToast } from '../../state/toasts.ts'
import { visibleRange, type CalendarView } from './calendar-localizer.ts'
import { ScheduleCalendarView } from './schedule-calendar-view.tsx'
import { useScheduleCalendar } from './use-schedule-calendar.ts'

const contactIdParam = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null)

/**
 * /schedules (spec part 2 §2 "Schedules calendar"; plan useSchedules): the company's schedules read from the
 * API, in month, week, day and agenda views. An event opens the schedule modal; "add" and ?contactId= open
 * it for a new schedule (of that contact). Schedules are not synced: offline the page says so.
 */
export default function SchedulesPage() {
  const { t, i18n: i18next } = useTranslation()
  const online = useBrowserOnline()
  const [params, setParams] = useSearchParams()
  const [view, setView] = useState<CalendarView>('month')
  const [date, setDate] = useState(() => new Date())
  const range = useMemo(() => visibleRange(view, date, i18next.language), [view, date, i18next.language])
  const { schedules, loading, error, reload } = useScheduleCalendar(range.end, online)
  const events = useMemo(() => scheduleEvents(schedules, range.start, range.end), [schedules, range])
  const fromUrl = contactIdParam(params.get('contactId'))
  const [editing, setEditing] = useState<ScheduleModalInitial | null>(null)
  const [deleting, setDeleting] = useState<Schedule | null>(null)

  // Part 2 §2: ?contactId= opens the add dialog for that contact.
  useEffect(() => {
    if (fromUrl) setEditing({ contactId: fromUrl })
  }, [fromUrl])

  const close = () => {
    setEditing(null)
    // Spec part 1 §7: after a schedule made from a contact, the calendar is plain /schedules.
    if (params.has('contactId')) setParams({}, { replace: true })
  }
  const saved = (s: Schedule) => {
    setDate(new Date(s.sentAt ?? s.sendAt))
    reload()
  }
  const confirmDelete = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await deleteSchedule(target.id)
      pushToast('success', t('schedules.deleted'))
      setEditing(null)
      reload()
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('schedules.title')}</h1>
        <StatusLegend />
        <Button variant="secondary" onClick={reload} disabled={!online} aria-label={t('schedules.refresh')} title={t('schedules.refresh')}>
          <Icon name="refresh" className="size-5" />
        </Button>
        <Button data-testid="schedule-add" onClick={() => setEditing({ contactId: null })} disabled={!online}>
          <Icon name="add" className="size-5" />
          {t('schedules.add')}
        </Button>
      </div>
      {!online && <p data-testid="schedules-offline" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">{t('schedules.offline')}</p>}
      {online && error !== null && <p role="alert" className="text-sm text-red-600">{t('schedules.loadFailed', { error: errorMessage(error) })}</p>}
      {loading && <p className="text-sm text-slate-500">{t('common.loading')}</p>}
      <ScheduleCalendarView events={events} view={view} date={date} onView={setView} onNavigate={setDate} onOpen={(e) => setEditing(e.resource)} />
      <ScheduleModal open={editing !== null} initial={editing ?? undefined} onClose={close} onSaved={saved} onDelete={setDeleting} />
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('schedules.deleteTitle')}
        text={t('schedules.deleteText', { name: deleting?.contact?.name ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  )
}

function StatusLegend() {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-wrap gap-3 text-xs text-slate-600 dark:text-slate-300" aria-label={t('schedules.legend')}>
      {(Object.entries(SCHEDULE_STATUS_COLORS) as [ScheduleStatus, string][]).map(([status, color]) => (
        <li key={status} className="flex items-center gap-1">
          <span className="size-3 rounded-full" style={{ backgroundColor: color }} />
          {t(`schedules.status.${status}`)}
        </li>
      ))}
    </ul>
  )
}
