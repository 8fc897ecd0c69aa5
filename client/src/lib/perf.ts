import { useLayoutEffect } from 'react'

/**
 * Paint marks for the bench of the PWA's local speed (bench/ui.ts): `painted:<what>` on the page's
 * performance timeline once the browser has painted it (the frame after React committed). The bench
 * measures from the user's input event to the mark. Nothing in the app reads them. Callers ask at the commit
 * (a layout effect): a passive effect of an update that did not come from an input runs after the paint.
 */
export function markPainted(what: string, detail?: unknown): void {
  if (typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return
  requestAnimationFrame(() =>
    setTimeout(() => {
      // A long session must not keep every mark.
      if (performance.getEntriesByType('mark').length > 500) performance.clearMarks()
      performance.mark(`painted:${what}`, { detail })
    }),
  )
}

/**
 * `markPainted(what, detail)` at the commit of a render where `ready` holds and `when` (the detail unless
 * given) changed: a passive effect of an update from the worker would run after the paint, one frame late.
 */
export function usePaintedMark(what: string, ready: boolean, detail: unknown, when: unknown = detail): void {
  useLayoutEffect(() => {
    if (ready) markPainted(what, detail)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `when` stands in for the detail
  }, [what, ready, when])
}

/** A `query` measure from `start` (performance.now()) to now, named by its statement: bench/ui.ts lists the slow ones. */
export function measureQuery(start: number, sql: string): void {
  if (typeof performance === 'undefined' || typeof performance.measure !== 'function') return
  if (performance.getEntriesByType('measure').length > 500) performance.clearMeasures()
  performance.measure('query', { start, end: performance.now(), detail: sql.replace(/\s+/g, ' ').trim().slice(0, 120) })
}
