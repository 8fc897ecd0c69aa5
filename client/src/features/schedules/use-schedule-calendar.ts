import { useCallback, useEffect, useState } from 'react'
import { fetchSchedulesUntil, type Schedule } from './schedules.ts'

/** How often an open calendar reads the list again (sends happen on the server, every minute). */
export const CALENDAR_REFRESH_MS = 30_000

interface CalendarState {
  schedules: Schedule[]
  loading: boolean
  error: unknown
}

/**
 * The company's schedules up to the end of the visible range, read from the API (schedules are not synced):
 * again when the range grows, when the tab comes back, every 30 s while visible, and on reload().
 * Offline it keeps what it had and does not call.
 */
export function useScheduleCalendar(until: Date, online: boolean) {
  const [state, setState] = useState<CalendarState>({ schedules: [], loading: true, error: null })
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  const untilMs = until.getTime()

  useEffect(() => {
    if (!online) {
      setState((s) => ({ ...s, loading: false }))
      return
    }
    let live = true
    setState((s) => ({ ...s, loading: s.schedules.length === 0 }))
    fetchSchedulesUntil(new Date(untilMs)).then(
      (schedules) => live && setState({ schedules, loading: false, error: null }),
      (error: unknown) => live && setState((s) => ({ ...s, loading: false, error })),
    )
    return () => {
      live = false
    }
  }, [untilMs, version, online])

  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && reload(), CALENDAR_REFRESH_MS)
    window.addEventListener('focus', reload)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', reload)
    }
  }, [reload])

  return { ...state, reload }
}
