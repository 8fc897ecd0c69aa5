import type { ChatInput } from '../../../../server/routes/chats.schema.ts'
import { api } from '../../lib/api.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'

/** Internal chat (spec part 2 §3 Chat): only the chats the caller is a user of come back. */
export interface ChatUser {
  userId: number
  unreads: number
  user: { id: number; name: string }
}

export interface Chat {
  id: number
  uuid: string
  title: string
  ownerId: number | null
  lastMessage: string
  createdAt: string
  updatedAt: string
  users: ChatUser[]
}

export interface ChatMessage {
  id: number
  chatId: number
  senderId: number | null
  message: string
  createdAt: string
  sender: { id: number; name: string } | null
}

export interface ChatPage<T> {
  records: T[]
  count: number
  hasMore: boolean
}

export type ChatAction = 'create' | 'update' | 'delete' | 'new-message'

/** The /ws event company-{id}-chat, sent to the chat's users only. */
export interface ChatEvent {
  action: ChatAction
  record: Chat
  message?: ChatMessage
}

/** Older messages load when the pane is scrolled within this many pixels of the top (spec part 2 §9). */
export const OLDER_MESSAGES_THRESHOLD_PX = 600

export type ChatFormValues = ChatInput

export type ChatFormProblems = Partial<Record<keyof ChatFormValues, string>>

// ---- Pure rules ----

/** Spec part 2 §5: saving needs a title and at least one user. Values are i18n keys. */
export function chatFormProblems(values: ChatFormValues): ChatFormProblems {
  const problems: ChatFormProblems = {}
  if (!values.title.trim()) problems.title = 'chats.dialog.titleRequired'
  if (values.users.length === 0) problems.users = 'chats.dialog.usersRequired'
  return problems
}

/** Spec part 2 §5: empty or whitespace messages are not sent. */
export function canSendChatMessage(text: string): boolean {
  return text.trim().length > 0
}

export function myUnreads(chat: Chat, userId: number): number {
  return chat.users.find((u) => u.userId === userId)?.unreads ?? 0
}

/** The top-bar badge: the caller's unread messages over all the chats listed. */
export function totalUnreads(chats: Chat[], userId: number): number {
  return chats.reduce((sum, c) => sum + myUnreads(c, userId), 0)
}

/** Spec part 2 §6: edit and delete only by the owner. */
export function isChatOwner(chat: Chat, userId: number): boolean {
  return chat.ownerId === userId
}

export function isChatMember(chat: Chat, userId: number): boolean {
  return chat.users.some((u) => u.userId === userId)
}

/** The title search of GET /chats, case-insensitive (spec part 2 §5 "lists with search use lowercase"). */
export function matchesChatSearch(chat: Chat, search: string): boolean {
  const s = search.trim().toLowerCase()
  return !s || chat.title.toLowerCase().includes(s)
}

/** Newest activity first, as GET /chats answers. */
export function sortChats(chats: Chat[]): Chat[] {
  return [...chats].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id)
}

/**
 * A live event laid over the listed chats: delete (or losing one's place in it) removes the chat, anything
 * else replaces it or, when new and matching the search, adds it; the list stays newest activity first.
 */
export function applyChatEvent(chats: Chat[], event: ChatEvent, userId: number, search = ''): Chat[] {
  const rest = chats.filter((c) => c.id !== event.record.id)
  if (event.action === 'delete' || !isChatMember(event.record, userId)) return rest
  const known = rest.length !== chats.length
  if (!known && !matchesChatSearch(event.record, search)) return chats
  return sortChats([...rest, event.record])
}

/** Pages of messages merged: each message once, oldest first (a live message may arrive twice). */
export function mergeChatMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>()
  for (const m of [...a, ...b]) byId.set(m.id, m)
  return [...byId.values()].sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id - y.id)
}

