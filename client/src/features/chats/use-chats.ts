import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useRef, useState } from 'react'
import { userAtom } from '../../state/auth.ts'
import { realtimeStateAtom } from '../../state/ui.ts'
import {
  applyChatEvent, fetchChat, fetchChatMessages, fetchChats, fetchChatUsers, markChatRead, mergeChatMessages, sendChatMessage, subscribeChatEvents,
  type Chat, type ChatMessage,
} from './chats.ts'
import { ApiError } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'

/** Spec part 2 §8: chat errors are swallowed; a failed load only leaves a note in the console. */
function swallow(err: unknown): void {
  if (err instanceof DOMException && err.name === 'AbortError') return
  console.warn('chat:', err)
}

/** The company's chat events for the logged-in user, while `enabled`. */
function useChatEvents(enabled: boolean, listener: Parameters<typeof subscribeChatEvents>[1]): void {
  const me = useAtomValue(userAtom)
  const latest = useRef(listener)
  latest.current = listener
  const companyId = me?.companyId
  useEffect(() => {
    if (!enabled || !companyId) return
    return subscribeChatEvents(companyId, (e) => latest.current(e))
  }, [enabled, companyId])
}

/**
 * How many times the socket has opened since mount. Frames sent while it was down are lost, so each
 * opening is a reason to load again.
 */
function useSocketOpenings(): number {
  const open = useAtomValue(realtimeStateAtom) === 'open'
  const [seen, setSeen] = useState({ open, count: 0 })
  if (seen.open === open) return seen.count
  const next = { open, count: seen.count + (open ? 1 : 0) }
  setSeen(next)
  return next.count
}

/** GET /chats by pages (20), searched by title, with the live events laid over it. */
export function useChatList(search: string, enabled = true) {
  const me = useAtomValue(userAtom)
  const userId = me?.id ?? 0
  const [chats, setChats] = useState<Chat[]>([])
  // The page belongs to its search and socket opening: either change starts over at page 1, with no stray fetch.
  const key = `${search}\u0000${useSocketOpenings()}`
  const [paging, setPaging] = useState({ key, page: 1 })
  const page = paging.key === key ? paging.page : 1
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(enabled)

  useEffect(() => {
    if (!enabled) return
    const abort = new AbortController()
    setLoading(true)
    fetchChats(search, page, abort.signal)
      .then((res) => {
        if (abort.signal.aborted) return
        setChats((prev) => (page === 1 ? res.records : [...prev.filter((c) => !res.records.some((r) => r.id === c.id)), ...res.records]))
        setHasMore(res.hasMore)
      })
      .catch(swallow)
      .finally(() => !abort.signal.aborted && setLoading(false))
    return () => abort.abort()
  }, [search, page, key, enabled])

  useChatEvents(enabled, (e) => setChats((prev) => applyChatEvent(prev, e, userId, search)))

  const loadMore = useCallback(() => {
    if (hasMore && !loading) setPaging({ key, page: page + 1 })
  }, [hasMore, loading, key, page])

  return { chats, loading, hasMore, loadMore }
}

/** The chat at /chats/{uuid}, kept current by the live events; null once it is gone or not ours. */
export function useChat(uuid: string | undefined) {
  const me = useAtomValue(userAtom)
  const openings = useSocketOpenings()
  const [chat, setChat] = useState<Chat | null>(null)
  const [loading, setLoading] = useState(!!uuid)
  // Loading again after a reconnect keeps the pane on screen; only a new address shows the spinner.
  const loadedFor = useRef<string | undefined>(undefined)

  useEffect(() => {
    if (!uuid) {
      setChat(null)
      return setLoading(false)
    }
    if (loadedFor.current !== uuid) {
      setChat(null)
      setLoading(true)
    }
    const abort = new AbortController()
    fetchChat(uuid, abort.signal)
      .then((c) => {
        if (abort.signal.aborted) return
        loadedFor.current = uuid
        setChat(c)
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted && err instanceof ApiError && err.status === 404) setChat(null)
        swallow(err)
      })
      .finally(() => !abort.signal.aborted && setLoading(false))
    return () => abort.abort()
  }, [uuid, openings])

  useChatEvents(!!uuid, (e) => {
    if (e.record.uuid !== uuid) return
    const gone = e.action === 'delete' || !e.record.users.some((u) => u.userId === me?.id)
    setChat(gone ? null : e.record)
  })

  return { chat, loading }
}

/**
 * The open chat's messages: the newest page first, older pages on demand, live ones appended. Opening
 * the chat, and every message from someone else while it is open, marks it read. Mount it once per chat
 * (a React key) so no page of one chat is merged into another.
 */
export function useChatMessages(chatId: number) {
  const me = useAtomValue(userAtom)
  const userId = me?.id ?? 0
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [page, setPage] = useState(1)
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(true)

  const openings = useSocketOpenings()

  useEffect(() => {
    if (userId) markChatRead(chatId, userId).catch(swallow)
  }, [chatId, userId])

  // Messages sent while the socket was down: the newest page again, merged, and read since they are on screen.
  useEffect(() => {
    if (openings === 0) return
    const abort = new AbortController()
    fetchChatMessages(chatId, 1, abort.signal)
      .then((res) => !abort.signal.aborted && setMessages((prev) => mergeChatMessages(prev, res.records)))
      .catch(swallow)
    if (userId) markChatRead(chatId, userId).catch(swallow)
    return () => abort.abort()
  }, [chatId, userId, openings])

  useEffect(() => {
    const abort = new AbortController()
    setLoading(true)
    fetchChatMessages(chatId, page, abort.signal)
      .then((res) => {
        if (abort.signal.aborted) return
        setMessages((prev) => mergeChatMessages(res.records, prev))
        setHasMore(res.hasMore)
      })
      .catch(swallow)
      .finally(() => !abort.signal.aborted && setLoading(false))
    return () => abort.abort()
  }, [chatId, page])

  useChatEvents(true, (e) => {
    const message = e.message
    if (e.action !== 'new-message' || e.record.id !== chatId || !message) return
    setMessages((prev) => mergeChatMessages(prev, [message]))
    if (message.senderId !== userId && e.record.users.some((u) => u.userId === userId && u.unreads > 0)) {
      markChatRead(chatId, userId).catch(swallow)
    }
  })

  const loadOlder = useCallback(() => {
    if (hasMore && !loading) setPage((p) => p + 1)
  }, [hasMore, loading])

  /** Sends the text (never empty or whitespace); resolves true once the server has it. */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        const sent = await sendChatMessage(chatId, text)
        if (!sent) return false
        setMessages((prev) => mergeChatMessages(prev, [sent]))
        return true
      } catch (err) {
        // A message the user typed must not vanish silently: this failure is told, unlike list loads.
        toastError(err)
        return false
      }
    },
    [chatId],
  )

  return { messages, hasMore, loading, loadOlder, send }
}

/**
 * The company's other users for the member picker: GET /users/list, like the chats themselves online
 * only, so a browser whose local database is still starting can already pick them. Loads while `enabled`.
 */
export function useChatUserChoices(enabled: boolean): { id: number; name: string }[] | null {
  const userId = useAtomValue(userAtom)?.id ?? 0
  const [users, setUsers] = useState<{ id: number; name: string }[] | null>(null)
  useEffect(() => {
    if (!enabled) return
    const abort = new AbortController()
    setUsers(null)
    fetchChatUsers(abort.signal)
      .then((rows) => !abort.signal.aborted && setUsers(rows.filter((u) => u.id !== userId)))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setUsers([])
        swallow(err)
      })
    return () => abort.abort()
  }, [enabled, userId])
  return users
}
