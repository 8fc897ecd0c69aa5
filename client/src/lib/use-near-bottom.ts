import { useEffect, useRef } from 'react'

/** Spec part 2 §9: the next page loads within 100 px of the bottom. */
const SCROLL_MARGIN_PX = 100

/** Calls `onNear` when the returned element comes within the margin of the viewport (infinite scroll). */
export function useNearBottom(onNear: () => void) {
  const ref = useRef<HTMLDivElement | null>(null)
  const callback = useRef(onNear)
  callback.current = onNear
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), { rootMargin: `0px 0px ${SCROLL_MARGIN_PX}px 0px` })
    observer.observe(el)
    return () => observer.disconnect()
  })
  return ref
}
