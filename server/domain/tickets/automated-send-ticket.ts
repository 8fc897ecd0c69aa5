import type { Tx } from '../../db/connect.ts'
import type { ChannelKind } from '../../../workers/channels/types.ts'
import { AppError } from '../app-error.ts'
import { findOrCreateTicket, type TicketRow } from './find-or-create-ticket.ts'
import { logTicketCreated } from './ticket-logs.ts'

/** How a schedule or a campaign places the ticket its send creates (openTicket, statusTicket, user, queue). */
export interface AutomatedTicketRule {
  companyId: number
  openTicket: 'enabled' | 'disabled'
  statusTicket: string
  /** The user the ticket is given to (openTicket enabled). */
  ticketUserId: number | null
  queueId: number | null
  /** Who the log names as having created it. */
  actorUserId: number | null
}

/**
 * The contact's live ticket on the connection. A ticket the send creates follows the rule: with openTicket
 * enabled it takes statusTicket, the user and the queue (as the anchor creates it); with openTicket disabled
 * it is closed at once, so the message is recorded without putting a ticket in anyone's queue. An existing
 * live ticket is left as it is: an automated send never closes or moves a conversation someone is working.
 */
export async function ticketForAutomatedSend(tx: Tx, rule: AutomatedTicketRule, connection: { id: number; channel: ChannelKind },
  contact: { id: number; isGroup: boolean }, now: Date): Promise<TicketRow> {
  const found = await findOrCreateTicket(tx, {
    companyId: rule.companyId, whatsappId: connection.id, channel: connection.channel, contactId: contact.id,
    isGroup: contact.isGroup, newStatus: contact.isGroup ? 'group' : 'pending', reopenMinutes: 0, create: true, now,
  })
  if (!found) throw new AppError('ERR_CREATING_TICKET')
  if (!found.created) return found.ticket
  const open = rule.openTicket === 'enabled'
  await logTicketCreated(tx, { companyId: rule.companyId, ticketId: found.ticket.id, userId: rule.actorUserId, queueId: open ? rule.queueId : null, at: now })
  const status = open ? rule.statusTicket : 'closed'
  const [ticket] = await tx<TicketRow[]>`
    update tickets set status = ${status},
           user_id = ${open ? rule.ticketUserId : null}::int, queue_id = ${open ? rule.queueId : null}::int,
           closed_at = ${status === 'closed' ? now : null}::timestamptz,
           accepted_at = ${status === 'open' && open && rule.ticketUserId ? now : null}::timestamptz
     where id = ${found.ticket.id}
    returning id, uuid, status, user_id, queue_id, contact_id, whatsapp_id, is_group, unread_messages`
  return ticket
}
