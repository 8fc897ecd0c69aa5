/**
 * The browser database's worker (STYLE "Sync": one database, opened once, in a worker). Every tab of
 * the user starts this worker; PGlite's leader election runs init() in one of them only, and that one
 * also runs pglite-sync. Storage: IndexedDB, or OPFS access handles when asked for and the browser has
 * them (shared/pwa-notes.md; why not yet the default: docs/decisions.md "Live queries"). Started by
 * database.ts.
 */
import { PGlite } from '@electric-sql/pglite'
import { electricSync } from '@electric-sql/pglite-sync'
import { OpfsAhpFS } from '@electric-sql/pglite/opfs-ahp'
import { worker } from '@electric-sql/pglite/worker'
import { CHANGES_CHANNEL } from './change-notify.ts'
import { dataDirName, idbDatabaseName, syncAfterTransactions, type SyncablePg } from './local-pg.ts'
import { fileTimes, flushInBackground } from './background-flush.ts'
import { serveReads } from './read-channel.ts'
import { applyLocalSchema } from './schema.ts'
import { PLANNER_SETTINGS } from './local-stats.ts'
import { ReconnectSignal } from './reconnect.ts'
import { createSocketFetch, shapeSocketUrl } from './socket-fetch.ts'
import { prefetchFirstShapes } from './first-shapes.ts'
import { startSync, syncedTables } from './start-sync.ts'
import type { SyncStatus } from './sync-status.ts'
import { timing } from './timings.ts'
import { workerBridge } from './worker-bridge.ts'

/** What a tab passes to the worker (PGliteWorker's `meta`). */
export interface WorkerMeta {
  userKey: string
  /** Absolute URL of /v1/shape. */
  shapeUrl: string
  tables?: string[]
  storage?: 'opfs' | 'idb'
  /** false: every table's long-poll over plain HTTP instead of the shared shape socket. */
  shapeSocket?: boolean
}

/** OPFS access handles opened for a new database (see openStorage). */
const OPFS_INITIAL_POOL = 1_500
/** Opening a database already on OPFS is tried this many more times (100 ms, 200 ms … apart: ~8 s). */
const OPFS_ATTEMPTS = 12

async function opfsDirectoryExists(name: string): Promise<boolean> {
  try {
    await (await navigator.storage.getDirectory()).getDirectoryHandle(name)
    return true
  } catch {
    return false
  }
}

timing('worker:loaded')

void worker({
  async init(options) {
    const meta = options.meta as WorkerMeta
    timing('worker:init')
    const bridge = workerBridge(meta.userKey)
    // Every table's long-poll over ONE WebSocket (/v1/shape-socket, same origin as the shape URL): over
    // HTTP/1.1 the 16 long-polls would take all 6 connections the browser gives the host and starve the
    // app's API calls. The socket fetch falls back to plain fetch when the socket cannot be opened.
    const socketFetch = meta.shapeSocket === false ? undefined : createSocketFetch({ socketUrl: shapeSocketUrl(meta.shapeUrl), getToken: bridge.getToken })
    let fetchClient: typeof fetch | undefined = socketFetch
    // A new database: the first shape requests go out while PGlite opens (first-shapes.ts).
    const pg = await openStorage(meta.userKey, meta.storage, () => {
      // Once: an OPFS start that fails asks again on its way to IndexedDB.
      if (fetchClient !== socketFetch) return
      fetchClient = prefetchFirstShapes(socketFetch ?? fetch, meta.shapeUrl, syncedTables(meta.tables), bridge.getToken).fetch
    })
    timing('worker:storage-open')
    deferFsSyncPerMessage(pg)
    syncAfterTransactions(pg)
    // IndexedDB only: OPFS keeps the awaited flush (it refills its pool of file handles there). IDBFS
    // mounts the data directory at the IndexedDB database's name; a flush with nothing new is skipped.
    const flushes = pg.dataDir?.startsWith('idb://')
      ? flushInBackground(pg, (err) => console.warn('flush failed', err), fileTimes(pg.Module.FS, idbDatabaseName(meta.userKey)))
      : { settled: async () => {} }
    await applyLocalSchema(pg)
    await pg.exec(PLANNER_SETTINGS)
    // The tabs' live queries hear table changes through this worker (it forwards its notifications to
    // every tab): listening here keeps them heard after another tab's worker takes over as leader.
    await pg.exec(`LISTEN ${CHANGES_CHANNEL}`)
    serveReads(meta.userKey, pg)
    timing('worker:schema')
    const reconnect = new ReconnectSignal()
    bridge.onOnline(() => {
      socketFetch?.retrySocketNow()
      reconnect.wake()
    })
    // Not awaited: the tabs may query as soon as the schema exists; sync reports through the bridge.
    startSync(pg, { shapeUrl: meta.shapeUrl, tables: meta.tables, userKey: meta.userKey, getToken: bridge.getToken, onStatus: publishWhenStored(bridge.publishStatus, flushes), fetchClient, reconnect }).catch(
      (err: unknown) => {
        console.error('sync did not start', err)
        bridge.publishStatus({ state: 'error', error: 'ERR_SYNC_START', lastSyncedAt: null })
      },
    )
    return pg
  },
})