/** Whether a scroll position asks for the page before the oldest loaded one. */
export function shouldLoadOlder(scrollTop: number, hasMore: boolean, loading: boolean): boolean {
  return hasMore && !loading && scrollTop <= OLDER_MESSAGES_THRESHOLD_PX
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A message's time: HH:mm today, dd/MM/yy HH:mm before (local time; the dates of part 2 §1). */
export function chatMessageTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`
  if (d.toDateString() === now.toDateString()) return time
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear() % 100)} ${time}`
}

/** The frame's data when it is this company's chat event, else null. */
export function parseChatEvent(event: string, data: unknown, companyId: number): ChatEvent | null {
  if (event !== `company-${companyId}-chat`) return null
  const d = (data ?? {}) as Partial<ChatEvent>
  const actions: ChatAction[] = ['create', 'update', 'delete', 'new-message']
  if (!d.action || !actions.includes(d.action) || !d.record || typeof d.record.id !== 'number' || !Array.isArray(d.record.users)) return null
  return { action: d.action, record: d.record, message: d.message }
}

// ---- Live events: the socket's, and the answers of our own calls (so every view agrees at once) ----

type ChatListener = (event: ChatEvent) => void
const localListeners = new Set<ChatListener>()

function publishChatEvent(event: ChatEvent): void {
  for (const l of localListeners) l(event)
}

/** Calls listener with every chat event of the company, from the socket or from this tab's own calls. */
export function subscribeChatEvents(companyId: number, listener: ChatListener): () => void {
  localListeners.add(listener)
  const off = onRealtimeEvent((event, data) => {
    const parsed = parseChatEvent(event, data, companyId)
    if (parsed) listener(parsed)
  })
  return () => {
    localListeners.delete(listener)
    off()
  }
}

// ---- Calls (spec part 2 §7) ----

export function fetchChats(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ChatPage<Chat>> {
  return api<ChatPage<Chat>>('/chats', { query: { searchParam: searchParam.trim().toLowerCase(), pageNumber }, signal })
}

/** GET /chats/{idOrUuid}. */
export function fetchChat(ref: string | number, signal?: AbortSignal): Promise<Chat> {
  return api<Chat>(`/chats/${encodeURIComponent(String(ref))}`, { signal })
}

export async function createChat(values: ChatFormValues): Promise<Chat> {
  const chat = await api<Chat>('/chats', { method: 'POST', json: { title: values.title.trim(), users: values.users } })
  publishChatEvent({ action: 'create', record: chat })
  return chat
}

export async function updateChat(id: number, values: ChatFormValues): Promise<Chat> {
  const chat = await api<Chat>(`/chats/${id}`, { method: 'PUT', json: { title: values.title.trim(), users: values.users } })
  publishChatEvent({ action: 'update', record: chat })
  return chat
}

export async function deleteChat(chat: Chat): Promise<void> {
  await api(`/chats/${chat.id}`, { method: 'DELETE' })
  publishChatEvent({ action: 'delete', record: chat })
}

export function fetchChatMessages(chatId: number, pageNumber: number, signal?: AbortSignal): Promise<ChatPage<ChatMessage>> {
  return api<ChatPage<ChatMessage>>(`/chats/${chatId}/messages`, { query: { pageNumber }, signal })
}

/** GET /users/list: the company's users, for the member picker. */
export async function fetchChatUsers(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  const rows = await api<{ id: number; name: string }[]>('/users/list', { signal })
  return (rows ?? []).map((u) => ({ id: u.id, name: u.name }))
}

/** POST /chats/{id}/messages; refuses empty or whitespace text without calling the server. */
export async function sendChatMessage(chatId: number, text: string): Promise<ChatMessage | null> {
  if (!canSendChatMessage(text)) return null
  return api<ChatMessage>(`/chats/${chatId}/messages`, { method: 'POST', json: { message: text.trim() } })
}

/** POST /chats/{id}/read with the caller's own id: their unread count drops to 0 everywhere in this tab. */
export async function markChatRead(chatId: number, userId: number): Promise<Chat> {
  const chat = await api<Chat>(`/chats/${chatId}/read`, { method: 'POST', json: { userId } })
  publishChatEvent({ action: 'update', record: chat })
  return chat
}
