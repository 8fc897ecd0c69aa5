import { useCallback, useEffect, useRef, useState } from 'react'
import { mergePages } from './contact-list-events.ts'
import type { Page } from './contact-lists.ts'

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
 * the next one on loadMore while hasMore; an older answer never replaces a newer one.
 */
export function usePagedRecords<T extends { id: number; name: string }>(
  key: string,
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<Page<T>>,
): PagedRecords<T> {
  const [state, setState] = useState<State<T>>({ records: [], hasMore: false, count: 0, page: 0, loading: true, error: null })
  const abort = useRef<AbortController | null>(null)
  const fetcher = useRef(fetchPage)
  fetcher.current = fetchPage

  const load = useCallback((page: number) => {
    abort.current?.abort()
    const ctl = new AbortController()
    abort.current = ctl
    setState((s) => ({ ...s, loading: true, error: null }))
    fetcher.current(page, ctl.signal).then(
      (res) =>
        setState((s) => ({
          records: mergePages(page === 1 ? [] : s.records, res.records),
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
