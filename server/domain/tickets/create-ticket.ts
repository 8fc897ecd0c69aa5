import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { can } from '../permissions.ts'
import { findOrCreateTicket } from './find-or-create-ticket.ts'
import { findOtherLiveTicket, otherOpenTicketError } from './live-ticket.ts'
import { writeTicketLog } from './ticket-logs.ts'
import { assertQueueExists, assertUserExists } from './ticket-references.ts'
import { assertMayUseQueue, heldStatus } from './ticket-rules.ts'
import { emitTicket, findTicketView, type TicketView, viewForActor } from './ticket-view.ts'
import type { ChannelKind } from '../../../workers/channels/types.ts'

export interface CreateTicketInput {
  contactId: number
  queueId: number
  whatsappId: number
  status?: 'open' | 'pending'
  userId?: number | null
}

/**
 * POST /tickets (spec part 1 §4 new ticket dialog, §5, §7): a ticket for a contact on a connection, in a
 * queue. Status open by default, owned by the given user or the actor; pending has no owner. A plain
 * user creates only for themselves and in their own queues. When the pair already has a live ticket,
 * 409 ERR_OTHER_OPEN_TICKET names it (app_find_or_create_ticket's lock and the unique index decide).
 */
export async function createTicket(ctx: DomainCtx, input: CreateTicketInput): Promise<TicketView> {
  const { tx, auth } = ctx
  const status = input.status ?? 'open'
  const userId = status === 'pending' ? null : (input.userId ?? auth.user.id)
  if (userId !== auth.user.id && userId !== null && !can(auth, 'admin')) {
    throw new AppError('ERR_NO_PERMISSION', 'Only admins open tickets for another user')
  }
  assertMayUseQueue(auth, input.queueId)
  await assertQueueExists(tx, input.queueId)
  await assertUserExists(tx, userId)
  const [contact] = await tx<{ isGroup: boolean }[]>`select is_group from contacts where id = ${input.contactId}`
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
  const [conn] = await tx<{ channel: ChannelKind }[]>`select channel from whatsapps where id = ${input.whatsappId}`
  if (!conn) throw new AppError('ERR_NO_WAPP_FOUND')

  const found = await findOrCreateTicket(tx, {
    companyId: auth.user.companyId,
    whatsappId: input.whatsappId,
    channel: conn.channel,
    contactId: input.contactId,
    isGroup: contact.isGroup,
    newStatus: 'pending',
    reopenMinutes: 0,
    create: true,
    now: ctx.now(),
  })
  if (!found) throw new AppError('ERR_CREATING_TICKET')
  if (!found.created) throw otherOpenTicketError((await findOtherLiveTicket(tx, input.contactId, input.whatsappId, null))!)

  const id = found.ticket.id
  const finalStatus = userId === null ? 'pending' : heldStatus(contact.isGroup)
  await tx`update tickets set status = ${finalStatus}, user_id = ${userId}, queue_id = ${input.queueId},
                              accepted_at = ${userId === null ? null : ctx.now()}, created_at = ${ctx.now()}
            where id = ${id}`
  await writeTicketLog(ctx, id, 'create', { queueId: input.queueId })
  if (userId !== null) await writeTicketLog(ctx, id, 'open', { userId, queueId: input.queueId })
  const view = (await findTicketView(tx, { id }))!
  emitTicket(ctx, 'create', view)
  return viewForActor(ctx, view)
}
