import { CHANNELS_WITHOUT_MESSAGE_CHANGES, type EditMessageInput } from '../../routes/messages.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { enqueueMessageAction } from '../outbound/enqueue-send.ts'
import { eventTicket, messageViews, type MessageView } from './message-view.ts'
import { loadOwnMessage } from './own-message.ts'

/** Spec part 1 §4 and §9: own messages are editable for 15 minutes (900000 ms). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000

/** Kinds WhatsApp cannot edit (text and media captions can be edited). */
const NOT_EDITABLE = ['audio', 'sticker', 'contactMessage', 'locationMessage', 'reactionMessage', 'call_log']

/**
 * POST /messages/edit/{messageId} (spec part 1 §7): changes the text of one of our messages within the
 * edit window, marks it edited and queues an 'edit' send aimed at its channel id. A private note is
 * edited in place and nothing is queued.
 */
export async function editMessage(ctx: DomainCtx, messageId: number, input: EditMessageInput): Promise<MessageView> {
  const { tx, auth } = ctx
  const { message, ticket } = await loadOwnMessage(ctx, messageId)
  const refuse = (why: string) => new AppError('ERR_EDITING_WAPP_MSG', why)
  if (message.isDeleted) throw refuse('A deleted message cannot be edited')
  if (!message.isPrivate && CHANNELS_WITHOUT_MESSAGE_CHANGES.includes(ticket.channel)) throw refuse(`The ${ticket.channel} channel cannot edit sent messages`)
  if (NOT_EDITABLE.includes(message.mediaType)) throw refuse(`A ${message.mediaType} message cannot be edited`)
  if (ctx.now().getTime() - new Date(message.createdAt).getTime() > EDIT_WINDOW_MS) {
    throw new AppError('ERR_EDIT_WINDOW_EXPIRED', 'Messages can be edited for 15 minutes', { editWindowMs: EDIT_WINDOW_MS })
  }
  const whatsappId = message.whatsappId ?? ticket.whatsappId
  if (!message.isPrivate && (!message.wid || whatsappId === null)) throw refuse('The message has not reached the channel yet')
  await tx`update messages set body = ${input.body}, is_edited = true where id = ${message.id}`
  if (!message.isPrivate && message.wid && whatsappId !== null) {
    await enqueueMessageAction(tx, { companyId: auth.company.id, whatsappId, messageId: message.id, kind: 'edit', now: ctx.now() })
    // The ticket's preview follows the edit when the edited message is the one it shows.
    await tx`update tickets set last_message = ${input.body.slice(0, 255)}
              where id = ${ticket.id} and last_message = ${message.body.slice(0, 255)}`
  }
  const [view] = await messageViews(tx, [message.id])
  ctx.emit({ type: 'appMessage', companyId: auth.company.id, payload: { action: 'update', message: view, ticket: eventTicket(ticket) } })
  return view
}
