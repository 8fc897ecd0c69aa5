import { addDays, endOfDay, endOfMonth, endOfWeek, format, getDay, parse, startOfDay, startOfMonth, startOfWeek, type Locale } from 'date-fns'
import { enUS, es, ptBR, tr } from 'date-fns/locale'
import { dateFnsLocalizer, type Messages } from 'react-big-calendar'
import type { TFunction } from 'i18next'

/** date-fns locales by interface language (i18n/index.ts LANGUAGES); Portuguese is the fallback. */
export const CALENDAR_LOCALES: Record<string, Locale> = { pt: ptBR, en: enUS, es, tr }

export const calendarCulture = (language: string) => (language in CALENDAR_LOCALES ? language : 'pt')

export const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: CALENDAR_LOCALES })

export type CalendarView = 'month' | 'week' | 'day' | 'agenda'
export const CALENDAR_VIEWS: CalendarView[] = ['month', 'week', 'day', 'agenda']
/** Days the agenda lists from its date (react-big-calendar's default length). */
export const AGENDA_DAYS = 30

/** The instants a view shows around a date, as react-big-calendar draws them (weeks start as the locale says). */
export function visibleRange(view: CalendarView, date: Date, language: string): { start: Date; end: Date } {
  const locale = CALENDAR_LOCALES[calendarCulture(language)]
  switch (view) {
    case 'month':
      return { start: startOfWeek(startOfMonth(date), { locale }), end: endOfWeek(endOfMonth(date), { locale }) }
    case 'week':
      return { start: startOfWeek(date, { locale }), end: endOfWeek(date, { locale }) }
    case 'day':
      return { start: startOfDay(date), end: endOfDay(date) }
    case 'agenda':
      return { start: startOfDay(date), end: endOfDay(addDays(date, AGENDA_DAYS)) }
  }
}

/** The calendar's own words, translated. */
export function calendarMessages(t: TFunction): Messages {
  return {
    date: t('schedules.calendar.date'),
    time: t('schedules.calendar.time'),
    event: t('schedules.calendar.event'),
    allDay: t('schedules.calendar.allDay'),
    week: t('schedules.calendar.week'),
    day: t('schedules.calendar.day'),
    month: t('schedules.calendar.month'),
    agenda: t('schedules.calendar.agenda'),
    previous: t('schedules.calendar.previous'),
    next: t('schedules.calendar.next'),
    today: t('schedules.calendar.today'),
    noEventsInRange: t('schedules.calendar.noEvents'),
    showMore: (count: number) => t('schedules.calendar.showMore', { count }),
  }
}
