/**
 * The browser database's worker (STYLE "Sync": one database, opened once, in a worker). Every tab of
 * the user starts this worker; PGlite's leader election runs init() in one of them only, and that one
 * also runs pglite-sync. Storage: OPFS access handles where the browser has them (durable, ~6x faster),
 * IndexedDB otherwise (shared/pwa-notes.md). Started by database.ts.
 */
import { PGlite } from '@electric-sql/pglite'
import { electricSync } from '@electric-sql/pglite-sync'
import { worker } from '@electric-sql/pglite/worker'
import { dataDirName, syncAfterTransactions, type SyncablePg } from './local-pg.ts'
import { applyLocalSchema } from './schema.ts'
import { ReconnectSignal } from './reconnect.ts'
import { createSocketFetch, shapeSocketUrl } from './socket-fetch.ts'
import { startSync } from './start-sync.ts'
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

void worker({
  async init(options) {
    const meta = options.meta as WorkerMeta
    const pg = await openStorage(meta.userKey, meta.storage)
    deferFsSyncPerMessage(pg)
    syncAfterTransactions(pg)
    await applyLocalSchema(pg)
    const bridge = workerBridge(meta.userKey)
    // Every table's long-poll over ONE WebSocket (/v1/shape-socket, same origin as the shape URL): over
    // HTTP/1.1 the 16 long-polls would take all 6 connections the browser gives the host and starve the
    // app's API calls. The socket fetch falls back to plain fetch when the socket cannot be opened.
    const fetchClient = meta.shapeSocket === false ? undefined : createSocketFetch({ socketUrl: shapeSocketUrl(meta.shapeUrl), getToken: bridge.getToken })
    const reconnect = new ReconnectSignal()
    bridge.onOnline(() => {
      fetchClient?.retrySocketNow()
      reconnect.wake()
    })
    // Not awaited: the tabs may query as soon as the schema exists; sync reports through the bridge.
    startSync(pg, { shapeUrl: meta.shapeUrl, tables: meta.tables, userKey: meta.userKey, getToken: bridge.getToken, onStatus: bridge.publishStatus, fetchClient, reconnect }).catch(
      (err: unknown) => {
        console.error('sync did not start', err)
        bridge.publishStatus({ state: 'error', error: 'ERR_SYNC_START', lastSyncedAt: null })
      },
    )
    return pg
  },
})

async function openStorage(userKey: string, storage?: 'opfs' | 'idb'): Promise<PGlite & SyncablePg> {
  const extensions = { electric: electricSync() }
  if (storage !== 'idb' && (storage === 'opfs' || (await hasSyncAccessHandles()))) {
    try {
      return await PGlite.create({ dataDir: `opfs-ahp://${dataDirName(userKey)}`, extensions })
    } catch (err) {
      console.warn('OPFS storage failed, using IndexedDB', err)
    }
  }
  // IndexedDB's flush walks every file of the database (30-150 ms here) and the tabs ask for one after
  // each query: in the background, queries no longer wait behind a queue of flushes (docs/decisions.md
  // "Offline start"). OPFS keeps the awaited flush: it refills its pool of file handles there.
  return PGlite.create({ dataDir: `idb://${dataDirName(userKey)}`, extensions, relaxedDurability: true })
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
