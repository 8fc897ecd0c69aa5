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

const COLUMNS = 'id, uuid, status, user_id, queue_id, contact_id, whatsapp_id, is_group, unread_messages'
const LIVE = ['open', 'pending', 'group', 'lgpd', 'nps']

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
 * §3.3). A transaction-scoped advisory lock on the pair serialises concurrent deliveries from one
 * contact across processes (unlike MF's per-call mutex), and the partial unique index on live tickets
 * stays as the last line: 50 simultaneous first messages make exactly one ticket.
 */
export async function findOrCreateTicket(tx: Tx, input: FindOrCreateInput): Promise<FoundTicket | null> {
  await tx`select pg_advisory_xact_lock(${input.contactId}, ${input.whatsappId})`
  const [live] = await tx<TicketRow[]>`
    select ${tx.unsafe(COLUMNS)} from tickets
     where contact_id = ${input.contactId} and whatsapp_id = ${input.whatsappId} and status in ${tx(LIVE)}
     order by id desc limit 1`
  if (live) return { ticket: live, created: false, reopened: false }

  if (input.reopenMinutes > 0) {
    const since = new Date(input.now.getTime() - input.reopenMinutes * 60_000)
    const [reopened] = await tx<TicketRow[]>`
      update tickets set status = ${input.newStatus}, user_id = null, closed_at = null
       where id = (select id from tickets
                    where contact_id = ${input.contactId} and whatsapp_id = ${input.whatsappId}
                      and status = 'closed' and closed_at >= ${since}
                    order by closed_at desc limit 1)
      returning ${tx.unsafe(COLUMNS)}`
    if (reopened) return { ticket: reopened, created: false, reopened: true }
  }
  if (!input.create) return null

  const [created] = await tx<TicketRow[]>`
    insert into tickets ${tx({
      companyId: input.companyId,
      contactId: input.contactId,
      whatsappId: input.whatsappId,
      channel: input.channel,
      status: input.newStatus,
      isGroup: input.isGroup,
    })}
    returning ${tx.unsafe(COLUMNS)}`
  return { ticket: created, created: true, reopened: false }
}
