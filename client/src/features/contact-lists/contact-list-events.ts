import { onRealtimeEvent } from '../../lib/realtime.ts'
import type { ContactList, ContactListItem } from './contact-lists.ts'

/**
 * Live events of contact lists (spec part 2 §7: company-{id}-ContactList and company-{id}-ContactListItem,
 * {action, record | id}; lists upsert on create and update and remove on delete). An item import sends
 * one {action: 'import', contactListId}: the open list is read again.
 */
export type ListEvent<T> = { action: 'create' | 'update'; record: T } | { action: 'delete'; id: number }
export type ItemEvent = ListEvent<ContactListItem> | { action: 'import'; contactListId: number }

const LIST_EVENT = /^company-\d+-ContactList$/
const ITEM_EVENT = /^company-\d+-ContactListItem$/

function parseRecordEvent<T extends { id: number }>(data: unknown): ListEvent<T> | null {
  const d = (data ?? {}) as { action?: unknown; record?: { id?: unknown }; id?: unknown }
  if ((d.action === 'create' || d.action === 'update') && typeof d.record?.id === 'number') return { action: d.action, record: d.record as T }
  if (d.action === 'delete' && typeof d.id === 'number') return { action: 'delete', id: d.id }
  return null
}

export function parseContactListEvent(event: string, data: unknown): ListEvent<ContactList> | null {
  return LIST_EVENT.test(event) ? parseRecordEvent<ContactList>(data) : null
}

export function parseContactListItemEvent(event: string, data: unknown): ItemEvent | null {
  if (!ITEM_EVENT.test(event)) return null
  const d = (data ?? {}) as { action?: unknown; contactListId?: unknown }
  if (d.action === 'import' && typeof d.contactListId === 'number') return { action: 'import', contactListId: d.contactListId }
  return parseRecordEvent<ContactListItem>(data)
}

/** Sorted as the server sorts: lower(name), then id. */
export function sortByName<T extends { id: number; name: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => {
    const x = a.name.toLowerCase()
    const y = b.name.toLowerCase()
    return x < y ? -1 : x > y ? 1 : a.id - b.id
  })
}

/**
 * A loaded list after an event: a delete removes the row; a create or update replaces it, or adds it when
 * it is new and `matches` the search. Each row once, in the server's order.
 */
export function applyRecordEvent<T extends { id: number; name: string }>(list: T[], event: ListEvent<T>, matches: (r: T) => boolean): T[] {
  if (event.action === 'delete') return list.filter((r) => r.id !== event.id)
  const rest = list.filter((r) => r.id !== event.record.id)
  if (rest.length === list.length && !matches(event.record)) return list
  return sortByName([...rest, event.record])
}

/** Pages merged, each row once (the newer copy wins), in the server's order. */
export function mergePages<T extends { id: number; name: string }>(a: T[], b: T[]): T[] {
  const byId = new Map<number, T>()
  for (const r of [...a, ...b]) byId.set(r.id, r)
  return sortByName([...byId.values()])
}

/** Whether a list belongs to a search (the name, lowercase, as the server searches). */
export const listMatches = (search: string) => (l: Pick<ContactList, 'name'>) => l.name.toLowerCase().includes(search.trim().toLowerCase())

/** Whether an item belongs to a list's search (name, number or email). */
export const itemMatches = (contactListId: number, search: string) => (i: ContactListItem) => {
  const q = search.trim().toLowerCase()
  return i.contactListId === contactListId && (!q || i.name.toLowerCase().includes(q) || i.number.includes(q) || i.email.toLowerCase().includes(q))
}

// ---- The socket's events, and this tab's own answers (so the page agrees at once) ----

type Listener<E> = (event: E) => void
const listListeners = new Set<Listener<ListEvent<ContactList>>>()
const itemListeners = new Set<Listener<ItemEvent>>()

export function publishContactListEvent(event: ListEvent<ContactList>): void {
  for (const l of listListeners) l(event)
}

export function publishContactListItemEvent(event: ItemEvent): void {
  for (const l of itemListeners) l(event)
}

export function subscribeContactListEvents(listener: Listener<ListEvent<ContactList>>): () => void {
  listListeners.add(listener)
  const off = onRealtimeEvent((event, data) => {
    const parsed = parseContactListEvent(event, data)
    if (parsed) listener(parsed)
  })
  return () => {
    listListeners.delete(listener)
    off()
  }
}

export function subscribeContactListItemEvents(listener: Listener<ItemEvent>): () => void {
  itemListeners.add(listener)
  const off = onRealtimeEvent((event, data) => {
    const parsed = parseContactListItemEvent(event, data)
    if (parsed) listener(parsed)
  })
  return () => {
    itemListeners.delete(listener)
    off()
  }
}
