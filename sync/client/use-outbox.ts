import { useCallback, useSyncExternalStore } from 'react'
import type { Outbox, OutboxSnapshot } from './outbox.ts'

const empty: OutboxSnapshot = Object.freeze({ writes: Object.freeze([]), state: 'idle' as const })

/**
 * The writes not yet accepted by the server (pending, and the failed one blocking them) and the
 * outbox's state, for the "sending… / failed: retry or discard" UI.
 *
 * @example
 * const { writes, state } = useOutbox(outbox)
 */
export function useOutbox(outbox: Outbox | null): OutboxSnapshot {
  const subscribe = useCallback((onChange: () => void) => (outbox ? outbox.subscribe(() => onChange()) : () => {}), [outbox])
  const get = () => outbox?.snapshot() ?? empty
  return useSyncExternalStore(subscribe, get, get)
}
