import { atom } from 'jotai'
import { useEffect, useState } from 'react'

/** Whether the drawer is open; null until the layout sets it from the user's defaultMenu. */
export const drawerOpenAtom = atom<boolean | null>(null)

/** A new service worker is waiting (show the "new version" prompt). */
export const updateAvailableAtom = atom(false)

/** Realtime socket state, for a status dot and for tests. */
export type RealtimeState = 'idle' | 'connecting' | 'open' | 'closed'
export const realtimeStateAtom = atom<RealtimeState>('idle')

/** The drawer is permanent at 600 px and wider (spec part 1 §2 Layout). */
export const WIDE_QUERY = '(min-width: 600px)'

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches)
  useEffect(() => {
    const list = matchMedia(query)
    const onChange = () => setMatches(list.matches)
    onChange()
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }, [query])
  return matches
}

/** The history import under way, as the /ws importMessages events report it; null when none. */
export const importProgressAtom = atom<{ done: number; total: number; date: string | null } | null>(null)
