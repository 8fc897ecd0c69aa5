import type { Tx } from '../../db/connect.ts'
import type { ChannelKind } from '../../../workers/channels/types.ts'

export interface TicketRow {
  id: number
  uuid: string
  status: string
  userId: number | null
  queueId: number | null
  contactId: number
  whatsappId: number
  isGroup: boolean
  unreadMessages: number
}


export interface FindOrCreateInput {
  companyId: number
  whatsappId: number
  channel: ChannelKind
  contactId: number
  isGroup: boolean
  /** Status of a new ticket: pending, or group for group chats kept out of the queues. */
  newStatus: 'pending' | 'group'
  /** whatsapps.time_create_new_ticket: a ticket closed less than this many minutes ago (closed_at) is reopened. */
  reopenMinutes: number
  /** Reactions, edits and calls attach to a ticket but never create one. */
  create: boolean
  now: Date
}

export interface FoundTicket {
  ticket: TicketRow
  created: boolean
  reopened: boolean
}

/**
 * The live ticket of (contact, connection), reopened or created as the connection's rules say (anchor
 * §3.3), by app_find_or_create_ticket (migration 0008): a transaction-scoped advisory lock on the pair
 * serialises concurrent deliveries from one contact across processes (unlike MF's per-call mutex), and
 * the partial unique index on live tickets stays as the last line.
 */
export async function findOrCreateTicket(tx: Tx, input: FindOrCreateInput): Promise<FoundTicket | null> {
  const [row] = await tx<({ created: boolean; reopened: boolean } & Record<string, unknown>)[]>`
    select (f.ticket).id, (f.ticket).uuid, (f.ticket).status, (f.ticket).user_id, (f.ticket).queue_id,
           (f.ticket).contact_id, (f.ticket).whatsapp_id, (f.ticket).is_group, (f.ticket).unread_messages,
           f.created, f.reopened
      from app_find_or_create_ticket(${input.companyId}, ${input.whatsappId}, ${input.channel}, ${input.contactId},
             ${input.isGroup}, ${input.newStatus}, ${input.reopenMinutes}, ${input.create}, ${input.now}) f`
  if (!row || row.id === null) return null
  const { created, reopened, ...ticket } = row
  return { ticket: ticket as unknown as TicketRow, created, reopened }
}
