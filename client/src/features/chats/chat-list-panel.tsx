import type { UIEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { myUnreads, type Chat } from './chats.ts'

interface ChatListPanelProps {
  chats: Chat[]
  loading: boolean
  userId: number
  selectedUuid: string | null
  search: string
  onSearch: (value: string) => void
  onNew: () => void
  onOpen: (chat: Chat) => void
  onLoadMore: () => void
}

/** Infinite lists load the next page within this many pixels of the bottom (spec part 2 §9). */
const LOAD_MORE_PX = 100

/** The user's chats: search, new chat, then each chat with its last message and unread count. */
export function ChatListPanel({ chats, loading, userId, selectedUuid, search, onSearch, onNew, onOpen, onLoadMore }: ChatListPanelProps) {
  const { t } = useTranslation()
  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_PX) onLoadMore()
  }

  return (
    <div className="flex h-full min-h-0 flex-col border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 sm:border-r">
      <div className="flex items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <SearchField id="chats-search" label={t('chats.search')} value={search} onChange={onSearch} />
        <Button onClick={onNew} title={t('chats.new')} aria-label={t('chats.new')} className="shrink-0 px-3">
          <Icon name="add" className="size-5" />
        </Button>
      </div>
      {chats.length === 0 ? (
        <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{loading ? t('common.loading') : t('chats.empty')}</p>
      ) : (
        <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800" onScroll={onScroll}>
          {chats.map((c) => {
            const unreads = myUnreads(c, userId)
            const selected = c.uuid === selectedUuid
            return (
              <li key={c.id}>
                <button
                  type="button"
                  data-testid="chat-list-item"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onOpen(c)}
                  className={`flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800 ${selected ? 'bg-slate-100 dark:bg-slate-800' : ''}`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold">{c.title}</span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{c.lastMessage}</span>
                  </span>
                  {unreads > 0 && (
                    <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-contrast" aria-label={t('chats.unreads', { count: unreads })}>
                      {unreads}
                    </span>
                  )}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
