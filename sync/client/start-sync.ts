import { FetchError, isChangeMessage, isControlMessage, type Message, type Row, type ShapeStreamOptions } from '@electric-sql/client'
import type { ShapeToTableOptions } from '@electric-sql/pglite-sync'
import { shapeCatalogue } from '../shapes.ts'
import type { SyncablePg } from './local-pg.ts'
import { csvSafeColumns } from './csv-safe.ts'
import type { ReconnectSignal } from './reconnect.ts'
import { SCHEMA_VERSION } from './schema.generated.ts'
import { createStatusStore, type StatusSource, type SyncStatus } from './sync-status.ts'
import { LocalStats } from './local-stats.ts'
import { timing } from './timings.ts'
import { TxidConfirmer } from './txid-confirmer.ts'

/** The access token: the current one, or a fresh one after `stale` was refused (null: session over). */
export type TokenGetter = (opts?: { refresh?: boolean; stale?: string | null }) => Promise<string | null>

export interface StartSyncOptions {
  /** Absolute URL of /v1/shape (a worker resolves nothing against the page). */
  shapeUrl: string
  getToken: TokenGetter
  userKey: string
  onStatus?: (status: SyncStatus) => void
  /** Catalogue tables to sync (default: all; the local schema must have them). */
  tables?: string[]
  /** The fetch every shape request goes through (default fetch); the worker passes the shape socket's (socket-fetch.ts). */
  fetchClient?: typeof fetch
  /** Where requests that failed for want of network wait to go again (reconnect.ts); without it the client's backoff. */
  reconnect?: Pick<ReconnectSignal, 'wait'>
}

export interface SyncHandle {
  unsubscribe(): void
  status: StatusSource
}

/** The pglite-sync subscription key: a schema or user change never resumes another subscription. */
export function subscriptionKey(userKey: string): string {
  return `balcao-${userKey}-${SCHEMA_VERSION}`
}

/**
 * Each synced table is one long-poll held open up to 20 s. Browsers allow 6 HTTP/1.1 connections per
 * host, so with the whole catalogue (16 tables) over plain HTTP/1.1 every other request to the server
 * (API writes, the outbox) would queue behind them: the worker passes `fetchClient` from
 * socket-fetch.ts, which carries them all over one WebSocket (or serve the app over HTTP/2).
 *
 * Starts one pglite-sync subscription over the catalogue's tables (one transaction per server
 * transaction across all of them), with the bearer token read per request and refreshed on 401.
 * Also confirms the txids the stream delivered (synced_txids), which drops answered optimistic writes.
 *
 * @example
 * const sync = await startSync(pg, { shapeUrl, userKey, getToken, onStatus: post })
 */
export async function startSync(pg: SyncablePg, opts: StartSyncOptions): Promise<SyncHandle> {
  const status = createStatusStore()
  timing('sync:start')
  if (opts.onStatus) status.source.subscribe(opts.onStatus)
  status.set({ state: 'syncing' })
  const key = subscriptionKey(opts.userKey)
  const confirmer = new TxidConfirmer(pg, key)
  const stats = new LocalStats(pg, (err) => console.warn('analyze failed', err))
  // A resumed subscription with nothing new never commits: its statistics are the stored ones.
  let committed = false
  // Changes delivered before the first commit: the streams are up to date before pglite-sync has written
  // them (100,000 messages: ~5 s of COPY in the browser), and "up to date" means stored on this device.
  let delivered = false
  // Whether every stream is up to date; set once the streams exist.
  let upToDate = () => false
  const reportUpToDate = () => {
    if (status.source.get().state !== 'up-to-date') timing('sync:up-to-date')
    status.set({ state: 'up-to-date', lastSyncedAt: Date.now() })
  }
  const tables = syncedTables(opts.tables)
  const columns = await localColumns(pg, tables)
  const shapes: Record<string, ShapeToTableOptions> = {}
  for (const table of tables) {
    shapes[table] = {
      shape: shapeOptions(table, opts, status),
      table,
      primaryKey: shapeCatalogue[table].primaryKey,
      mapColumns: csvSafeColumns(columns.get(table)!),
    }
  }
  const sync = await pg.electric.syncShapesToTables({
    key,
    shapes,
    // COPY FROM: the fastest first load (bench/sync.ts); csvSafeColumns makes every row safe for its writer.
    initialInsertMethod: 'csv',
    // After pglite-sync's first commit that leaves every shape up to date (the streams' own up-to-date
    // comes before it, while the rows are still being written): "up to date" once they are stored, and
    // statistics of the rows actually stored, the screens' queries on them first (ANALYZE_DEFER_MS).
    onInitialSync: () => {
      committed = true
      if (delivered && upToDate()) reportUpToDate()
      void stats.upToDate()
    },
    onError: (err) => status.set({ state: 'error', error: errorCode(err) }),
  })
  const streams = Object.values(sync.streams)
  upToDate = () => streams.every((s) => s.isUpToDate)
  const onMessages = (messages: Message<Row<unknown>>[]) => {
    let changes = 0
    for (const m of messages) {
      if (!isChangeMessage(m)) continue
      changes++
      if (typeof m.headers.lsn === 'string' && Array.isArray(m.headers.txids)) confirmer.add(m.headers.txids as number[], BigInt(m.headers.lsn))
    }
    stats.delivered(changes)
    if (changes) delivered = true
    if (messages.some((m) => isControlMessage(m) && m.headers.control === 'up-to-date') && upToDate()) {
      // Until the first commit, the rows are on their way into the tables: onInitialSync reports them.
      if (committed || !delivered) reportUpToDate()
      confirmer.upToDate()
      if (committed) void stats.upToDate()
    } else if (status.source.get().state !== 'error' && !upToDate()) {
      status.set({ state: 'syncing' })
    }
  }
  const unsubscribers = streams.map((s) => s.subscribe(onMessages, (err) => status.set({ state: 'error', error: errorCode(err) })))
  return {
    unsubscribe() {
      for (const u of unsubscribers) u()
      sync.unsubscribe()
      confirmer.stop()
      status.set({ state: 'idle' })
    },
    status: status.source,
  }
}

