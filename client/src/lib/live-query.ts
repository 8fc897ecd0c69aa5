import type { LiveNamespace } from '@electric-sql/pglite/live'
import { useEffect, useState } from 'react'

/** A parameterised statement for the local database. */
export interface SqlQuery {
  sql: string
  params: unknown[]
}

/** Anything with PGlite's live extension: the tab's PGliteWorker proxy, or PGlite in a test. */
export interface LiveDb {
  live: LiveNamespace
}

/**
 * Runs a live query and calls onRows with its rows now and after every change of the tables it reads
 * (pglite-sync's writes in the worker included). Returns the function that stops it.
 */
export function watchQuery<T>(db: LiveDb, query: SqlQuery, onRows: (rows: T[]) => void, onError: (err: unknown) => void): () => void {
  let stopped = false
  const listener = (results: { rows: T[] }) => {
    if (!stopped) onRows(results.rows)
  }
  const started = db.live.query<T>(query.sql, query.params as unknown[], listener).then(
    (live) => {
      if (stopped) return live
      onRows(live.initialResults.rows)
      // PGlite's live query listens for changes before its refresh function exists: a change committed
      // in that window (the worker's sync committing while the tab's setup transaction ends, then
      // syncToFs) is dropped. One refresh now closes the window; later changes notify as usual.
      void live.refresh().catch(() => {})
      return live
    },
    (err: unknown) => {
      if (!stopped) onError(err)
      return null
    },
  )
  return () => {
    stopped = true
    void started.then((live) => live?.unsubscribe().catch(() => {}))
  }
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
  const [state, setState] = useState<LiveRows<T>>({ rows: [], loading: true, error: null })
  const key = JSON.stringify([query.sql, query.params])
  useEffect(() => {
    if (!db) return
    setState((s) => ({ ...s, loading: true, error: null }))
    return watchQuery<T>(
      db,
      query,
      (rows) => setState({ rows, loading: false, error: null }),
      (error) => setState((s) => ({ ...s, loading: false, error })),
    )
    // The key stands for the query (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key])
  return { rows: state.rows, loading: !db || state.loading, error: state.error }
}
