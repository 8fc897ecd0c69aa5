import { useMemo, useState } from 'react'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'

/**
 * The live panel at /moments (spec part 2 §2 "Painel de Atendimentos"): the live tickets grouped by
 * attendant, the waiting ones apart. It reads the browser's database, which sync fills with exactly the
 * tickets this user may see (the same rule as GET /usersMoments), so the panel moves as tickets move
 * with no request and no extra event (docs/decisions.md "Live panel").
 */

/** Spec part 1 §9: the panel looks at the last 30 days. */
export const MOMENTS_DAYS = 30
/** Spec part 2 §2: names and messages are cut at 30 characters. */
export const MOMENT_TEXT = 30

export interface MomentCard {
  id: number
  uuid: string
  status: 'open' | 'pending'
  lastMessage: string
  unreadMessages: number
  updatedAt: string
  userId: number | null
  userName: string | null
  contactName: string
  queue: { name: string; color: string } | null
}

export interface MomentColumn {
  /** null: the waiting tickets */
  userId: number | null
  name: string | null
  tickets: MomentCard[]
}

interface MomentRow {
  id: number
  uuid: string
  status: 'open' | 'pending'
  last_message: string | null
  unread_messages: number | string
  updated_at: string
  user_id: number | null
  user_name: string | null
  contact_name: string | null
  queue_name: string | null
  queue_color: string | null
}

export function toMomentCard(r: MomentRow): MomentCard {
  return {
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    lastMessage: r.last_message ?? '',
    unreadMessages: Number(r.unread_messages) || 0,
    updatedAt: r.updated_at,
    userId: r.user_id,
    userName: r.user_name,
    contactName: r.contact_name ?? '',
    queue: r.queue_name === null ? null : { name: r.queue_name, color: r.queue_color ?? '#64748b' },
  }
}

export function momentsQuery(since: string): SqlQuery {
  return {
    sql: `select t.id, t.uuid::text as uuid, t.status, t.last_message, coalesce(t.unread_messages, 0) as unread_messages,
                 t.updated_at::text as updated_at, t.user_id, u.name as user_name, c.name as contact_name,
                 q.name as queue_name, q.color as queue_color
            from tickets t
            join contacts c on c.id = t.contact_id
            left join users u on u.id = t.user_id
            left join queues q on q.id = t.queue_id
           where t.status in ('open', 'pending') and t.updated_at >= $1::timestamptz
           order by t.updated_at desc, t.id desc`,
    params: [since],
  }
}

/** Cut at `max` characters with an ellipsis (spec: 30 on the panel). */
export const cut = (text: string, max = MOMENT_TEXT) => (text.length > max ? `${text.slice(0, max)}…` : text)

/**
 * The waiting column first (pending tickets, whoever they were meant for), then one column per
 * attendant with open tickets, by name; each column newest first.
 */
export function groupMoments(rows: MomentCard[]): MomentColumn[] {
  const waiting: MomentColumn = { userId: null, name: null, tickets: rows.filter((r) => r.status === 'pending') }
  const byUser = new Map<number, MomentColumn>()
  for (const r of rows) {
    if (r.status !== 'open') continue
    const key = r.userId ?? 0
    const column = byUser.get(key) ?? { userId: r.userId, name: r.userName, tickets: [] }
    column.tickets.push(r)
    byUser.set(key, column)
  }
  const attendants = [...byUser.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'pt-BR'))
  return [waiting, ...attendants]
}

/** May this user open the ticket from the panel? Spec part 2 §6: an admin, or the ticket's attendant. */
export const mayOpen = (ticket: Pick<MomentCard, 'userId'>, me: { id: number; profile: string }) => me.profile === 'admin' || ticket.userId === me.id

export function useMoments(): { columns: MomentColumn[]; loading: boolean; error: unknown } {
  const db = useLocalFirst()?.db ?? null
  const [since] = useState(() => new Date(Date.now() - MOMENTS_DAYS * 86_400_000).toISOString())
  const query = useMemo(() => momentsQuery(since), [since])
  const { rows, loading, error } = useLiveQuery<MomentRow>(db, query)
  const columns = useMemo(() => groupMoments(rows.map(toMomentCard)), [rows])
  return { columns, loading, error }
}
