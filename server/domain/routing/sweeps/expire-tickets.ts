import type { Tx } from '../../../db/connect.ts'
import type { Db } from '../../../db/tenant.ts'
import type { DomainEvent } from '../../context.ts'
import { automationRuns } from '../../companies/company-standing.ts'
import { changeTicket, emitTicketUpdate, logTicket, sendSystemMessage } from '../routing-effects.ts'
import { claimTicket, lastPersonMessageAt, type SweepOptions, sweepRows } from './sweep-loop.ts'

/**
 * Ticket expiry (spec part 2, connection expiresTicket/whenExpiresTicket/expiresInactiveMessage; anchor
 * §3.7 MF `ClosedAllOpenTickets`): a live ticket (pending or open, not a group, not imported) silent for
 * expiresTicket minutes since the last message of a person is closed, expiresInactiveMessage sent first
 * when set, and logged 'closed'. When the ticket gets the inactivity warning (no user, inactiveMessage
 * set) the expiry counts after it: timeInactiveMessage is added, and the warning must have gone out
 * (MF). With whenExpiresTicket 1 only tickets whose last message was ours (tickets.from_me) close.
 */
export function sweepExpiredTickets(db: Db, now: Date, opts: SweepOptions = {}): Promise<number> {
  return sweepRows(db, (tx, emit, handled) => expireNextDue(tx, now, emit, handled), 'expire-tickets', opts)
}

async function expireNextDue(tx: Tx, now: Date, emit: (e: DomainEvent) => void, handled: number[]): Promise<number | false> {
  const [due] = await tx<{ id: number; expiresInactiveMessage: string }[]>`
    select t.id, w.expires_inactive_message
      from tickets t join whatsapps w on w.id = t.whatsapp_id join companies c on c.id = t.company_id
           cross join lateral (select t.user_id is null and w.time_inactive_message > 0 and w.inactive_message <> '' as warned) x
     where t.status in ('pending', 'open') and not t.is_group and t.imported is null and w.expires_ticket > 0
       and (w.when_expires_ticket = 0 or t.from_me) and (not x.warned or t.send_inactive_message)
       and t.id <> all(${handled}::int[])
       and ${lastPersonMessageAt(tx)}
           <= ${now}::timestamptz - make_interval(mins => w.expires_ticket + case when x.warned then w.time_inactive_message else 0 end)
       and ${automationRuns(tx, now)}
     order by t.id limit 1
       for update of t skip locked`
  if (!due) return false
  const claimed = await claimTicket(tx, due.id, now, emit, handled)
  if (!claimed) return 0
  const { ctx, state } = claimed
  await sendSystemMessage(ctx, state, due.expiresInactiveMessage)
  await changeTicket(ctx, state, { status: 'closed', isBot: false, closedAt: now, amountUsedBotQueues: 0 })
  await tx`update tickets set unread_messages = 0 where id = ${due.id}`
  await logTicket(ctx, state, 'closed', { userId: state.userId })
  emitTicketUpdate(ctx, state)
  return 1
}
