import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { TicketListRow, type TicketRowLabels } from './ticket-list-item.tsx'
import { TicketFilters } from './ticket-filters.tsx'
import { useTicketListView } from './ticket-list-view.ts'
import { useWarmChats } from './chat-warmup.ts'
import { codeText } from '../../lib/errors.ts'
import { useTicketActions } from './ticket-actions.ts'
import { readSearchPageSize, saveSearchPageSize, SEARCH_PAGE_SIZES, type SearchPageSize } from './search-page-size.ts'
import { TICKET_PAGE_SIZE, useMyQueues, useTicketList, type TicketListItem, type TicketTab } from './tickets.ts'
import i18n from '../../i18n/index.ts'
import { userAtom } from '../../state/auth.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { usePaintedMark } from '../../lib/perf.ts'
import { clockTime, localDay } from '../../lib/format.ts'

const isOn = (v: string | undefined) => v === 'enabled' || v === 'enable'

/** Today: the time; another day: the date (the list's timestamp). */
export function listTime(iso: string, now = new Date()): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const sameDay = d.getDate() === now.getDate() && d.getMonth() === now.getMonth() && d.getFullYear() === now.getFullYear()
  return sameDay ? clockTime(d, i18n.language) : localDay(d, i18n.language)
}

interface TicketListPanelProps {
  selectedUuid: string | null
  onNewTicket: () => void
  onOpen: (ticket: TicketListItem) => void
  onAccept: (ticket: TicketListItem) => void
  /** The tab shown; the page holds it so an accept from the chat can follow the ticket to Atendendo. */
  tab: TicketTab
  onTab: (tab: TicketTab) => void
}

/**
 * The list side of /tickets (spec part 1 §2): tabs, search (500 ms) with the message-content switch,
 * show-all, sort, queue selector, infinite scroll (next page within 100 px of the bottom), all from the
 * local database so it works offline and moves live as sync and local writes change it.
 */