function shapeOptions(table: string, opts: StartSyncOptions, status: ReturnType<typeof createStatusStore>): ShapeStreamOptions {
  let lastToken: string | null = null
  const fetchClient = shapeFetch(opts.fetchClient ?? fetch, status, opts.reconnect)
  return {
    url: opts.shapeUrl,
    params: { table },
    headers: {
      Authorization: async () => {
        lastToken = await opts.getToken()
        return `Bearer ${lastToken ?? ''}`
      },
    },
    fetchClient,
    // Inside `shape`: only this one makes the stream retry (electric-protocol.md §4.1).
    onError: async (err) => {
      if (err instanceof FetchError && err.status === 401) {
        const fresh = await opts.getToken({ refresh: true, stale: lastToken }).catch(() => null)
        if (fresh) return {}
        status.set({ state: 'error', error: 'ERR_SESSION_EXPIRED' })
        return
      }
      status.set({ state: 'error', error: errorCode(err) })
      // Server and network trouble heals; another 4xx (402 expired, 403 inactive, 400) needs the user.
      if (!(err instanceof FetchError) || err.status >= 500 || err.status === 429) return {}
    },
  }
}

/**
 * The fetch of every shape request. Every answer tells whether the server is reachable. A network failure
 * waits for a sign that the network is back (reconnect.ts) and goes again, so the Electric client's
 * backoff (doubling up to 32 s) never grows while the app is offline.
 */
export function shapeFetch(base: typeof fetch, status: Pick<ReturnType<typeof createStatusStore>, 'set' | 'source'>, reconnect?: Pick<ReconnectSignal, 'wait'>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    for (;;) {
      try {
        const res = await base(input, init)
        if (res.status >= 500) status.set({ state: 'error', error: `HTTP_${res.status}` })
        else if (status.source.get().error === 'ERR_NETWORK' || status.source.get().error?.startsWith('HTTP_5')) status.set({ state: 'syncing' })
        return valuesAsText(res)
      } catch (err) {
        if (init?.signal?.aborted) throw err
        status.set({ state: 'error', error: 'ERR_NETWORK' })
        if (!reconnect || !(err instanceof TypeError)) throw err
        await reconnect.wait(init?.signal)
      }
    }
  }) as typeof fetch
}

/**
 * The client keeps every value as the text the server sent: the schema it reads is emptied. The rows
 * only go into PGlite, which reads text into each column's type itself (COPY for the first load,
 * parameters after), so turning '42' into 42 on the way only to write '42' again is waste: the type
 * parsers ran once per column of every row (2.7 million calls for 100k messages), most of the parse of
 * a first load.
 */
function valuesAsText(res: Response): Response {
  if (!res.headers.has('electric-schema')) return res
  const headers = new Headers(res.headers)
  headers.set('electric-schema', '{}')
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
}

/** The columns of each local table, as the database has them. */
async function localColumns(pg: SyncablePg, tables: string[]): Promise<Map<string, { name: string; json: boolean }[]>> {
  const { rows } = await pg.query<{ table_name: string; column_name: string; udt_name: string }>(
    `select table_name, column_name, udt_name from information_schema.columns
      where table_schema = 'public' and table_name = any($1) order by table_name, ordinal_position`,
    [tables],
  )
  const byTable = new Map<string, { name: string; json: boolean }[]>()
  for (const r of rows) {
    const column = { name: r.column_name, json: r.udt_name === 'json' || r.udt_name === 'jsonb' }
    byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), column])
  }
  const missing = tables.filter((t) => !byTable.has(t))
  if (missing.length) throw new Error(`local tables missing (apply the local schema first): ${missing.join(', ')}`)
  return byTable
}

/** The tables a subscription syncs, in the order it takes them (all of the catalogue by default). */
export function syncedTables(tables?: string[]): string[] {
  return bulkFirst(tables ?? Object.keys(shapeCatalogue))
}

/** pglite-sync bulk-loads only the first table of its first commit; the rest go as multi-row INSERTs. */
const BULK_FIRST = ['messages', 'tickets', 'contacts']
function bulkFirst(tables: string[]): string[] {
  const rank = (t: string) => (BULK_FIRST.includes(t) ? BULK_FIRST.indexOf(t) : BULK_FIRST.length)
  return [...tables].sort((a, b) => rank(a) - rank(b))
}

function errorCode(err: unknown): string {
  if (err instanceof FetchError) {
    const code = (err.json as { error?: unknown } | undefined)?.error
    return typeof code === 'string' ? code : `HTTP_${err.status}`
  }
  return 'ERR_NETWORK'
}
