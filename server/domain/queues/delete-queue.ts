import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { writeTicketLog } from '../tickets/ticket-logs.ts'
import { emitTicket, findTicketView } from '../tickets/ticket-view.ts'

/** Tickets someone still works or waits on: they must never lose their queue (issue 15 item 7). */
const LIVE = ['open', 'pending', 'group', 'nps', 'lgpd']

/**
 * DELETE /queue/{id} (spec part 2 §7). A queue that holds live tickets is refused (409
 * ERR_QUEUE_HAS_TICKETS with their count) unless `moveTo` names another queue of the company: those
 * tickets move there first (log 'queue' by the admin), so no conversation ends up queue-less, where
 * attendants without allTicket cannot see it. Then the database does the rest: the chatbot options go
 * with the queue; closed tickets, contacts and schedules keep existing without it (queue_id set null).
 */
export async function deleteQueue(ctx: DomainCtx, id: number, moveTo?: number): Promise<void> {
  const { tx } = ctx
  const [queue] = await tx<{ companyId: number }[]>`select company_id from queues where id = ${id} for update`
  if (!queue) throw new AppError('ERR_NOT_FOUND', 'Queue not found')
  const live = await tx<{ id: number }[]>`select id from tickets where queue_id = ${id} and status in ${tx(LIVE)} order by id for update`
  if (live.length && moveTo === undefined) {
    throw new AppError('ERR_QUEUE_HAS_TICKETS', `${live.length} live tickets are in this queue`, { count: live.length })
  }
  if (moveTo !== undefined) {
    if (moveTo === id) throw new AppError('ERR_QUEUE_HAS_TICKETS', 'Move the tickets to another queue', { count: live.length })
    const [target] = await tx`select id from queues where id = ${moveTo}`
    if (!target) throw new AppError('ERR_NOT_FOUND', 'Queue to move the tickets to not found')
    for (const t of live) {
      await tx`update tickets set queue_id = ${moveTo} where id = ${t.id}`
      await writeTicketLog(ctx, t.id, 'queue', { queueId: moveTo })
      const view = await findTicketView(tx, { id: t.id })
      if (view) emitTicket(ctx, 'update', view)
    }
  }
  await tx`delete from queues where id = ${id}`
  ctx.emit({ type: 'queue', companyId: queue.companyId, payload: { action: 'delete', queueId: id } })
}
