import type { PendingNotification } from '../../state/notifications.ts'
import type { SqlQuery } from '../../lib/live-query.ts'
import { PREVIEW_LENGTH, truncate } from './tickets.ts'

/**
 * Whose unread tickets ring the bell (spec part 1 §2 "Notifications bell"): the user's open tickets,
 * plus the waiting ones when the company's showNotificationPending is on (only those the user sees:
 * the shape already limits the local tickets to them).
 */
const RINGING = `((t.status = 'open' and t.user_id = $1) or (t.status = 'pending' and coalesce((select show_notification_pending from company_settings limit 1), false)))`

/** The bell's list: those tickets with unread messages, most recent first. */
export function unreadTicketsQuery(userId: number): SqlQuery {
  return {
    sql: `select t.id, t.uuid::text as uuid, t.last_message, t.unread_messages, c.name as contact_name
            from tickets t left join contacts c on c.id = t.contact_id
           where t.unread_messages > 0 and ${RINGING}
           order by t.updated_at desc nulls last limit 50`,
    params: [userId],
  }
}

export type UnreadRow = { id: number; uuid: string; last_message: string | null; unread_messages: number; contact_name: string | null }

export function toNotifications(rows: UnreadRow[]): PendingNotification[] {
  return rows.map((r) => ({
    id: String(r.id),
    title: `${r.contact_name ?? ''} (${r.unread_messages})`,
    text: truncate(r.last_message ?? '', PREVIEW_LENGTH),
    path: `/tickets/${r.uuid}`,
  }))
}

/** Each ringing ticket's unread count at the last reading of the bell's list. */
export type SeenUnread = ReadonlyMap<number, number>

export function unreadSeen(rows: UnreadRow[]): SeenUnread {
  return new Map(rows.map((r) => [Number(r.id), r.unread_messages]))
}

/**
 * The ticket a contact just wrote to, which should sound and show a browser notification: the newest of
 * the bell's tickets whose unread count grew since the last reading (or that rings again with unread
 * messages). Never at the first reading (`seen` null: what was there when the app opened), nor for the
 * chat the user is looking at. Read from the tickets' counts, not from the messages: the newest inbound
 * message of a ringing ticket walked the messages backwards in the worker on every message written
 * (58-82 ms at 100,000 messages, bench/ui.ts).
 */
export function arrivedUnread(rows: UnreadRow[], seen: SeenUnread | null, view: { visible: boolean; path: string }): UnreadRow | undefined {
  if (seen === null) return undefined
  return rows.find((r) => r.unread_messages > (seen.get(Number(r.id)) ?? 0) && !(view.visible && view.path === `/tickets/${r.uuid}`))
}
