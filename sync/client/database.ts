/**
 * The tab's handle on the browser database: a PGliteWorker proxy to the database in the worker
 * (pglite-worker.ts), plus the sync status and logout's wipe.
 */
import { PGliteWorker } from '@electric-sql/pglite/worker'
import { assertUserKey, dataDirName, idbDatabaseName, syncAfterTransactions } from './local-pg.ts'
import { outboxDbName } from './outbox-store.ts'
import { readClient } from './read-channel.ts'
import type { Connectivity } from './outbox-env.ts'
import type { WorkerMeta } from './pglite-worker.ts'
import type { TokenGetter } from './start-sync.ts'
import type { StatusSource } from './sync-status.ts'
import { timing } from './timings.ts'
import { requestCloseEverywhere, tabBridge } from './worker-bridge.ts'

export interface OpenLocalDatabaseOptions {
  /** Whose database: one per user on a shared computer, e.g. `${companyId}-${userId}` ([A-Za-z0-9_-]). */
  userKey: string
  /** The access token; with `refresh`, a fresh one after `stale` was refused (null: the session is over). */
  getToken: TokenGetter
  /** The shape endpoint (default `/v1/shape` on this origin). */
  shapeUrl?: string
  /** Catalogue tables to sync (default all). Each is one long-poll, all on one socket: see start-sync.ts. */
  tables?: string[]
  /** false: long-polls over plain HTTP instead of the one /v1/shape-socket WebSocket (default true). */
  shapeSocket?: boolean
  /** The storage: IndexedDB by default; 'opfs' where the browser has sync access handles (not yet the default: docs/decisions.md "Live queries"). */
  storage?: 'opfs' | 'idb'
  /** Signs that the network is back, passed on to the sync worker (default: none). */
  connectivity?: Connectivity | null
}

async function createProxy(worker: Worker, meta: WorkerMeta) {
  return PGliteWorker.create(worker, { id: `balcao-${meta.userKey}`, meta })
}

/**
 * The PGliteWorker proxy, with the same query API as PGlite, and `read`: a query in one message to the
 * worker, for the screens' reads (read-channel.ts; live queries: client/src/lib/live-query.ts).
 */
export type LocalDatabase = Awaited<ReturnType<typeof createProxy>> & { read: ReturnType<typeof readClient>['query'] }

const opened = new WeakMap<LocalDatabase, { status: StatusSource; close(): void }>()

/**
 * Opens the user's database: starts the worker (the leader tab's worker opens storage, applies the local
 * schema and syncs), and resolves once queries can run.
 *
 * @example
 * const db = await openLocalDatabase({ userKey: `${user.companyId}-${user.id}`, getToken })
 * const { rows } = await db.query(`select * from (${optimisticSelect('tickets')}) t limit 50`)
 */
export async function openLocalDatabase(opts: OpenLocalDatabaseOptions): Promise<LocalDatabase> {
  assertUserKey(opts.userKey)
  const shapeUrl = new URL(opts.shapeUrl ?? '/v1/shape', globalThis.location?.href).href
  let db: LocalDatabase | undefined
  let reads: ReturnType<typeof readClient> | undefined
  // Before the worker starts: its first sync request needs a token from a tab.
  const bridge = tabBridge(
    opts.userKey,
    opts.getToken,
    async () => {
      if (db) await closeLocalDatabase(db)
    },
    opts.connectivity,
  )
  timing('tab:worker-create')
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { type: 'module', name: 'balcao-db' })
  try {
    const proxy = await createProxy(worker, { userKey: opts.userKey, shapeUrl, tables: opts.tables, storage: opts.storage, shapeSocket: opts.shapeSocket })
    reads = readClient(opts.userKey, (cb) => proxy.onLeaderChange(cb))
    const oneMessage = reads.query
    // A statement without options goes in one message (read-channel.ts); the rest through PGliteWorker.
    const viaWorker = proxy.query.bind(proxy)
    proxy.query = ((sql: string, params?: unknown[], options?: unknown) =>
      options ? viaWorker(sql, params, options as never) : oneMessage(sql, params)) as typeof proxy.query
    db = Object.assign(proxy, { read: oneMessage })
    // pwa-notes pitfall 3: create() resolves before the database can answer.
    await db.waitReady
    timing('tab:db-ready')
  } catch (err) {
    bridge.close()
    reads?.close()
    worker.terminate()
    throw err
  }
  syncAfterTransactions(db)
  const readsOpen = reads!
  opened.set(db, {
    status: bridge.status,
    close() {
      bridge.close()
      readsOpen.close()
    },
  })
  return db
}

/** The sync status this tab hears from the worker (for useSyncStatus). */
export function syncStatusOf(db: LocalDatabase): StatusSource {
  const entry = opened.get(db)
  if (!entry) throw new Error('not a database opened by openLocalDatabase')
  return entry.status
}

/** Closes this tab's handle and its worker (the leader's worker takes the database and sync with it). */
export async function closeLocalDatabase(db: LocalDatabase): Promise<void> {
  opened.get(db)?.close()
  opened.delete(db)
  if (!db.closed) await db.close()
}

export interface WipeDeps {
  indexedDB?: IDBFactory
  /** The OPFS root; null where there is none. */
  opfsRoot?: () => Promise<FileSystemDirectoryHandle | null>
  /** Ask the user's tabs to close their database first (default true). */
  closeTabs?: boolean
}

/**
 * Logout on a shared computer: closes the user's database in every tab, then deletes its IndexedDB
 * database, its OPFS directory and the outbox. Resolves `complete: false` if something could not be
 * deleted yet (a pending IndexedDB deletion still completes once the last connection closes).
 */
export async function wipeLocalData(userKey: string, deps: WipeDeps = {}): Promise<{ complete: boolean }> {
  assertUserKey(userKey)
  if (deps.closeTabs !== false && typeof BroadcastChannel !== 'undefined') await requestCloseEverywhere(userKey)
  const factory = deps.indexedDB ?? globalThis.indexedDB
  const done = await Promise.all([
    factory ? deleteIndexedDb(factory, idbDatabaseName(userKey)) : true,
    factory ? deleteIndexedDb(factory, outboxDbName(userKey)) : true,
    removeOpfsDirectory(dataDirName(userKey), deps.opfsRoot ?? defaultOpfsRoot),
  ])
  return { complete: done.every(Boolean) }
}

function deleteIndexedDb(factory: IDBFactory, name: string, waitMs = 10_000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs)
    const request = factory.deleteDatabase(name)
    request.onsuccess = () => {
      clearTimeout(timer)
      resolve(true)
    }
    request.onerror = () => {
      clearTimeout(timer)
      resolve(false)
    }
  })
}

async function defaultOpfsRoot(): Promise<FileSystemDirectoryHandle | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) return null
  return navigator.storage.getDirectory().catch(() => null)
}

/** The worker may still hold access handles for a moment after it is told to close: try a few times. */
async function removeOpfsDirectory(name: string, root: () => Promise<FileSystemDirectoryHandle | null>): Promise<boolean> {
  const dir = await root()
  if (!dir) return true
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      await dir.removeEntry(name, { recursive: true })
      return true
    } catch (err) {
      if ((err as DOMException)?.name === 'NotFoundError') return true
      await new Promise((r) => setTimeout(r, 250 * (attempt + 1)))
    }
  }
  return false
}
