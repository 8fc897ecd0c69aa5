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

/** The newest message from a contact on a ringing ticket: when it changes, a new one arrived. */
export function latestInboundQuery(userId: number): SqlQuery {
  return {
    sql: `select m.id, m.body, m.media_type, t.uuid::text as uuid, c.name as contact_name
            from messages m join tickets t on t.id = m.ticket_id left join contacts c on c.id = t.contact_id
           where m.from_me = false and coalesce(m.is_system, false) = false and ${RINGING}
           order by m.id desc limit 1`,
    params: [userId],
  }
}

export type UnreadRow = { id: number; uuid: string; last_message: string | null; unread_messages: number; contact_name: string | null }
export type InboundRow = { id: number | string; body: string | null; media_type: string | null; uuid: string; contact_name: string | null }

export function toNotifications(rows: UnreadRow[]): PendingNotification[] {
  return rows.map((r) => ({
    id: String(r.id),
    title: `${r.contact_name ?? ''} (${r.unread_messages})`,
    text: truncate(r.last_message ?? '', PREVIEW_LENGTH),
    path: `/tickets/${r.uuid}`,
  }))
}

/**
 * Whether a newly seen inbound message should sound and show a browser notification: never for what was
 * already there when the app opened (`previousId` null), nor for the chat the user is looking at.
 */
export function shouldAlert(latest: InboundRow | undefined, previousId: number | null, view: { visible: boolean; path: string }): boolean {
  if (!latest || previousId === null) return false
  if (Number(latest.id) <= previousId) return false
  return !(view.visible && view.path === `/tickets/${latest.uuid}`)
}
