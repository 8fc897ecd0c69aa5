import type { ReactMessageInput } from '../../routes/messages.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { enqueueSend } from '../outbound/enqueue-send.ts'
import { eventTicket, findVisibleTicket, messageViews, type MessageTicket, type MessageView } from './message-view.ts'
import { SENDABLE_STATUSES } from './send-message.ts'

/** Kinds nobody reacts to. */
const NOT_REACTABLE = ['reactionMessage', 'call_log']

interface Target {
  id: number
  wid: string | null
  ticketId: number
  fromMe: boolean
  isPrivate: boolean
  isDeleted: boolean
  mediaType: string
}

/**
 * POST /messages/{messageId}/react (ours, not in the spec; docs/decisions.md "Messages"): our reaction to
 * a message of a chat the actor can write in. Stored as inbound reactions are (a reactionMessage row
 * quoting the target, the emoji as body, '' for a removal) and queued as a 'reaction' send aimed at the
 * target's channel id. Setting the reaction we already show is a no-op. Answers the target, whose
 * `reactions` show the change.
 */
export async function reactToMessage(ctx: DomainCtx, messageId: number, input: ReactMessageInput): Promise<MessageView> {
  const { tx, auth } = ctx
  const { target, ticket } = await loadReactable(ctx, messageId)
  const chat = await writableChat(ctx, ticket)
  if ((await ourReaction(ctx, target.id)) !== input.emoji) {
    await enqueueSend(tx, {
      companyId: auth.company.id,
      ticketId: chat.id,
      whatsappId: chat.whatsappId!,
      contactId: chat.contactId,
      channel: chat.channel,
      body: input.emoji,
      mediaType: 'reactionMessage',
      quotedMsgId: target.id,
      userId: auth.user.id,
      kind: 'reaction',
      extra: { target: { externalId: target.wid, fromMe: target.fromMe } },
      now: ctx.now(),
    })
  }
  const [view] = await messageViews(tx, [target.id])
  ctx.emit({ type: 'appMessage', companyId: auth.company.id, payload: { action: 'update', message: view, ticket: eventTicket(ticket) } })
  return view
}

/** A message of a ticket the actor sees (else 404) that reached the channel, neither a note nor deleted. */
async function loadReactable(ctx: DomainCtx, messageId: number): Promise<{ target: Target; ticket: MessageTicket }> {
  const [target] = await ctx.tx<Target[]>`
    select id, wid, ticket_id, from_me, is_private, is_deleted, media_type from messages where id = ${messageId}`
  const ticket = target ? await findVisibleTicket(ctx.tx, ctx.auth, target.ticketId) : null
  if (!target || !ticket) throw new AppError('ERR_NOT_FOUND', 'Message not found')
  const refuse = (why: string) => new AppError('ERR_REACTING_WAPP_MSG', why)
  if (target.isPrivate) throw refuse('A private note takes no reactions')
  if (target.isDeleted) throw refuse('A deleted message takes no reactions')
  if (NOT_REACTABLE.includes(target.mediaType)) throw refuse(`A ${target.mediaType} message takes no reactions`)
  if (!target.wid) throw refuse('The message has not reached the channel yet')
  return { target: { ...target, id: Number(target.id) }, ticket }
}

/**
 * The ticket the reaction goes out on: the target's own when it is open (or a group), else the live
 * open ticket of the same contact and connection (a message of the merged history), which the actor
 * must see too. As for sending, a pending or closed chat is 400 ERR_INVALID_TICKET_STATUS.
 */
async function writableChat(ctx: DomainCtx, ticket: MessageTicket): Promise<MessageTicket> {
  if (ticket.whatsappId === null) throw new AppError('ERR_NO_WAPP_FOUND', "The ticket's connection no longer exists")
  if (SENDABLE_STATUSES.includes(ticket.status)) return ticket
  const [live] = await ctx.tx<{ id: number }[]>`
    select id from tickets
     where contact_id = ${ticket.contactId} and whatsapp_id = ${ticket.whatsappId} and status = any(${SENDABLE_STATUSES}::text[])
     order by id desc limit 1`
  const chat = live ? await findVisibleTicket(ctx.tx, ctx.auth, live.id) : null
  if (!chat) throw new AppError('ERR_INVALID_TICKET_STATUS', `A reaction cannot be sent on a ${ticket.status} ticket`, { status: ticket.status })
  return chat
}

/** The reaction we show on the message now ('' for none): our latest reactionMessage row aimed at it. */
async function ourReaction(ctx: DomainCtx, targetId: number): Promise<string> {
  const [row] = await ctx.tx<{ body: string }[]>`
    select body from messages
     where quoted_msg_id = ${targetId} and media_type = 'reactionMessage' and from_me
     order by created_at desc, id desc limit 1`
  return row?.body ?? ''
}
