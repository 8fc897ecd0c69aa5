import type { PGliteInterface } from '@electric-sql/pglite'
import { useEffect, useRef, useState } from 'react'
import { CHANGES_CHANNEL, notifiedKeys, tablesNamedIn } from '../../../sync/client/change-notify.ts'
import { measureQuery } from './perf.ts'

/** A parameterised statement for the local database. */
export interface SqlQuery {
  sql: string
  params: unknown[]
}

/** The tab's PGliteWorker proxy, or PGlite in a test: queries, and the database's notifications. */
export interface LiveDb {
  query: PGliteInterface['query']
  listen: PGliteInterface['listen']
  /** A read in one message to the worker (sync/client/read-channel.ts), preferred to `query` when there. */
  read?: <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }>
  /** PGliteWorker: another tab's worker took the database over (changes may have gone unheard). */
  onLeaderChange?: (callback: () => void) => () => void
}

/**
 * One listener per database for the change notifications of its tables (sync/client/change-notify.ts),
 * handing each to the queries that read the table. Opening a screen costs its plain queries only: PGlite's
 * live queries created a temporary view, triggers and a LISTEN per query, 100-300 ms through the worker
 * (docs/decisions.md "Live queries").
 */
class TableChanges {
  readonly ready: Promise<void>
  private readonly byTable = new Map<string, Set<() => void>>()
  private readonly all = new Set<() => void>()

  constructor(db: LiveDb) {
    this.ready = db
      .listen(CHANGES_CHANNEL, (payload) => {
        for (const key of notifiedKeys(payload)) this.byTable.get(key)?.forEach((refresh) => refresh())
      })
      .then(() => {})
    db.onLeaderChange?.(() => this.all.forEach((refresh) => refresh()))
  }

  subscribe(tables: string[], refresh: () => void): () => void {
    for (const t of tables) {
      let set = this.byTable.get(t)
      if (!set) this.byTable.set(t, (set = new Set()))
      set.add(refresh)
    }
    this.all.add(refresh)
    return () => {
      for (const t of tables) this.byTable.get(t)?.delete(refresh)
      this.all.delete(refresh)
    }
  }
}

/**
 * Queries no screen shows any more, kept (with their last rows) for the next screen that asks: the
 * screens' recent ones and the chats read ahead of a click (features/tickets/chat-warmup.ts, 24 queries).
 */
const IDLE_KEPT = 64

/**
 * One query over one database, shared by every watcher of the same statement and parameters: it runs
 * once, re-runs on the changes of the tables it names, and keeps its last rows. Changes arriving while it
 * runs make one more run after it, never a queue of them.
 */
class SharedQuery {
  rows: unknown[] | null = null
  error: unknown = null
  /** A table it reads changed while nobody watched: its rows are shown, and refreshed, on the next watch. */
  stale = false
  readonly watchers = new Set<{ onRows(rows: unknown[]): void; onError(err: unknown): void }>()
  private running = false
  private again = false
  private readonly unsubscribe: () => void

  constructor(
    private readonly db: LiveDb,
    private readonly query: SqlQuery,
    changes: TableChanges,
    private readonly onIdleChange: () => void,
  ) {
    this.unsubscribe = changes.subscribe(tablesNamedIn(query.sql), () => {
      if (this.watchers.size) void this.run()
      else this.stale = true
    })
  }

  /** Runs unless its rows are current or a run is under way (which answers every watcher). */
  runIfNeeded(): Promise<void> | undefined {
    if (this.running || (this.rows !== null && !this.stale && !this.error)) return undefined
    return this.run()
  }

  async run(): Promise<void> {
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    this.stale = false
    try {
      do {
        this.again = false
        const start = performance.now()
        const { rows } = await (this.db.read ?? this.db.query).call(this.db, this.query.sql, this.query.params as unknown[])
        measureQuery(start, this.query.sql)
        // A change to a table it reads that left its answer alone (a reply of ours under a query of the
        // customers' messages) keeps the rows it has and tells nobody: the shell's notification queries
        // rendered the whole layout again on every send (bench/ui.ts profile of the replies).
        if (this.rows !== null && this.error === null && sameRows(this.rows, rows)) continue
        this.rows = rows
        this.error = null
        for (const w of [...this.watchers]) w.onRows(rows)
      } while (this.again && this.watchers.size)
      if (this.again) this.stale = true
    } catch (err) {
      this.rows = null
      this.error = err
      for (const w of [...this.watchers]) w.onError(err)
    } finally {
      this.running = false
      this.again = false
      if (!this.watchers.size) this.onIdleChange()
    }
  }

  drop() {
    this.unsubscribe()
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b)
  return false
}

/** Two answers of one query hold the same rows, column by column, in the same order. */
export function sameRows(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>
    const y = b[i] as Record<string, unknown>
    if (x === y) continue
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false
    const keys = Object.keys(x)
    if (keys.length !== Object.keys(y).length) return false
    for (const k of keys) if (!sameValue(x[k], y[k])) return false
  }
  return true
}

class LiveQueries {
  readonly changes: TableChanges
  private readonly byKey = new Map<string, SharedQuery>()

