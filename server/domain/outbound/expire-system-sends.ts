import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import type { DomainEvent } from '../context.ts'

/**
 * Automatic messages (menus, greetings, farewells, rating requests, expiry notices) that could not go out
 * within this time are dropped rather than sent late: a menu or a "your ticket was closed" days after the
 * fact misleads more than it helps (issue 15 item 3). Replies typed by people, and what integrators send
 * through /api/messages/send (data_json.source 'api'), are never dropped.
 */
export const SYSTEM_SEND_MAX_AGE_MS = 30 * 60_000

/**
 * Ends the send jobs of automatic messages older than SYSTEM_SEND_MAX_AGE_MS that are still waiting
 * (their connection disconnected, waiting for a QR, or hosted by no worker): the job is done and the
 * message shows ack -1 with ERR_SYSTEM_MESSAGE_EXPIRED, the visible reason. Claims with SKIP LOCKED, so a
 * send in progress is left alone. Returns how many were dropped.
 */
export async function expireStaleSystemSends(db: Db, now: Date, io: { emit: (e: DomainEvent) => void }): Promise<number> {
  const before = new Date(now.getTime() - SYSTEM_SEND_MAX_AGE_MS)
  const dropped = await withSystem(db, (tx) => tx<{ id: number; companyId: number; ticketId: number; userId: number | null; queueId: number | null; isGroup: boolean }[]>`
    with stale as (
      select j.id as job_id, m.id as message_id
        from jobs j join messages m on m.id = (j.payload->>'messageId')::bigint
       where j.queue like 'send:%' and j.done_at is null and j.payload->>'kind' is null
         and (j.locked_until is null or j.locked_until < ${now})
         and m.is_system and coalesce(m.data_json->>'source', '') <> 'api' and m.ack = 0 and m.created_at < ${before}
       order by j.id limit 500
         for update of j skip locked),
    done as (update jobs set done_at = ${now}, locked_until = null, last_error = 'ERR_SYSTEM_MESSAGE_EXPIRED'
              where id in (select job_id from stale))
    update messages m set ack = -1, send_error = 'ERR_SYSTEM_MESSAGE_EXPIRED'
      from tickets t
     where m.id in (select message_id from stale) and t.id = m.ticket_id
    returning m.id, m.company_id, t.id as ticket_id, t.user_id, t.queue_id, t.is_group`)
  for (const m of dropped) {
    io.emit({
      type: 'appMessage',
      companyId: m.companyId,
      payload: { action: 'update', message: { id: m.id, ack: -1, sendError: 'ERR_SYSTEM_MESSAGE_EXPIRED' }, ticket: { id: m.ticketId, userId: m.userId, queueId: m.queueId, isGroup: m.isGroup } },
    })
  }
  return dropped.length
}
