import { useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { chatMessageTime, shouldLoadOlder, type ChatMessage } from './chats.ts'

interface ChatMessagesProps {
  messages: ChatMessage[]
  userId: number
  hasMore: boolean
  loading: boolean
  onLoadOlder: () => void
}

/** A new message scrolls into view only when the reader was already this close to the bottom. */
const STICK_TO_BOTTOM_PX = 150

/**
 * The messages, oldest at the top: sender and time on each, the user's own on the right. Older pages
 * load within 600 px of the top and keep the reader's place; the pane opens at the newest message.
 */
export function ChatMessages({ messages, userId, hasMore, loading, onLoadOlder }: ChatMessagesProps) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const seen = useRef<{ first: number | null; last: number | null; height: number }>({ first: null, last: null, height: 0 })

  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const first = messages[0]?.id ?? null
    const last = messages.at(-1)?.id ?? null
    const before = seen.current
    const wasAtBottom = before.height - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX
    if (before.first !== null && first !== before.first && last === before.last) el.scrollTop += el.scrollHeight - before.height
    else if (last !== before.last && (before.last === null || wasAtBottom || messages.at(-1)?.senderId === userId)) el.scrollTop = el.scrollHeight
    seen.current = { first, last, height: el.scrollHeight }
  }, [messages, userId])

  // A short first page leaves no room to scroll: ask for the older one at once.
  useEffect(() => {
    const el = box.current
    if (el && shouldLoadOlder(el.scrollTop, hasMore, loading)) onLoadOlder()
  }, [messages, hasMore, loading, onLoadOlder])

  return (
    <div
      ref={box}
      data-testid="chat-messages"
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 dark:bg-slate-950"
      onScroll={(e) => shouldLoadOlder(e.currentTarget.scrollTop, hasMore, loading) && onLoadOlder()}
    >
      {loading && hasMore && <p className="pb-2 text-center text-xs text-slate-500">{t('chats.loadingOlder')}</p>}
      {!loading && messages.length === 0 && <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('chats.noMessages')}</p>}
      <ul className="flex flex-col gap-2">
        {messages.map((m) => {
          const mine = m.senderId === userId
          return (
            <li key={m.id} data-testid="chat-message" data-mine={mine ? 'true' : 'false'} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[80%] rounded-lg px-3 py-2 shadow-sm ${mine ? 'bg-brand text-brand-contrast' : 'bg-white text-slate-800 dark:bg-slate-800 dark:text-slate-100'}`}
              >
                <p className="text-xs font-semibold opacity-80">{m.sender?.name ?? ''}</p>
                <p className="whitespace-pre-wrap break-words text-sm">{m.message}</p>
                <p className="mt-1 text-right text-[10px] opacity-70">{chatMessageTime(m.createdAt)}</p>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
