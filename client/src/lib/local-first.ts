import { useAtomValue } from 'jotai'
import { useEffect, useSyncExternalStore } from 'react'
import { shapeCatalogue } from '../../../sync/shapes.ts'
import { closeLocalDatabase, openLocalDatabase, syncStatusOf, type LocalDatabase } from '../../../sync/client/database.ts'
import { linkOutbox } from '../../../sync/client/optimistic.ts'
import { openOutbox, type Connectivity, type Outbox, type OutboxSnapshot } from '../../../sync/client/outbox.ts'
import type { TokenGetter } from '../../../sync/client/start-sync.ts'
import type { SyncStatus } from '../../../sync/client/sync-status.ts'
import { useOutbox as useOutboxSnapshot } from '../../../sync/client/use-outbox.ts'
import { useSyncStatus as useSourceStatus } from '../../../sync/client/use-sync-status.ts'
import { tokenAtom, userAtom } from '../state/auth.ts'
import { localFirstAtom, localUserKey, type LocalFirst } from '../state/local-first.ts'
import { store } from '../state/store.ts'
import { onServerReachable, refreshAccessToken } from './api.ts'
import { readToken } from './session.ts'

/**
 * The synced tables this build opens: the whole catalogue. Their live long-polls share one WebSocket
 * (/v1/shape-socket); when that socket cannot be opened the client long-polls over plain HTTP a few
 * tables at a time with a short hold (socket-fetch.ts), so the app's API calls keep connections free.
 */
export const LOCAL_SYNC_TABLES = Object.keys(shapeCatalogue)

/** The sync worker and the outbox ask for the access token here; `refresh` goes through the API client's refresh-once. */
export const getSyncToken: TokenGetter = async (opts) => {
  if (!opts?.refresh) return readToken()
  return refreshAccessToken(opts.stale ?? undefined)
}

/** Online as the browser says, plus "the server answered": any successful API call sends the outbox's queue at once. */
export function appConnectivity(): Connectivity {
  return {
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true)
      const off = () => listener(false)
      window.addEventListener('online', on)
      window.addEventListener('offline', off)
      const unsubscribe = onServerReachable(on)
      return () => {
        window.removeEventListener('online', on)
        window.removeEventListener('offline', off)
        unsubscribe()
      }
    },
  }
}

/** Opens the user's database (sync starts in its worker), then the outbox linked to it. */
export async function openLocalFirst(userKey: string): Promise<LocalFirst> {
  const db = await openLocalDatabase({ userKey, getToken: getSyncToken, tables: LOCAL_SYNC_TABLES, connectivity: appConnectivity() })
  let outbox: Outbox
  let unlink: () => void
  try {
    outbox = await openOutbox({ userKey, getToken: getSyncToken, connectivity: appConnectivity() })
    // At once: the outbox's first answers must reach local_writes.
    unlink = await linkOutbox(outbox, db, (err) => console.error('outbox event not applied', err))
  } catch (err) {
    await closeLocalDatabase(db)
    throw err
  }
  exposeForDiagnostics(db)
  let closing: Promise<void> | null = null
  return {
    userKey,
    db,
    outbox,
    status: syncStatusOf(db),
    close: () =>
      (closing ??= (async () => {
        unlink()
        outbox.close()
        await closeLocalDatabase(db)
      })()),
  }
}

/**
 * The user's own database, readable from the devtools console and by the browser tests as
 * `balcaoLocalDb.query(sql, params)`: it holds only what this user may see, as IndexedDB does anyway.
 */
function exposeForDiagnostics(db: LocalDatabase): void {
  ;(globalThis as { balcaoLocalDb?: unknown }).balcaoLocalDb = { query: (sql: string, params?: unknown[]) => db.query(sql, params) }
}

/**
 * Keeps the logged-in user's database and outbox open while the shell is mounted (after login, and on
 * app start with a stored token). Logout and a replaced session close and wipe them (session.ts).
 */
export function useLocalFirstSession(): void {
  const hasToken = useAtomValue(tokenAtom) !== null
  const user = useAtomValue(userAtom)
  const userKey = hasToken && user ? localUserKey(user) : null
  useEffect(() => {
    if (!userKey) return
    let cancelled = false
    let handles: LocalFirst | null = null
    store.set(localFirstAtom, { state: 'opening', userKey })
    openLocalFirst(userKey).then(
      (opened) => {
        if (cancelled) return void opened.close()
        handles = opened
        store.set(localFirstAtom, { state: 'open', userKey, handles: opened })
      },
      (err: unknown) => {
        console.error('local database did not open', err)
        if (!cancelled) store.set(localFirstAtom, { state: 'failed', userKey, error: err instanceof Error ? err.message : String(err) })
      },
    )
    return () => {
      cancelled = true
      const current = store.get(localFirstAtom)
      if (current.state !== 'closed' && current.userKey === userKey) store.set(localFirstAtom, { state: 'closed' })
      void handles?.close()
    }
  }, [userKey])
}

/** This tab's handles, or null while the database opens (10-15 s the first time) or after logout. */
export function useLocalFirst(): LocalFirst | null {
  const lf = useAtomValue(localFirstAtom)
  return lf.state === 'open' ? lf.handles : null
}

/** The user's browser database (PGliteWorker proxy with live queries), or null while it opens. */
export function useLocalDb(): LocalDatabase | null {
  return useLocalFirst()?.db ?? null
}

/** Whether the browser says it is online. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false, () => true)
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** The worker's sync status (idle until the database is open). */
export function useSyncStatus(): SyncStatus {
  return useSourceStatus(useLocalFirst()?.status ?? null)
}

export interface OutboxView extends OutboxSnapshot {
  retry(id: string): void
  discard(id: string): void
}

/** Writes not yet accepted by the server, with retry and discard for the refused ones. */
export function useOutbox(): OutboxView {
  const outbox = useLocalFirst()?.outbox ?? null
  const snapshot = useOutboxSnapshot(outbox)
  return {
    ...snapshot,
    retry: (id) => void outbox?.retry(id),
    discard: (id) => void outbox?.discard(id),
  }
}
