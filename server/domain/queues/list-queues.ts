import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { findQueueDetail, selectQueueViews, type QueueDetail, type QueueView } from './queue-view.ts'

/**
 * GET /queue (spec part 2 §7, part 1 §7 "used by forms"): every user of the company lists its queues
 * (ticket filters, transfer and new-ticket dialogs), by orderQueue then name.
 */
export async function listQueues(ctx: DomainCtx): Promise<QueueView[]> {
  return selectQueueViews(ctx.tx)
}

/** GET /queue/{id}: the queue with its hours and chatbot option tree. */
export async function showQueue(ctx: DomainCtx, id: number): Promise<QueueDetail> {
  const queue = await findQueueDetail(ctx.tx, id)
  if (!queue) throw new AppError('ERR_NOT_FOUND', 'Queue not found')
  return queue
}
