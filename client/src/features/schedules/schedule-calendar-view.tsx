import { useMemo } from 'react'
import { Calendar, type EventProps } from 'react-big-calendar'
import 'react-big-calendar/lib/css/react-big-calendar.css'
import { useTranslation } from 'react-i18next'
import { scheduleColor, type ScheduleEvent } from './schedules.ts'
import './calendar.css'
import { calendarCulture, calendarMessages, CALENDAR_VIEWS, localizer, type CalendarView } from './calendar-localizer.ts'

interface ScheduleCalendarViewProps {
  events: ScheduleEvent[]
  view: CalendarView
  date: Date
  onView: (view: CalendarView) => void
  onNavigate: (date: Date) => void
  onOpen: (event: ScheduleEvent) => void
}

/** One schedule on the calendar: the contact's name, its status for tests and screen readers. */
function ScheduleEventLabel({ event }: EventProps<ScheduleEvent>) {
  const { t } = useTranslation()
  const s = event.resource
  const status = t(`schedules.status.${s.status}`)
  return (
    <span data-testid="schedule-event" data-status={s.status} data-sent={s.sentAt ? 'true' : 'false'} title={`${event.title} · ${status}\n${s.body}`}>
      {event.title}
      <span className="schedule-event-status"> · {status}</span>
    </span>
  )
}

/** react-big-calendar in month, week, day and agenda views, localized with date-fns; events coloured by status. */
export function ScheduleCalendarView({ events, view, date, onView, onNavigate, onOpen }: ScheduleCalendarViewProps) {
  const { t, i18n } = useTranslation()
  const messages = useMemo(() => calendarMessages(t), [t])
  const components = useMemo(() => ({ event: ScheduleEventLabel, agenda: { event: ScheduleEventLabel } }), [])
  return (
    <div className="schedule-calendar h-[calc(100vh-12rem)] min-h-[480px] rounded-lg bg-white p-2 text-sm text-slate-800 shadow-sm dark:bg-slate-900 dark:text-slate-100">
      <Calendar<ScheduleEvent>
        localizer={localizer}
        culture={calendarCulture(i18n.language)}
        events={events}
        views={CALENDAR_VIEWS}
        view={view}
        date={date}
        onView={(v) => onView(v as CalendarView)}
        onNavigate={onNavigate}
        onSelectEvent={onOpen}
        messages={messages}
        components={components}
        popup
        eventPropGetter={(e) => ({
          className: `schedule-status-${e.resource.status}`,
          style: { backgroundColor: scheduleColor(e.resource.status), borderColor: scheduleColor(e.resource.status) },
        })}
      />
    </div>
  )
}
