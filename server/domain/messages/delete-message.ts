import { CHANNELS_WITHOUT_MESSAGE_CHANGES } from '../../routes/messages.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { enqueueMessageAction } from '../outbound/enqueue-send.ts'
import type { MediaStore } from '../../media/media-store.ts'
import { eraseIfLgpd, removeErasedMedia } from './lgpd-erase.ts'
import { eventTicket, messageViews, type MessageView } from './message-view.ts'
import { loadOwnMessage } from './own-message.ts'

/**
 * DELETE /messages/{id} (spec part 1 §4, §7): deletes one of our messages for everyone. The row stays,
 * marked deleted (the chat shows the marker), and a 'delete' send aimed at its channel id is queued.
 * A private note is only marked. With lgpdDeleteMessage the content is erased too (lgpd-erase.ts).
 */
export async function deleteMessage(ctx: DomainCtx, messageId: number, media?: MediaStore): Promise<MessageView> {
  const { tx, auth } = ctx
  const { message, ticket } = await loadOwnMessage(ctx, messageId)
  if (message.isDeleted) throw new AppError('ERR_DELETE_WAPP_MSG', 'The message is already deleted')
  if (!message.isPrivate && CHANNELS_WITHOUT_MESSAGE_CHANGES.includes(ticket.channel)) {
    throw new AppError('ERR_DELETE_WAPP_MSG', `The ${ticket.channel} channel cannot delete sent messages`)
  }
  const whatsappId = message.whatsappId ?? ticket.whatsappId
  if (!message.isPrivate && (!message.wid || whatsappId === null)) {
    throw new AppError('ERR_DELETE_WAPP_MSG', 'The message has not reached the channel yet')
  }
  await tx`update messages set is_deleted = true where id = ${message.id}`
  const files = await eraseIfLgpd(tx, auth.company.id, [message.id])
  if (media) await removeErasedMedia(media, auth.company.id, files)
  if (!message.isPrivate && message.wid && whatsappId !== null) {
    await enqueueMessageAction(tx, { companyId: auth.company.id, whatsappId, messageId: message.id, kind: 'delete', now: ctx.now() })
  }
  const [view] = await messageViews(tx, [message.id])
  ctx.emit({ type: 'appMessage', companyId: auth.company.id, payload: { action: 'update', message: view, ticket: eventTicket(ticket) } })
  return view
}
