import { useCallback, useEffect, useRef, useState } from 'react'
import { applyCampaignEvent, fetchCampaignPage, mergeCampaignPages, subscribeCampaignEvents, type Campaign } from './campaigns.ts'

export interface CampaignList {
  records: Campaign[]
  hasMore: boolean
  loading: boolean
  error: unknown
  loadMore: () => void
  reload: () => void
}

interface State {
  records: Campaign[]
  hasMore: boolean
  page: number
  loading: boolean
  error: unknown
}

/**
 * The pages of GET /campaigns for a search (online only): the first page on every new search, the next
 * on loadMore while hasMore; the live campaign events and this tab's own calls keep the loaded rows current.
 */
export function useCampaignList(search: string): CampaignList {
  const [state, setState] = useState<State>({ records: [], hasMore: false, page: 0, loading: true, error: null })
  const abort = useRef<AbortController | null>(null)

  const load = useCallback(
    (page: number) => {
      abort.current?.abort()
      const ctl = new AbortController()
      abort.current = ctl
      setState((s) => ({ ...s, loading: true, error: null }))
      fetchCampaignPage(search, page, ctl.signal).then(
        (res) =>
          setState((s) => ({
            records: mergeCampaignPages(page === 1 ? [] : s.records, res.records ?? []),
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

  useEffect(() => subscribeCampaignEvents((event) => setState((s) => ({ ...s, records: applyCampaignEvent(s.records, event, search) }))), [search])

  const loadMore = useCallback(() => {
    if (!state.loading && state.hasMore) load(state.page + 1)
  }, [load, state.loading, state.hasMore, state.page])

  return { records: state.records, hasMore: state.hasMore, loading: state.loading, error: state.error, loadMore, reload: () => load(1) }
}
