import { rememberedChoice, type ChoiceStore } from '../../lib/remembered-choice.ts'

/**
 * Tickets per page of the list's search view (spec part 1 §2: selectable, the values not given; the
 * choice is remembered in this browser). The other tabs load TICKET_PAGE_SIZE at a time.
 */
export const SEARCH_PAGE_SIZES = [20, 40, 60, 100] as const
export type SearchPageSize = (typeof SEARCH_PAGE_SIZES)[number]
export const SEARCH_PAGE_SIZE_KEY = 'ticketSearchPageSize'

const choice = rememberedChoice<SearchPageSize>(SEARCH_PAGE_SIZE_KEY, SEARCH_PAGE_SIZES, 40)

/** The remembered size, or 40 when none (or an unknown value) is stored. */
export const readSearchPageSize = (store?: ChoiceStore | null): SearchPageSize => choice.read(store)
export const saveSearchPageSize = (size: SearchPageSize, store?: ChoiceStore | null): void => choice.save(size, store)
