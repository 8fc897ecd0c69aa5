import { useCallback, useEffect, useRef, useState } from 'react'

/** One answer of a paged list call ({records, count, hasMore}, spec part 2 §5 "All lists with search"). */
export interface Page<T> {
  records: T[]
  hasMore: boolean
  count: number
}

export interface PagedRecords<T> {
  records: T[]
  hasMore: boolean
  /** Rows matching the search on the server, as its last answer said. */
  count: number
  loading: boolean
  error: unknown
  loadMore: () => void
  /** Reads the first page again (after an import). */
  reload: () => void
  /** Changes the loaded rows (a live event, this tab's own save). */
  update: (change: (records: T[]) => T[]) => void
}

interface State<T> {
  records: T[]
  hasMore: boolean
  count: number
  page: number
  loading: boolean
  error: unknown
}

/**
 * The pages of a list call (online only): the first page whenever `key` (the search, the list) changes,
 * the next one on loadMore while hasMore; an older answer never replaces a newer one. `merge` joins a
 * page to the rows loaded (by id, in the list's order).
 */
export function usePagedRecords<T extends { id: number }>(
  key: string,
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<Page<T>>,
  merge: (loaded: T[], page: T[]) => T[],
): PagedRecords<T> {
  const [state, setState] = useState<State<T>>({ records: [], hasMore: false, count: 0, page: 0, loading: true, error: null })
  const abort = useRef<AbortController | null>(null)
  const fetcher = useRef(fetchPage)
  fetcher.current = fetchPage
  const merger = useRef(merge)
  merger.current = merge

  const load = useCallback((page: number) => {
    abort.current?.abort()
    const ctl = new AbortController()
    abort.current = ctl
    setState((s) => ({ ...s, loading: true, error: null }))
    fetcher.current(page, ctl.signal).then(
      (res) =>
        setState((s) => ({
          records: merger.current(page === 1 ? [] : s.records, res.records),
          hasMore: res.hasMore,
          count: res.count,
          page,
          loading: false,
          error: null,
        })),
      (error) => !ctl.signal.aborted && setState((s) => ({ ...s, loading: false, error })),
    )
  }, [])

  useEffect(() => {
    setState((s) => ({ ...s, records: [], page: 0 }))
    load(1)
    return () => abort.current?.abort()
  }, [key, load])

  const loadMore = useCallback(() => {
    if (!state.loading && state.hasMore) load(state.page + 1)
  }, [load, state.loading, state.hasMore, state.page])

  const update = useCallback((change: (records: T[]) => T[]) => {
    setState((s) => {
      const records = change(s.records)
      return records === s.records ? s : { ...s, records, count: Math.max(0, s.count + records.length - s.records.length) }
    })
  }, [])

  return { ...state, loadMore, reload: useCallback(() => load(1), [load]), update }
}
