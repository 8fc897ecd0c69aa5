import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/** The statuses that make a ticket live: one live ticket per contact and connection (anchor §9.4). */
export const LIVE_STATUSES = ['open', 'pending', 'group', 'lgpd', 'nps'] as const
export const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status)

/** What the client's "ticket already open" notice shows (spec part 1 §8 "Ticket creation conflict"). */
export interface OtherTicketDetails {
  userId: number | null
  userName: string | null
  queueName: string | null
  uuid: string
  status: string
}

/**
 * Takes the (contact, connection) advisory lock that app_find_or_create_ticket (migration 0008) takes,
 * so a reopen or transfer and an inbound delivery of the same pair run one after the other.
 */
export async function lockContactConnection(tx: Tx, contactId: number, whatsappId: number): Promise<void> {
  await tx`select pg_advisory_xact_lock(${contactId}::integer, ${whatsappId}::integer)`
}

/** The live ticket of the pair other than exceptId, with what the conflict answer shows. */
export async function findOtherLiveTicket(
  tx: Tx,
  contactId: number,
  whatsappId: number,
  exceptId: number | null,
): Promise<OtherTicketDetails | undefined> {
  const [row] = await tx<OtherTicketDetails[]>`
    select t.user_id, u.name as user_name, q.name as queue_name, t.uuid::text as uuid, t.status
      from tickets t
      left join users u on u.id = t.user_id
      left join queues q on q.id = t.queue_id
     where t.contact_id = ${contactId} and t.whatsapp_id = ${whatsappId}
       and t.status in ${tx(LIVE_STATUSES as unknown as string[])}
       and t.id <> ${exceptId ?? 0}
     order by t.id desc limit 1`
  return row
}

/** 409 ERR_OTHER_OPEN_TICKET; the message is the JSON of the details, as the spec's client parses it. */
export function otherOpenTicketError(other: OtherTicketDetails): AppError {
  const details = { userId: other.userId, userName: other.userName, queueName: other.queueName, uuid: other.uuid, status: other.status }
  return new AppError('ERR_OTHER_OPEN_TICKET', JSON.stringify(details), details)
}

/** Refuses a change that would give the pair a second live ticket (reopen, transfer of a closed ticket). */
export async function assertNoOtherLiveTicket(tx: Tx, contactId: number, whatsappId: number | null, ticketId: number): Promise<void> {
  if (whatsappId === null) return
  await lockContactConnection(tx, contactId, whatsappId)
  const other = await findOtherLiveTicket(tx, contactId, whatsappId, ticketId)
  if (other) throw otherOpenTicketError(other)
}
