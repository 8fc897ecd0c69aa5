import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import { canSeeTicket, type TicketAccessFields } from '../ticket-visibility.ts'

/** A message as the chat renders it (spec part 1 §3 Message), with its quote and sender names. */
export interface MessageView {
  id: number
  wid: string | null
  clientId: string | null
  body: string
  fromMe: boolean
  mediaType: string
  mediaUrl: string | null
  mediaName: string | null
  ack: number
  isDeleted: boolean
  isEdited: boolean
  isForwarded: boolean
  isPrivate: boolean
  sendError: string | null
  ticketId: number
  queueId: number | null
  userId: number | null
  contactId: number | null
  participant: string | null
  vCard: string | null
  quotedMsgId: number | null
  createdAt: Date
  updatedAt: Date
  contact: { id: number; name: string } | null
  user: { id: number; name: string } | null
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: string; mediaUrl: string | null; isDeleted: boolean; contactName: string | null } | null
  /** The current reaction of each reactor (reactionSql); reaction rows themselves stay out of the chat. */
  reactions: MessageReaction[]
}

/** One reactor's current reaction: ours (fromMe, one per connection, the last attendant's) or a contact's. */
export interface MessageReaction {
  emoji: string
  fromMe: boolean
  contactId: number | null
  userId: number | null
}

/** The ticket fields the message calls need: visibility, history merge, sending. */
export interface MessageTicket extends TicketAccessFields {
  id: number
  status: string
  contactId: number
  whatsappId: number | null
  channel: string
  lastMessage: string
  fromMe: boolean
}

/** The message columns and joins of MessageView; callers add where/order/limit. */
export function messageViewSql(tx: Tx) {
  return tx`
    select m.id, m.wid, m.client_id::text as client_id, m.body, m.from_me, m.media_type, m.media_url, m.media_name,
           m.ack, m.is_deleted, m.is_edited, m.is_forwarded, m.is_private, m.send_error, m.ticket_id, m.queue_id,
           m.user_id, m.contact_id, m.participant, m.v_card, m.quoted_msg_id, m.created_at, m.updated_at,
           case when c.id is null then null else jsonb_build_object('id', c.id, 'name', c.name) end as contact,
           case when u.id is null then null else jsonb_build_object('id', u.id, 'name', u.name) end as "user",
           case when q.id is null then null else jsonb_build_object(
             'id', q.id, 'body', q.body, 'fromMe', q.from_me, 'mediaType', q.media_type, 'mediaUrl', q.media_url,
             'isDeleted', q.is_deleted, 'contactName', qc.name) end as quoted_msg,
           ${reactionsSql(tx)} as reactions
      from messages m
      left join contacts c on c.id = m.contact_id
      left join users u on u.id = m.user_id
      left join messages q on q.id = m.quoted_msg_id
      left join contacts qc on qc.id = q.contact_id`
}

/**
 * The reactions aimed at m, folded the way WhatsApp shows them: a reactor has one reaction, the latest
 * reactionMessage row of theirs wins, and an empty one (a removal) leaves nothing. Reactors are "us"
 * (every fromMe row: one account on the channel) and each reacting contact. Uses messages_quoted_idx.
 */
function reactionsSql(tx: Tx) {
  return tx`coalesce((
    select jsonb_agg(jsonb_build_object('emoji', r.body, 'fromMe', r.from_me,
                                        'contactId', case when r.from_me then null else r.contact_id end, 'userId', r.user_id)
                     order by r.created_at, r.id)
      from (select distinct on (x.from_me, case when x.from_me then null else x.contact_id end)
                   x.body, x.from_me, x.contact_id, x.user_id, x.created_at, x.id
              from messages x
             where x.quoted_msg_id = m.id and x.media_type = 'reactionMessage'
             order by x.from_me, case when x.from_me then null else x.contact_id end, x.created_at desc, x.id desc) r
     where r.body <> ''), '[]'::jsonb)`
}

/** The views of the given messages, in the order of ids. */
export async function messageViews(tx: Tx, ids: number[]): Promise<MessageView[]> {
  if (ids.length === 0) return []
  const rows = await tx<MessageView[]>`${messageViewSql(tx)} where m.id = any(${ids}::bigint[])`
  const byId = new Map(rows.map((r) => [Number(r.id), normalize(r)]))
  return ids.map((id) => byId.get(Number(id))).filter((r): r is MessageView => r !== undefined)
}

/** bigint ids come back as strings from some drivers; the API speaks numbers. */
export function normalize(row: MessageView): MessageView {
  return { ...row, id: Number(row.id), quotedMsgId: row.quotedMsgId === null ? null : Number(row.quotedMsgId) }
}

/** Loads a ticket the actor may see; any other (missing, other company, not visible) is ERR_NO_TICKET_FOUND. */
export async function loadVisibleTicket(tx: Tx, auth: AuthContext, ticketId: number): Promise<MessageTicket> {
  const ticket = await findVisibleTicket(tx, auth, ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND')
  return ticket
}

/** The ticket when the actor may see it, else null. */
export async function findVisibleTicket(tx: Tx, auth: AuthContext, ticketId: number): Promise<MessageTicket | null> {
  const [ticket] = await tx<MessageTicket[]>`${ticketSql(tx)} where id = ${ticketId}`
  return ticket && canSeeTicket(auth, ticket) ? ticket : null
}

const ticketSql = (tx: Tx) => tx`
  select id, status, contact_id, whatsapp_id, user_id, queue_id, is_group, channel, last_message, from_me from tickets`

/** The ticket fields appMessage events carry, so the hub routes them by visibility. */
export const eventTicket = (t: MessageTicket) => ({ id: t.id, userId: t.userId, queueId: t.queueId, isGroup: t.isGroup })
