import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { can } from '../permissions.ts'
import { findVisibleTicket, type MessageTicket } from './message-view.ts'

export interface OwnMessage {
  id: number
  wid: string | null
  body: string
  fromMe: boolean
  userId: number | null
  isDeleted: boolean
  isPrivate: boolean
  mediaType: string
  createdAt: Date
  ticketId: number
  whatsappId: number | null
  contactId: number | null
}

/**
 * A message the actor may edit or delete (spec part 1 §4: "own messages"): one of ours (fromMe) that the
 * actor wrote, or any of ours for an admin (docs/decisions.md "Messages"). A message of a ticket the
 * actor cannot see is not found; a customer's or a colleague's message is refused.
 * The row is locked, so two edits or an edit and a delete apply one after the other.
 */
export async function loadOwnMessage(ctx: DomainCtx, messageId: number): Promise<{ message: OwnMessage; ticket: MessageTicket }> {
  const { tx, auth } = ctx
  const [message] = await tx<OwnMessage[]>`
    select id, wid, body, from_me, user_id, is_deleted, is_private, media_type, created_at, ticket_id, whatsapp_id,
           contact_id
      from messages where id = ${messageId} for update`
  const ticket = message ? await findVisibleTicket(tx, auth, message.ticketId) : null
  if (!message || !ticket) throw new AppError('ERR_NOT_FOUND', 'Message not found')
  if (!message.fromMe || (message.userId !== auth.user.id && !can(auth, 'admin'))) {
    throw new AppError('ERR_NO_PERMISSION', 'Only the author (or an admin) may change a message of ours')
  }
  return { message: { ...message, id: Number(message.id) }, ticket }
}