  constructor(private readonly db: LiveDb) {
    this.changes = new TableChanges(db)
  }

  /** The rows last read for this query, if it is kept (stale too: a watch refreshes them at once). */
  peek(key: string): unknown[] | null {
    return this.byKey.get(key)?.rows ?? null
  }

  watch(key: string, query: SqlQuery, onRows: (rows: unknown[]) => void, onError: (err: unknown) => void): () => void {
    let q = this.byKey.get(key)
    if (!q) q = this.add(key, query)
    else {
      // Most recently used last: trim() drops from the front.
      this.byKey.delete(key)
      this.byKey.set(key, q)
    }
    const shared = q
    const watcher = { onRows, onError }
    let stopped = false
    shared.watchers.add(watcher)
    // Known rows at once, stale ones too (stale-while-revalidate: their refresh follows at once).
    if (shared.rows !== null) onRows(shared.rows)
    // The first run waits for the listener, so that a change committed while it runs is heard.
    this.changes.ready.then(
      () => (stopped ? undefined : shared.runIfNeeded()),
      (err: unknown) => (stopped ? undefined : onError(err)),
    )
    return () => {
      stopped = true
      shared.watchers.delete(watcher)
      if (!shared.watchers.size) this.trim()
    }
  }

  /** Reads a query nobody watches yet into the kept ones; one already kept or watched is left as it is. */
  async warm(key: string, query: SqlQuery): Promise<void> {
    if (this.byKey.has(key)) return
    const q = this.add(key, query)
    await this.changes.ready
    await q.runIfNeeded()
  }

  /** A new shared query for `key`, the most recently used. */
  private add(key: string, query: SqlQuery): SharedQuery {
    const q = new SharedQuery(this.db, query, this.changes, () => this.trim())
    this.byKey.set(key, q)
    return q
  }

  /** Keeps the IDLE_KEPT most recently used queries nobody watches; the older ones stop listening. */
  private trim() {
    const idle = [...this.byKey].filter(([, q]) => !q.watchers.size)
    for (const [key, q] of idle.slice(0, Math.max(0, idle.length - IDLE_KEPT))) {
      q.drop()
      this.byKey.delete(key)
    }
  }
}

const liveByDb = new WeakMap<LiveDb, LiveQueries>()

function liveOf(db: LiveDb): LiveQueries {
  let live = liveByDb.get(db)
  if (!live) liveByDb.set(db, (live = new LiveQueries(db)))
  return live
}

const keyOf = (query: SqlQuery) => JSON.stringify([query.sql, query.params])

/**
 * Runs a query and calls onRows with its rows now and after every change of the tables it names
 * (pglite-sync's writes in the worker and other tabs' writes included). Returns the function that stops it.
 * Watchers of the same statement and parameters share one query; a query watched again soon after its
 * screen closed answers at once with its last rows (docs/decisions.md "Live queries").
 */
export function watchQuery<T>(db: LiveDb, query: SqlQuery, onRows: (rows: T[]) => void, onError: (err: unknown) => void): () => void {
  return liveOf(db).watch(keyOf(query), query, onRows as (rows: unknown[]) => void, onError)
}

/**
 * Reads a query ahead of the screen that will watch it (the chat of a ticket the user may click next):
 * that screen then paints its rows at once, refreshed if a table changed meanwhile. Resolves once read.
 */
export function warmQuery(db: LiveDb, query: SqlQuery): Promise<void> {
  return liveOf(db).warm(keyOf(query), query)
}

export interface LiveRows<T> {
  rows: T[]
  /** True until the first result of the current query arrived. */
  loading: boolean
  error: unknown
}

/**
 * The rows of a live query over the local database, for React; a new statement or parameters restart it.
 * Null db (still opening): loading.
 */
export function useLiveQuery<T>(db: LiveDb | null, query: SqlQuery): LiveRows<T> {
  const key = keyOf(query)
  const [state, setState] = useState<LiveRows<T> & { key: string | null }>({ rows: [], loading: true, error: null, key: null })
  // The rows the last render returned: a watch answering the same rows (the kept ones, at once) would
  // only render everything again, before the first paint (a chat's bubbles, bench/ui.ts).
  const shown = useRef<{ key: string; rows: unknown[] } | null>(null)
  useEffect(() => {
    if (!db) return
    return watchQuery<T>(
      db,
      query,
      (rows) => {
        // The render took them from peek() already.
        if (shown.current?.key === key && shown.current.rows === rows) return
        setState({ rows, loading: false, error: null, key })
      },
      (error) => setState((s) => ({ ...s, loading: false, error, key })),
    )
    // The key stands for the query (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key])
  // The shared query's rows are the newest for this key (kept ones too, before its effect runs, and
  // when its watch answered what was shown without a render); the state holds loading and errors.
  const kept = db ? (liveOf(db).peek(key) as T[] | null) : null
  const out: LiveRows<T> = kept
    ? { rows: kept, loading: false, error: null }
    : state.key === key && db
      ? { rows: state.rows, loading: state.loading, error: state.error }
      : { rows: state.rows, loading: true, error: null }
  shown.current = out.loading || out.error ? null : { key, rows: out.rows }
  return out
}
