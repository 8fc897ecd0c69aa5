import { atom, useAtom } from 'jotai'
import { useCallback, useMemo, type SetStateAction } from 'react'
import { NO_FILTERS, type TicketFilterValues } from './ticket-filters.tsx'

/** What the user set on the ticket list: its search, switches, queue choice and filters. */
export interface TicketListView {
  search: string
  searchMessages: boolean
  showAll: boolean
  order: 'desc' | 'asc'
  /** null: every queue of the user. */
  queueIds: number[] | null
  filtersOpen: boolean
  filters: TicketFilterValues
}

export const DEFAULT_LIST_VIEW: TicketListView = { search: '', searchMessages: false, showAll: false, order: 'desc', queueIds: null, filtersOpen: false, filters: NO_FILTERS }

/**
 * Kept outside the panel, for the session and per user: the narrow layout unmounts the list while a
 * chat is shown, a resize across the breakpoint remounts it, and leaving /tickets for another page
 * unmounts it too; coming back finds the search and filters as the user left them (as WhatsApp's back
 * from a chat returns to the search). Another user signing in on this tab starts from the defaults.
 */
const listViewAtom = atom<{ userId: number; view: TicketListView } | null>(null)

/** The stored view when it is `userId`'s, else the defaults. */
export function viewFor(stored: { userId: number; view: TicketListView } | null, userId: number): TicketListView {
  return stored?.userId === userId ? stored.view : DEFAULT_LIST_VIEW
}

/** The list's view for `userId`, with one setter per field (each takes a value or an updater). */
export function useTicketListView(userId: number) {
  const [stored, setStored] = useAtom(listViewAtom)
  const view = viewFor(stored, userId)
  const set = useCallback(
    <K extends keyof TicketListView>(key: K, value: SetStateAction<TicketListView[K]>) =>
      setStored((prev) => {
        const current = viewFor(prev, userId)
        const next = typeof value === 'function' ? (value as (v: TicketListView[K]) => TicketListView[K])(current[key]) : value
        return { userId, view: { ...current, [key]: next } }
      }),
    [setStored, userId],
  )
  const setters = useMemo(
    () => ({
      setSearch: (v: SetStateAction<string>) => set('search', v),
      setSearchMessages: (v: SetStateAction<boolean>) => set('searchMessages', v),
      setShowAll: (v: SetStateAction<boolean>) => set('showAll', v),
      setOrder: (v: SetStateAction<'desc' | 'asc'>) => set('order', v),
      setQueueIds: (v: SetStateAction<number[] | null>) => set('queueIds', v),
      setFiltersOpen: (v: SetStateAction<boolean>) => set('filtersOpen', v),
      setFilters: (v: SetStateAction<TicketFilterValues>) => set('filters', v),
    }),
    [set],
  )
  return { ...view, ...setters }
}
