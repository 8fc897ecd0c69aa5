import { useEffect } from 'react'
import type { Announcement } from '../../lib/types.ts'
import { usePagedRecords, type PagedRecords } from '../../lib/use-paged-records.ts'
import { applyAnnouncementEvent, fetchAnnouncementPage, mergeAnnouncementPages, subscribeAnnouncementEvents } from './announcements.ts'

/**
 * The pages of GET /announcements/ for a search (online only, lib/use-paged-records.ts); live events and
 * this tab's saves keep the loaded rows current.
 */
export function useAnnouncementList(search: string): PagedRecords<Announcement> {
  const list = usePagedRecords<Announcement>(
    search,
    async (page, signal) => {
      const res = await fetchAnnouncementPage(search, page, signal)
      const records = res.records ?? []
      return { records, hasMore: Boolean(res.hasMore), count: res.count ?? records.length }
    },
    mergeAnnouncementPages,
  )
  const { update } = list
  useEffect(() => subscribeAnnouncementEvents((event) => update((records) => applyAnnouncementEvent(records, event, { search }))), [search, update])
  return list
}
