import { useCallback, useEffect, useRef, useState } from 'react'
import type { Announcement } from '../../lib/types.ts'
import { applyAnnouncementEvent, fetchAnnouncementPage, mergeAnnouncementPages, subscribeAnnouncementEvents } from './announcements.ts'

export interface AnnouncementList {
  records: Announcement[]
  hasMore: boolean
  loading: boolean
  error: unknown
  loadMore: () => void
}

/**
 * The pages of GET /announcements/ for a search (online only): the first page on every new search, the
 * next one on loadMore while hasMore; live events and this tab's saves keep the loaded rows current.
 */
export function useAnnouncementList(search: string): AnnouncementList {
  const [state, setState] = useState<{ records: Announcement[]; hasMore: boolean; page: number; loading: boolean; error: unknown }>({
    records: [],
    hasMore: false,
    page: 0,
    loading: true,
    error: null,
  })
  const abort = useRef<AbortController | null>(null)

  const load = useCallback(
    (page: number) => {
      abort.current?.abort()
      const ctl = new AbortController()
      abort.current = ctl
      setState((s) => ({ ...s, loading: true, error: null }))
      fetchAnnouncementPage(search, page, ctl.signal).then(
        (res) =>
          setState((s) => ({
            records: page === 1 ? mergeAnnouncementPages([], res.records ?? []) : mergeAnnouncementPages(s.records, res.records ?? []),
            hasMore: Boolean(res.hasMore),
            page,
            loading: false,
            error: null,
          })),
        (error) => !ctl.signal.aborted && setState((s) => ({ ...s, loading: false, error })),
      )
    },
    [search],
  )

  useEffect(() => {
    load(1)
    return () => abort.current?.abort()
  }, [load])

  useEffect(
    () => subscribeAnnouncementEvents((event) => setState((s) => ({ ...s, records: applyAnnouncementEvent(s.records, event, { search }) }))),
    [search],
  )

  const loadMore = useCallback(() => {
    if (!state.loading && state.hasMore) load(state.page + 1)
  }, [load, state.loading, state.hasMore, state.page])

  return { records: state.records, hasMore: state.hasMore, loading: state.loading, error: state.error, loadMore }
}
