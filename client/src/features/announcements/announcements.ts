import { useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'
import type { Announcement } from '../../lib/types.ts'

/** Top-bar colours by priority (spec part 2 §3 Announcement): 1 red, 2 orange, 3 grey. */
export const PRIORITY_COLORS: Record<number, string> = { 1: '#dc2626', 2: '#f97316', 3: '#9ca3af' }

export function priorityColor(priority: number): string {
  return PRIORITY_COLORS[priority] ?? PRIORITY_COLORS[3]
}

/** One page of GET /announcements/ (20 a page; the super user also gets the inactive ones). */
export interface AnnouncementPage {
  records: Announcement[]
  hasMore: boolean
  count?: number
}

export type AnnouncementAction = 'create' | 'update' | 'delete'

/** A live `company-{id}-announcement` frame: what happened to which record. */
export interface AnnouncementEvent {
  action: AnnouncementAction
  record: Announcement
}

const EVENT_NAME = /^company-\d+-announcement$/

/** The frame's data when it is an announcement event, else null. */
export function parseAnnouncementEvent(event: string, data: unknown): AnnouncementEvent | null {
  if (!EVENT_NAME.test(event)) return null
  const d = (data ?? {}) as Partial<AnnouncementEvent>
  if (d.action !== 'create' && d.action !== 'update' && d.action !== 'delete') return null
  if (!d.record || typeof d.record.id !== 'number') return null
  return { action: d.action, record: d.record }
}

/** The server's order (server/domain/announcements): most urgent first, then newest, then highest id. */
export function sortAnnouncements(list: Announcement[]): Announcement[] {
  return [...list].sort((a, b) => a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
}

/** Whether a record belongs to a list searched by `search` (title or text, lowercase, as the server searches). */
export function matchesAnnouncementSearch(a: Pick<Announcement, 'title' | 'text'>, search: string): boolean {
  const q = search.trim().toLowerCase()
  return !q || a.title.toLowerCase().includes(q) || a.text.toLowerCase().includes(q)
}

/**
 * A list after an event: a delete removes the record; a create or update replaces it, or adds it when it
 * is new and matches the search (and is active, for `activeOnly` lists such as the top bar's). Sorted as
 * the server sorts, each record once.
 */
export function applyAnnouncementEvent(list: Announcement[], event: AnnouncementEvent, opts: { search?: string; activeOnly?: boolean } = {}): Announcement[] {
  const rest = list.filter((a) => a.id !== event.record.id)
  if (event.action === 'delete' || (opts.activeOnly && !event.record.status)) return rest
  const known = rest.length !== list.length
  if (!known && !matchesAnnouncementSearch(event.record, opts.search ?? '')) return list
  return sortAnnouncements([...rest, event.record])
}

/** Pages merged: each record once (a live create may also come in the next page), in the server's order. */
export function mergeAnnouncementPages(a: Announcement[], b: Announcement[]): Announcement[] {
  const byId = new Map<number, Announcement>()
  for (const r of [...a, ...b]) byId.set(r.id, r)
  return sortAnnouncements([...byId.values()])
}

/** GET /announcements/?searchParam&pageNumber (spec part 2 §7), the search in lowercase (§5). */
export function fetchAnnouncementPage(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<AnnouncementPage> {
  return api<AnnouncementPage>('/announcements/', { query: { searchParam: searchParam.trim().toLowerCase(), pageNumber }, signal })
}

// ---- Live events: the socket's, and the answers of this tab's own calls (so every view agrees at once) ----

type Listener = (event: AnnouncementEvent) => void
const localListeners = new Set<Listener>()

export function publishAnnouncementEvent(event: AnnouncementEvent): void {
  for (const l of localListeners) l(event)
}

/** Calls listener with every announcement event, from the socket or from this tab's own saves. */
export function subscribeAnnouncementEvents(listener: Listener): () => void {
  localListeners.add(listener)
  const off = onRealtimeEvent((event, data) => {
    const parsed = parseAnnouncementEvent(event, data)
    if (parsed) listener(parsed)
  })
  return () => {
    localListeners.delete(listener)
    off()
  }
}

/**
 * The top-bar popover's list: the first page of GET /announcements/, active ones only, kept current by the
 * live `announcement` events (spec part 2 §7: lists upsert on create and update, remove on delete).
 */
export function useAnnouncements(enabled: boolean): Announcement[] {
  const [records, setRecords] = useState<Announcement[]>([])
  useEffect(() => {
    if (!enabled) return
    let live = true
    const off = subscribeAnnouncementEvents((event) => setRecords((list) => applyAnnouncementEvent(list, event, { activeOnly: true })))
    fetchAnnouncementPage('', 1)
      .then((res) => live && setRecords((list) => mergeAnnouncementPages(list, (res.records ?? []).filter((a) => a.status))))
      .catch(toastError)
    return () => {
      live = false
      off()
    }
  }, [enabled])
  return records
}
