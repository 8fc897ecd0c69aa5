import type { DomainCtx } from '../context.ts'
import { writeTicketLog } from './ticket-logs.ts'
import type { TicketRecord } from './ticket-view.ts'

/** Return to queue (open → pending), spec part 1 §4: the owner is removed, the queue stays. */
export async function returnTicketToQueue(ctx: DomainCtx, ticket: TicketRecord): Promise<void> {
  await ctx.tx`update tickets set status = 'pending', user_id = null where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'pending', { queueId: ticket.queueId })
}
