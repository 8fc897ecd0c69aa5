import { hidesNumbers, maskContact } from '../contacts/contact-view.ts'
import type { Tx } from '../../db/connect.ts'
import type { DomainCtx } from '../context.ts'

/** A ticket as the chat screen reads it (spec part 1 §3 "Ticket"), with its summaries. */
export interface TicketView {
  id: number
  uuid: string
  status: string
  queueId: number | null
  queue: { id: number; name: string; color: string } | null
  channel: string
  contactId: number
  contact: { id: number; name: string; number: string; urlPicture: string | null }
  whatsappId: number | null
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: string } | null
  userId: number | null
  user: { id: number; name: string; color: string | null } | null
  tags: { id: number; name: string; color: string }[]
  lastMessage: string
  unreadMessages: number
  isGroup: boolean
  isBot: boolean
  isTransfered: boolean
  useIntegration: boolean
  amountUsedBotQueues: number
  userRating: number | null
  code: string | null
  acceptedAt: Date | null
  closedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

/** The ticket row an action works on, read under a row lock so concurrent updates queue up. */
export interface TicketRecord {
  id: number
  uuid: string
  companyId: number
  status: string
  userId: number | null
  queueId: number | null
  contactId: number
  whatsappId: number | null
  channel: string
  isGroup: boolean
}

export async function lockTicket(tx: Tx, ticketId: number): Promise<TicketRecord | undefined> {
  const [row] = await tx<TicketRecord[]>`
    select id, uuid, company_id, status, user_id, queue_id, contact_id, whatsapp_id, channel, is_group
      from tickets where id = ${ticketId} for update`
  return row
}

type By = { id: number } | { uuid: string }

/** One ticket with contact, queue, user, connection and tag summaries; undefined when absent (or another company's). */
export async function findTicketView(tx: Tx, by: By): Promise<TicketView | undefined> {
  const where = 'id' in by ? tx`t.id = ${by.id}` : tx`t.uuid = ${by.uuid}`
  const [row] = await tx<TicketView[]>`
    select t.id, t.uuid::text as uuid, t.status, t.queue_id, t.channel, t.contact_id, t.whatsapp_id, t.user_id,
           t.last_message, t.unread_messages, t.is_group, t.is_bot, t.is_transfered, t.use_integration,
           t.amount_used_bot_queues, t.code, t.accepted_at, t.closed_at, t.created_at, t.updated_at,
           case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end as queue,
           json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'urlPicture', c.url_picture) as contact,
           case when w.id is null then null
                else json_build_object('id', w.id, 'name', w.name, 'channel', w.channel, 'groupAsTicket', w.group_as_ticket) end as whatsapp,
           case when u.id is null then null else json_build_object('id', u.id, 'name', u.name, 'color', u.color) end as "user",
           coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name)
                       from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id), '[]'::json) as tags,
           (select r.rate from user_ratings r where r.ticket_id = t.id order by r.id desc limit 1) as user_rating
      from tickets t
      join contacts c on c.id = t.contact_id
      left join queues q on q.id = t.queue_id
      left join whatsapps w on w.id = t.whatsapp_id
      left join users u on u.id = t.user_id
     where ${where}`
  return row
}

/**
 * The view as this actor may receive it: the contact's number masked for a plain user under
 * lgpdHideNumber (spec part 1 §6), like the list and the synced contacts.
 */
export async function viewForActor(ctx: DomainCtx, view: TicketView): Promise<TicketView> {
  if (!(await hidesNumbers(ctx.tx, ctx.auth))) return view
  return { ...view, contact: maskContact(view.contact, true) }
}

/** Emits the live 'ticket' event with the fields realtime routing needs (server/realtime/route-event.ts). */
export function emitTicket(ctx: DomainCtx, action: 'create' | 'update' | 'delete', ticket: TicketView | TicketRecord): void {
  ctx.emit({
    type: 'ticket',
    companyId: ctx.auth.user.companyId,
    payload: {
      action,
      ticketId: ticket.id,
      // Events reach many users at once, some of whom may not see numbers: the contact travels without it
      // (clients read it from their synced, masked contact rows).
      ticket: action === 'delete' ? eventFields(ticket) : { ...withoutNumber(ticket), ...eventFields(ticket) },
    },
  })
}

function withoutNumber(t: TicketView | TicketRecord) {
  if (!('contact' in t) || !t.contact) return t
  const { number: _hidden, ...contact } = t.contact
  return { ...t, contact }
}

function eventFields(t: TicketView | TicketRecord) {
  return { id: t.id, uuid: t.uuid, status: t.status, userId: t.userId, queueId: t.queueId, isGroup: t.isGroup }
}
