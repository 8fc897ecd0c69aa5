import type { MomentsQuery } from '../../routes/dashboard.schema.ts'
import { companyTimeZone } from '../companies/company-time-zone.ts'
import type { DomainCtx } from '../context.ts'
import { type Fragment, visibleTo } from '../tickets/visible-tickets.ts'
import { addDays, dayIn } from './dashboard-range.ts'
import { withinDays } from '../zone-days.ts'
import type { MomentRow } from './dashboard-types.ts'

/** Spec part 1 §9: the panel looks at the last 30 days. */
export const MOMENTS_DAYS = 30

/**
 * GET /dashboard/moments and GET /usersMoments (spec part 1 §7, part 2 §7): the live tickets (open and
 * pending) the caller may see, last updated within the range (the last 30 days in the company's zone by
 * default), with their attendant, contact and queue; showAll=false keeps to the caller's own and the
 * unowned ones. The panel in the PWA reads the same rows from its own database (docs/decisions.md "Live panel").
 */
export async function listMoments(ctx: DomainCtx, q: MomentsQuery): Promise<MomentRow[]> {
  const { tx, auth } = ctx
  const zone = await companyTimeZone(tx, auth.user.companyId)
  const end = q.dateEnd ?? dayIn(zone, ctx.now())
  const start = q.dateStart ?? addDays(end, -(MOMENTS_DAYS - 1))
  const where: Fragment[] = [
    ...visibleTo(tx, auth),
    ...withinDays(tx, tx`t.updated_at`, zone, start, end),
  ]
  if (!q.showAll) where.push(tx`(t.user_id = ${auth.user.id} or t.user_id is null)`)
  if (q.queueIds?.length) where.push(tx`t.queue_id = any(${q.queueIds}::int[])`)
  if (q.userId) where.push(tx`t.user_id = ${q.userId}`)
  const cond = where.reduce((acc, f) => tx`${acc} and ${f}`)
  // One newest-first range per status, the status written out rather than bound: a bound one keeps a
  // prepared statement's generic plan off the partial index of live tickets (tickets_live_updated_idx),
  // and it walked every ticket of the days instead, dropping the closed (docs/decisions.md "Live panel").
  const perStatus = (q.status?.length ? [...new Set(q.status)] : (['open', 'pending'] as const)).map(
    (status) => tx`(select t.id, t.uuid, t.status, t.last_message, t.unread_messages, t.updated_at, t.created_at, t.user_id, t.contact_id, t.queue_id
                      from tickets t
                     where ${status === 'open' ? tx`t.status = 'open'` : tx`t.status = 'pending'`} and ${cond}
                     order by t.updated_at desc, t.id desc
                     limit 2000)`,
  )
  // Dates leave Postgres as the text toISOString writes (milliseconds, truncated as Date does): parsing
  // 1,500 rows into Dates only to write them back out was a tenth of the call.
  const rows = await tx<{ id: number; uuid: string; status: 'open' | 'pending'; lastMessage: string; unreadMessages: number; updatedAt: string; createdAt: string; userId: number | null; userName: string | null; contactId: number; contactName: string; urlPicture: string | null; queueId: number | null; queueName: string | null; queueColor: string | null }[]>`
    select t.id, t.uuid, t.status, t.last_message, t.unread_messages,
           to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
           to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           t.user_id, u.name as user_name, c.id as contact_id, c.name as contact_name, c.url_picture,
           t.queue_id, qu.name as queue_name, qu.color as queue_color
      from (${perStatus.reduce((acc, f) => tx`${acc} union all ${f}`)}) t
      join contacts c on c.id = t.contact_id
      left join users u on u.id = t.user_id
      left join queues qu on qu.id = t.queue_id
     order by t.updated_at desc, t.id desc
     limit 2000`
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    lastMessage: r.lastMessage,
    unreadMessages: r.unreadMessages,
    updatedAt: r.updatedAt,
    createdAt: r.createdAt,
    user: r.userId === null ? null : { id: r.userId, name: r.userName ?? '' },
    contact: { id: r.contactId, name: r.contactName, urlPicture: r.urlPicture },
    queue: r.queueId === null ? null : { id: r.queueId, name: r.queueName ?? '', color: r.queueColor ?? '' },
  }))
}
