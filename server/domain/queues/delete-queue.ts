import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

/**
 * DELETE /queue/{id} (spec part 2 §7). The database does the rest: the queue's chatbot options go with
 * it, its tickets, contacts and schedules keep existing without a queue (queue_id set null), and users
 * and connections simply stop listing it.
 */
export async function deleteQueue(ctx: DomainCtx, id: number): Promise<void> {
  const [row] = await ctx.tx<{ companyId: number }[]>`delete from queues where id = ${id} returning company_id`
  if (!row) throw new AppError('ERR_NOT_FOUND', 'Queue not found')
  ctx.emit({ type: 'queue', companyId: row.companyId, payload: { action: 'delete', queueId: id } })
}
