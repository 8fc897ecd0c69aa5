import { useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'
import type { Announcement } from '../../lib/types.ts'

/** Top-bar colours by priority (spec part 2 §3 Announcement): 1 red, 2 orange, 3 grey. */
export const PRIORITY_COLORS: Record<number, string> = { 1: '#dc2626', 2: '#f97316', 3: '#9ca3af' }

export function priorityColor(priority: number): string {
  return PRIORITY_COLORS[priority] ?? PRIORITY_COLORS[3]
}

/** GET /announcements/?pageNumber=1: the first page of announcements for the top-bar popover. */
export function useAnnouncements(enabled: boolean): Announcement[] {
  const [records, setRecords] = useState<Announcement[]>([])
  useEffect(() => {
    if (!enabled) return
    let live = true
    api<{ records: Announcement[] }>('/announcements/', { query: { pageNumber: 1 } })
      .then((res) => live && setRecords(res.records ?? []))
      .catch(toastError)
    return () => {
      live = false
    }
  }, [enabled])
  return records
}
