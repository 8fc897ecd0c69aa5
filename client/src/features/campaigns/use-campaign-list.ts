import { useEffect } from 'react'
import { usePagedRecords, type PagedRecords } from '../../lib/use-paged-records.ts'
import { applyCampaignEvent, fetchCampaignPage, mergeCampaignPages, subscribeCampaignEvents, type Campaign } from './campaigns.ts'

export type CampaignList = PagedRecords<Campaign>

/**
 * The pages of GET /campaigns for a search (online only): the first page on every new search, the next
 * on loadMore while hasMore; the live campaign events and this tab's own calls keep the loaded rows current.
 */
export function useCampaignList(search: string): CampaignList {
  const list = usePagedRecords<Campaign>(search, (page, signal) => fetchCampaignPage(search, page, signal), mergeCampaignPages)
  const { update } = list
  useEffect(() => subscribeCampaignEvents((event) => update((records) => applyCampaignEvent(records, event, search))), [update, search])
  return list
}