/** Opens the user's database; `onNew` runs as soon as it is known not to exist yet (before the seed is fetched). */
async function openStorage(userKey: string, storage: 'opfs' | 'idb' | undefined, onNew: () => void): Promise<PGlite & SyncablePg> {
  const extensions = { electric: electricSync() }
  const opfs = storage === 'opfs' && (await hasSyncAccessHandles())
  // OPFS only when asked for (docs/decisions.md "Live queries"): with its pool fixed it opens, but first
  // starts on it sometimes never reached up-to-date in the browser tests (routing.e2e.ts, 45 s), and
  // every browser had in fact been on IndexedDB until now. The next step, chosen by measurement.
  if (opfs) {
    // A database already on OPFS stays there: after a reload the closing page's worker may hold its
    // access handles for a moment, and falling back then would open an empty IndexedDB database.
    const existed = await opfsDirectoryExists(dataDirName(userKey))
    if (!existed) onNew()
    const seed = existed ? null : await fetchSeed()
    for (let attempt = 0; ; attempt++) {
      try {
        // A fresh data directory holds ~1,050 files (initdb, our schema): PGlite's default pool of 1,000
        // handles ran out during initdb ("No more file handles available in the pool") and every first
        // start fell back to IndexedDB. The pool is refilled to `maintainedPoolSize` at each checkpoint.
        const fs = new OpfsAhpFS(dataDirName(userKey), { initialPoolSize: OPFS_INITIAL_POOL, maintainedPoolSize: 200 })
        const pg = await PGlite.create({ fs, extensions, loadDataDir: seed ?? undefined })
        timing('worker:storage-is-opfs')
        return pg
      } catch (err) {
        if (!existed || attempt >= OPFS_ATTEMPTS) {
          if (existed) throw err
          console.warn('OPFS storage failed, using IndexedDB', err)
          break
        }
        await new Promise((r) => setTimeout(r, 100 * (attempt + 1)))
      }
    }
  }
  // IndexedDB's flush walks every file of the database (30-150 ms here) and the tabs ask for one after
  // each query: init() makes it a background flush (background-flush.ts, docs/decisions.md "Offline start").
  const dataDir = `idb://${dataDirName(userKey)}`
  const isNew = (await idbDatabaseExists(idbDatabaseName(userKey))) === false
  if (isNew) onNew()
  const seed = isNew ? await fetchSeed() : null
  if (!seed) return PGlite.create({ dataDir, extensions })
  try {
    return await PGlite.create({ dataDir, extensions, loadDataDir: seed })
  } catch (err) {
    // A seed this PGlite cannot start from (a release mixing versions): what it wrote goes, initdb runs.
    console.warn('starting from the prebuilt database failed, running initdb', err)
    await new Promise((done) => {
      const req = indexedDB.deleteDatabase(idbDatabaseName(userKey))
      req.onsuccess = req.onerror = req.onblocked = done
    })
    return PGlite.create({ dataDir, extensions })
  }
}

declare const __PGLITE_SEED__: string | null

/**
 * The build's prebuilt database (client/tools/pglite-seed.ts) for a new database, or null (a dev server, no
 * network): then initdb runs, as it always did.
 */
async function fetchSeed(): Promise<Blob | null> {
  const url = typeof __PGLITE_SEED__ === 'string' ? __PGLITE_SEED__ : null
  if (!url) return null
  try {
    const res = await fetch(new URL(url, self.location.origin))
    const blob = res.ok ? await res.blob() : null
    timing('worker:seed-fetched')
    return blob
  } catch {
    return null
  }
}

/** Whether the IndexedDB database exists, or null where the browser cannot list its databases. */
async function idbDatabaseExists(name: string): Promise<boolean | null> {
  if (typeof indexedDB.databases !== 'function') return null
  try {
    return (await indexedDB.databases()).some((d) => d.name === name)
  } catch {
    return null
  }
}

/** "Up to date" is told once what arrived is stored (the flush it asked for has run), in order. */
function publishWhenStored(publish: (s: SyncStatus) => void, flushes: { settled(): Promise<void> }) {
  let chain = Promise.resolve()
  return (status: SyncStatus) => {
    chain = chain.then(async () => {
      if (status.state === 'up-to-date') {
        await flushes.settled()
        timing('worker:up-to-date-stored')
      }
      publish(status)
    })
  }
}

/**
 * OPFS sync access handles (workers only). Safari has them but caps open handles below what a Postgres
 * data directory needs (PGlite docs), so it stays on IndexedDB.
 */
async function hasSyncAccessHandles(): Promise<boolean> {
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : ''
  if (/Safari\//.test(ua) && !/(Chrome|Chromium|Edg|Android)\//.test(ua)) return false
  if (typeof FileSystemFileHandle === 'undefined' || !('createSyncAccessHandle' in FileSystemFileHandle.prototype)) return false
  try {
    await navigator.storage.getDirectory()
    return true
  } catch {
    return false // private windows and some embedded browsers refuse OPFS
  }
}

/**
 * pwa-notes pitfall 1: PGliteWorker forwards only the protocol message, so without this every message
 * of every query syncs the whole IndexedDB store (~0.5 s per query). Tabs still call syncToFs() after
 * each query outside a transaction, so durability is kept.
 */
function deferFsSyncPerMessage(pg: PGlite) {
  type Exec = (message: Uint8Array, opts?: { syncToFs?: boolean }) => Promise<unknown>
  const target = pg as unknown as Record<string, Exec>
  for (const method of ['execProtocol', 'execProtocolStream', 'execProtocolRaw', 'execProtocolRawStream']) {
    const original = target[method].bind(pg)
    target[method] = (message, opts = {}) => original(message, { ...opts, syncToFs: opts.syncToFs ?? false })
  }
}
