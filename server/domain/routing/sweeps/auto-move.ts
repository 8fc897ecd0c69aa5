import type { Tx } from '../../../db/connect.ts'
import type { Db } from '../../../db/tenant.ts'
import type { DomainEvent } from '../../context.ts'
import { automationRuns } from '../../companies/company-standing.ts'
import { enterQueue } from '../enter-queue.ts'
import { emitTicketUpdate, logTicket } from '../routing-effects.ts'
import { loadQueue } from '../routing-state.ts'
import { claimTicket, lastPersonMessageAt, type SweepOptions, sweepRows } from './sweep-loop.ts'

/**
 * Queue auto-move (spec part 2, connection timeSendQueue/sendIdQueue; anchor §3.5 MF `handleVerifyQueue`):
 * a pending ticket with no queue and no user, whose contact has been waiting longer than the connection's
 * timeSendQueue minutes (since the last message of a person, bot menus aside), enters sendIdQueue as if
 * the contact had chosen it (logged 'redirect', then enter-queue.ts: 'queue', the queue's greeting or its options, its
 * hours, closeTicket, userRandom). Runs every minute (workers/scheduler.ts); returns how many moved.
 */
export function sweepAutoMove(db: Db, now: Date, opts: SweepOptions = {}): Promise<number> {
  return sweepRows(db, (tx, emit, handled) => moveNextDue(tx, now, emit, handled), 'auto-move', opts)
}

async function moveNextDue(tx: Tx, now: Date, emit: (e: DomainEvent) => void, handled: number[]): Promise<number | false> {
  const [due] = await tx<{ id: number; sendIdQueue: number }[]>`
    select t.id, w.send_id_queue
      from tickets t join whatsapps w on w.id = t.whatsapp_id join companies c on c.id = t.company_id
     where t.status = 'pending' and t.queue_id is null and t.user_id is null and not t.is_group
       and w.time_send_queue > 0 and w.send_id_queue is not null and t.id <> all(${handled}::int[])
       and ${lastPersonMessageAt(tx)}
           <= ${now}::timestamptz - make_interval(mins => w.time_send_queue)
       and ${automationRuns(tx, now)}
     order by t.id limit 1
       for update of t skip locked`
  if (!due) return false
  const claimed = await claimTicket(tx, due.id, now, emit, handled)
  if (!claimed) return 0
  const { ctx, state } = claimed
  const queue = await loadQueue(tx, due.sendIdQueue)
  if (!queue) return 0
  // The log tells the waited-too-long move from a contact's own choice (spec part 1 §3: redirect).
  await logTicket(ctx, state, 'redirect', { queueId: queue.id })
  await enterQueue(ctx, state, queue)
  emitTicketUpdate(ctx, state)
  return 1
}
