import type { Tx } from '../../../db/connect.ts'
import type { Db } from '../../../db/tenant.ts'
import type { DomainEvent } from '../../context.ts'
import { automationRuns } from '../../companies/company-standing.ts'
import { finishRating } from '../nps-reply.ts'
import { emitTicketUpdate } from '../routing-effects.ts'
import { claimTicket, type SweepOptions, sweepRows } from './sweep-loop.ts'

/**
 * Unanswered ratings (spec part 2 connection expiresTicketNPS; anchor §3.7 MF): a ticket in nps whose
 * rating was asked expiresTicketNPS minutes ago (its latest 'nps' log) closes with the farewell the
 * rating held back, without a rating. 0 minutes: the ticket waits for the answer or an attendant.
 */
export function sweepExpiredRatings(db: Db, now: Date, opts: SweepOptions = {}): Promise<number> {
  return sweepRows(db, (tx, emit, handled) => expireNextRating(tx, now, emit, handled), 'expire-nps', opts)
}

async function expireNextRating(tx: Tx, now: Date, emit: (e: DomainEvent) => void, handled: number[]): Promise<number | false> {
  const [due] = await tx<{ id: number }[]>`
    select t.id from tickets t join whatsapps w on w.id = t.whatsapp_id join companies c on c.id = t.company_id
     where t.status = 'nps' and w.expires_ticket_nps > 0 and t.id <> all(${handled}::int[])
       and coalesce((select max(l.created_at) from ticket_logs l where l.ticket_id = t.id and l.type = 'nps'), t.updated_at)
           <= ${now}::timestamptz - make_interval(mins => w.expires_ticket_nps)
       and ${automationRuns(tx, now)}
     order by t.id limit 1
       for update of t skip locked`
  if (!due) return false
  const claimed = await claimTicket(tx, due.id, now, emit, handled)
  if (!claimed) return 0
  const { ctx, state } = claimed
  await finishRating(ctx, state)
  emitTicketUpdate(ctx, state)
  return 1
}
