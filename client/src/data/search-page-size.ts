/**
 * Tickets per page of the list's search view (spec part 1 §2: selectable, the values not given; the
 * choice is remembered in this browser). The other tabs load TICKET_PAGE_SIZE at a time.
 */
export const SEARCH_PAGE_SIZES = [20, 40, 60, 100] as const
export type SearchPageSize = (typeof SEARCH_PAGE_SIZES)[number]
export const SEARCH_PAGE_SIZE_KEY = 'ticketSearchPageSize'

type Store = Pick<Storage, 'getItem' | 'setItem'>
const browserStore = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage)

/** The remembered size, or 40 when none (or an unknown value) is stored. */
export function readSearchPageSize(store: Store | null = browserStore()): SearchPageSize {
  const stored = Number(store?.getItem(SEARCH_PAGE_SIZE_KEY))
  return (SEARCH_PAGE_SIZES as readonly number[]).includes(stored) ? (stored as SearchPageSize) : 40
}

export function saveSearchPageSize(size: SearchPageSize, store: Store | null = browserStore()): void {
  try {
    store?.setItem(SEARCH_PAGE_SIZE_KEY, String(size))
  } catch {
    // storage full or blocked: the size just is not remembered
  }
}
