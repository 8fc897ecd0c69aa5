import { useEffect, useRef } from 'react'

/**
 * Calls loadMore whenever the returned element (put it under the list) is near the view; `count` (the rows
 * shown) re-arms it, so a page that still leaves the end in view asks for the next one.
 */
export function useLoadMore(enabled: boolean, count: number, loadMore: () => void) {
  const ref = useRef<HTMLDivElement | null>(null)
  const latest = useRef(loadMore)
  latest.current = loadMore
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), { rootMargin: '200px' })
    observer.observe(el)
    return () => observer.disconnect()
  }, [enabled, count])
  return ref
}
