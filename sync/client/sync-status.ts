/** Where sync stands, for the UI's sync indicator (useSyncStatus). */
export type SyncState = 'idle' | 'syncing' | 'up-to-date' | 'error'

export interface SyncStatus {
  state: SyncState
  /** ERR_NETWORK, ERR_SESSION_EXPIRED, an ERR_* code of the shape endpoint, or HTTP_<status>; null unless state is error. */
  error: string | null
  /** When every shape was last up to date (ms since epoch), null before the first time. */
  lastSyncedAt: number | null
}

export const IDLE_STATUS: SyncStatus = Object.freeze({ state: 'idle', error: null, lastSyncedAt: null })

/** A value with listeners: the shape React's useSyncExternalStore wants. */
export interface StatusSource {
  get(): SyncStatus
  subscribe(listener: (status: SyncStatus) => void): () => void
}

/** A status source the owner can set; listeners hear only real changes. */
export function createStatusStore(initial: SyncStatus = IDLE_STATUS) {
  let current = initial
  const listeners = new Set<(s: SyncStatus) => void>()
  const source: StatusSource = {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    source,
    set(next: Partial<SyncStatus>) {
      const merged: SyncStatus = { ...current, ...next }
      if (merged.state !== 'error') merged.error = null
      if (merged.state === current.state && merged.error === current.error && merged.lastSyncedAt === current.lastSyncedAt) return
      current = Object.freeze(merged)
      for (const l of listeners) l(current)
    },
  }
}