export function TicketListPanel({ selectedUuid, onNewTicket, onOpen, onAccept, tab, onTab: setTab }: TicketListPanelProps) {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const actions = useTicketActions()
  const isAdmin = me?.profile === 'admin' || me?.super === true
  const canShowAll = isAdmin || isOn(me?.allUserChat)
  const { search, setSearch, searchMessages, setSearchMessages, showAll, setShowAll, order, setOrder, queueIds, setQueueIds, filtersOpen, setFiltersOpen, filters, setFilters } =
    useTicketListView(me?.id ?? 0)
  // Pages loaded so far (infinite scroll); a page is TICKET_PAGE_SIZE, or the chosen size in the search view.
  const [pages, setPages] = useState(1)
  const [searchPageSize, setSearchPageSize] = useState<SearchPageSize>(() => readSearchPageSize())
  const [closingAll, setClosingAll] = useState(false)
  const queues = useMyQueues(me?.id)
  const debounced = useDebounced(search, 500)
  const activeTab: TicketTab = debounced.trim() ? 'search' : tab
  const limit = pages * (activeTab === 'search' ? searchPageSize : TICKET_PAGE_SIZE)
  // A new search or view starts again from its first page.
  useEffect(() => setPages(1), [debounced, activeTab])
  const { tickets, loading, error } = useTicketList({
    tab: activeTab,
    userId: me?.id ?? 0,
    showAll: canShowAll && showAll,
    queueIds,
    search: debounced,
    searchMessages,
    order: activeTab === 'closed' || activeTab === 'search' ? 'desc' : order,
    limit,
    ...filters,
    userIds: isAdmin ? filters.userIds : [],
  })

  useEffect(() => {
    if (debounced.trim()) performance.mark('search:debounced')
  }, [debounced])
  usePaintedMark('list', !loading, tickets.length, tickets)
  useWarmChats(tickets)

  // Stable for the memoised rows: the page's callbacks are new on every render.
  const latest = useRef({ onOpen, onAccept, actions })
  latest.current = { onOpen, onAccept, actions }
  const openRow = useCallback((ticket: TicketListItem) => latest.current.onOpen(ticket), [])
  const acceptRow = useCallback((ticket: TicketListItem) => latest.current.onAccept(ticket), [])
  const retryRow = useCallback((ticket: TicketListItem) => ticket.clientId && latest.current.actions?.retry(ticket.clientId), [])
  const discardRow = useCallback((ticket: TicketListItem) => ticket.clientId && latest.current.actions?.discard(ticket.clientId), [])
  const rowLabels = useMemo<TicketRowLabels>(
    () => ({ accept: t('tickets.accept'), pending: t('sync.pending'), retry: t('sync.retry'), discard: t('sync.discard'), noQueue: t('tickets.noQueue') }),
    [t],
  )

  const tabs: TicketTab[] = ['open', 'pending', ...(me?.allowGroup ? (['group'] as const) : []), 'closed']
  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 100 && tickets.length >= limit) setPages((n) => n + 1)
  }
  const toggleQueue = (id: number) => {
    const current = queueIds ?? queues.map((q) => q.id)
    setQueueIds(current.includes(id) ? current.filter((q) => q !== id) : [...current, id])
  }

  const body = () => {
    if (error) return <LoadingScreen label="" error={t('common.listFailed')} />
    if (loading) return <LoadingScreen label={t('common.loading')} />
    if (tickets.length === 0)
      return (
        <div className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">
          <p className="font-semibold">{t('tickets.emptyTitle')}</p>
          <p>{t('tickets.emptyText')}</p>
        </div>
      )
    return (
      <ul data-testid="ticket-list" className="min-h-0 flex-1 overflow-y-auto" onScroll={onScroll}>
        {tickets.map((ticket) => (
          <TicketListRow
            key={ticket.key}
            ticket={ticket}
            selected={ticket.uuid === selectedUuid}
            showOwner={isAdmin}
            labels={rowLabels}
            time={listTime(ticket.updatedAt)}
            errorText={codeText}
            onOpen={openRow}
            onAccept={acceptRow}
            onRetry={retryRow}
            onDiscard={discardRow}
          />
        ))}
      </ul>
    )
  }

  return (
    <div className="flex h-full min-h-0 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-2 border-b border-slate-200 p-2 dark:border-slate-800">
        <label className="flex items-center gap-2 rounded-md border border-slate-300 px-2 dark:border-slate-700">
          <Icon name="search" className="size-5 text-slate-400" />
          <input
            data-testid="ticket-search"
            className="min-w-0 flex-1 bg-transparent py-1.5 text-sm outline-none"
            placeholder={t('tickets.searchPlaceholder')}
            aria-label={t('tickets.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Button data-testid="ticket-new" className="px-3 py-1" onClick={onNewTicket}>
            <Icon name="add" className="size-4" />
            {t('tickets.new.button')}
          </Button>
          {isAdmin && tab !== 'closed' && (
            <Button variant="secondary" data-testid="ticket-close-all" className="px-3 py-1" onClick={() => setClosingAll(true)}>
              {t('tickets.closeAll.button')}
            </Button>
          )}
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={searchMessages} onChange={(e) => setSearchMessages(e.target.checked)} />
            {t('tickets.searchMessages')}
          </label>
          <button
            type="button"
            data-testid="ticket-filters-toggle"
            aria-pressed={filtersOpen}
            className="rounded px-2 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            {t('tickets.filters.toggle')}
          </button>
          {canShowAll && (
            <label className="flex items-center gap-1">
              <input data-testid="ticket-show-all" type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
              {t('tickets.showAll')}
            </label>
          )}
          {/* Resolved and the search are always newest first: no switch that would do nothing there. */}
          {activeTab !== 'closed' && activeTab !== 'search' && (
            <button
              type="button"
              data-testid="ticket-order"
              className="rounded px-2 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={() => setOrder((o) => (o === 'desc' ? 'asc' : 'desc'))}
            >
              {order === 'desc' ? t('tickets.sortNewest') : t('tickets.sortOldest')}
            </button>
          )}
        </div>
        {activeTab === 'search' && (
          <label className="flex items-center gap-2 text-sm">
            {t('tickets.searchPageSize')}
            <select
              data-testid="ticket-search-page-size"
              className="rounded border border-slate-300 bg-transparent px-1 py-0.5 dark:border-slate-700"
              value={searchPageSize}
              onChange={(e) => {
                const size = Number(e.target.value) as SearchPageSize
                setSearchPageSize(size)
                saveSearchPageSize(size)
                setPages(1)
              }}
            >
              {SEARCH_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        {filtersOpen && <TicketFilters value={filters} onChange={setFilters} showUsers={isAdmin} showStatus={activeTab === 'search'} />}
        {queues.length > 0 && (
          <div className="flex flex-wrap gap-1" aria-label={t('tickets.queues')}>
            {queues.map((q) => {
              const on = queueIds === null || queueIds.includes(q.id)
              return (
                <button
                  key={q.id}
                  type="button"
                  aria-pressed={on}
                  className={`rounded-full border px-2 py-0.5 text-xs ${on ? 'text-white' : 'text-slate-500'}`}
                  style={on ? { backgroundColor: q.color, borderColor: q.color } : { borderColor: q.color }}
                  onClick={() => toggleQueue(q.id)}
                >
                  {q.name}
                </button>
              )
            })}
          </div>
        )}
        <div role="tablist" className="flex gap-1">
          {tabs.map((key) => (
            <button
              key={key}
              role="tab"
              type="button"
              data-testid={`ticket-tab-${key}`}
              aria-selected={activeTab === key}
              className={`flex-1 rounded px-2 py-1 text-sm font-semibold ${activeTab === key ? 'bg-brand text-brand-contrast' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              onClick={() => {
                setTab(key)
                setSearch('')
                setPages(1)
              }}
            >
              {t(`tickets.tabs.${key}`)}
            </button>
          ))}
        </div>
      </div>
      {body()}
      <ConfirmDialog
        open={closingAll}
        title={t('tickets.closeAll.title')}
        text={t('tickets.closeAll.text')}
        confirmLabel={t('tickets.closeAll.yes')}
        cancelLabel={t('tickets.closeAll.no')}
        closeLabel={t('common.close')}
        onCancel={() => setClosingAll(false)}
        onConfirm={() => {
          setClosingAll(false)
          if (tab === 'open' || tab === 'pending' || tab === 'group') void actions?.closeAll(tab, queueIds ?? queues.map((q) => q.id))
        }}
      />
    </div>
  )
}
