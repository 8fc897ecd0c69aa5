/** What the outbox needs from its surroundings, and the browser's defaults. */

/** Online/offline signals (the browser's: navigator.onLine and the window's online/offline events). */
export interface Connectivity {
  isOnline(): boolean
  subscribe(listener: (online: boolean) => void): () => void
}

/** The part of fetch the outbox uses (tests pass a fake). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** Runs fn while no other tab runs the outbox of the same user (navigator.locks in a browser). */
export type CrossTabLock = <T>(fn: () => Promise<T>) => Promise<T>

export function browserConnectivity(): Connectivity | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return null
  return {
    isOnline: () => navigator.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true)
      const off = () => listener(false)
      window.addEventListener('online', on)
      window.addEventListener('offline', off)
      return () => {
        window.removeEventListener('online', on)
        window.removeEventListener('offline', off)
      }
    },
  }
}

export function browserLock(userKey: string): CrossTabLock | null {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) return null
  return (fn) => locks.request(`balcao-outbox-${userKey}`, fn)
}

export function defaultChannel(userKey: string): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`balcao-outbox-${userKey}`)
}
