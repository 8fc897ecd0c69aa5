import type { Tx } from '../../../db/connect.ts'
import type { Db } from '../../../db/tenant.ts'
import type { DomainEvent } from '../../context.ts'
import { automationRuns } from '../../companies/company-standing.ts'
import { sendSystemMessage } from '../routing-effects.ts'
import { claimTicket, lastPersonMessageAt, type SweepOptions, sweepRows } from './sweep-loop.ts'

/**
 * Inactivity warning (spec part 2, connection timeInactiveMessage/inactiveMessage; anchor §3.7 MF
 * `ClosedAllOpenTickets`): on a live ticket the bot handles (pending or open, no user, not a group, not
 * imported) whose contact has been silent timeInactiveMessage minutes since the last message of a person,
 * the connection's inactiveMessage goes out once, as a system message, and tickets.send_inactive_message
 * records it. With whenExpiresTicket 1 only tickets whose last message was ours (tickets.from_me) count.
 */
export function sweepInactiveMessages(db: Db, now: Date, opts: SweepOptions = {}): Promise<number> {
  return sweepRows(db, (tx, emit, handled) => warnNextDue(tx, now, emit, handled), 'inactive-message', opts)
}

async function warnNextDue(tx: Tx, now: Date, emit: (e: DomainEvent) => void, handled: number[]): Promise<number | false> {
  const [due] = await tx<{ id: number; inactiveMessage: string }[]>`
    select t.id, w.inactive_message
      from tickets t join whatsapps w on w.id = t.whatsapp_id join companies c on c.id = t.company_id
     where t.status in ('pending', 'open') and t.user_id is null and not t.is_group and t.imported is null
       and not t.send_inactive_message and w.time_inactive_message > 0 and w.inactive_message <> ''
       and (w.when_expires_ticket = 0 or t.from_me) and t.id <> all(${handled}::int[])
       and ${lastPersonMessageAt(tx)}
           <= ${now}::timestamptz - make_interval(mins => w.time_inactive_message)
       and ${automationRuns(tx, now)}
     order by t.id limit 1
       for update of t skip locked`
  if (!due) return false
  const claimed = await claimTicket(tx, due.id, now, emit, handled)
  if (!claimed) return 0
  const { ctx, state } = claimed
  await sendSystemMessage(ctx, state, due.inactiveMessage)
  await tx`update tickets set send_inactive_message = true where id = ${due.id}`
  return 1
}
