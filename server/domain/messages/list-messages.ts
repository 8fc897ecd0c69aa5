import type { DomainCtx } from '../context.ts'
import { pageOf, splitPage } from '../paging.ts'
import { can } from '../permissions.ts'
import { loadVisibleTicket, messageViewSql, normalize, type MessageTicket, type MessageView } from './message-view.ts'

/** Messages per page of the chat (anchor §10: 20 in the spec family). */
export const MESSAGES_PAGE_SIZE = 20

export interface MessagePage {
  messages: MessageView[]
  ticket: { id: number; status: string; contactId: number; whatsappId: number | null }
  count: number
  hasMore: boolean
}

/**
 * GET /messages/{ticketId} (spec part 1 §7): a page of the chat, newest page first, oldest-first within
 * the page as the chat renders it. The history merges the contact's earlier tickets on the same
 * connection (anchor §9.12); without 'tickets:history' (admin or allHistoric) an earlier ticket counts
 * only when it was the actor's or sat in one of the actor's queues (docs/decisions.md "Messages").
 * Reads go through tickets_contact_idx and messages_ticket_idx. Reactions are not messages of the page:
 * each message carries them folded (`reactions`, message-view.ts). The first page, read by the ticket's
 * owner, zeroes its unread count.
 */
export async function listMessages(ctx: DomainCtx, ticketId: number, pageNumber: number): Promise<MessagePage> {
  const { tx, auth } = ctx
  const ticket = await loadVisibleTicket(tx, auth, ticketId)
  const ticketIds = await historyTicketIds(ctx, ticket)
  const page = pageOf(pageNumber, MESSAGES_PAGE_SIZE)
  const rows = await tx<MessageView[]>`
    ${messageViewSql(tx)}
     where m.ticket_id = any(${ticketIds}::int[]) and m.media_type <> 'reactionMessage'
     order by m.created_at desc, m.id desc
     limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`
    select count(*)::int as count from messages m
     where m.ticket_id = any(${ticketIds}::int[]) and m.media_type <> 'reactionMessage'`
  const { records, hasMore } = splitPage(rows, page)
  // The owner opening the chat has read it (the anchor's SetTicketMessagesAsRead); someone else looking
  // in (an admin, a colleague) leaves the owner's unread count alone.
  if (pageNumber === 1) {
    await tx`update tickets set unread_messages = 0
              where id = ${ticket.id} and user_id = ${auth.user.id} and unread_messages > 0`
  }
  return {
    messages: records.map(normalize).reverse(),
    ticket: { id: ticket.id, status: ticket.status, contactId: ticket.contactId, whatsappId: ticket.whatsappId },
    count,
    hasMore,
  }
}

/** The ticket itself plus the earlier tickets of its contact on its connection that the actor may read. */
async function historyTicketIds(ctx: DomainCtx, ticket: MessageTicket): Promise<number[]> {
  if (ticket.whatsappId === null) return [ticket.id]
  const { tx, auth } = ctx
  const all = can(auth, 'tickets:history')
  const rows = await tx<{ id: number }[]>`
    select id from tickets
     where contact_id = ${ticket.contactId} and whatsapp_id = ${ticket.whatsappId} and id < ${ticket.id}
       and (${all}::boolean or user_id = ${auth.user.id} or queue_id = any(${auth.user.queueIds}::int[]))`
  return [ticket.id, ...rows.map((r) => r.id)]
}
