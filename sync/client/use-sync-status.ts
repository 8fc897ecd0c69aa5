import { useSyncExternalStore } from 'react'
import { IDLE_STATUS, type StatusSource, type SyncStatus } from './sync-status.ts'

const noSource: StatusSource = { get: () => IDLE_STATUS, subscribe: () => () => {} }

/**
 * The sync status for the UI's indicator: idle, syncing, up-to-date or error (with its code).
 *
 * @example
 * const { state, error } = useSyncStatus(db ? syncStatusOf(db) : null)
 */
export function useSyncStatus(source: StatusSource | null): SyncStatus {
  const s = source ?? noSource
  return useSyncExternalStore(s.subscribe, s.get, s.get)
}
