import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { queueTicketMessage } from './ticket-message.ts'
import { writeTicketLog } from './ticket-logs.ts'
import { assertQueueExists, assertUserExists } from './ticket-references.ts'
import { heldStatus, type TicketChange } from './ticket-rules.ts'
import type { TicketRecord } from './ticket-view.ts'

interface TransferSettings {
  sendMsgTransfTicket: string
  transferMessage: string
  closeTicketOnTransfer: boolean
}

async function transferSettings(tx: Tx): Promise<TransferSettings> {
  const [row] = await tx<TransferSettings[]>`select send_msg_transf_ticket, transfer_message, close_ticket_on_transfer from company_settings`
  return row ?? { sendMsgTransfTicket: 'disabled', transferMessage: '', closeTicketOnTransfer: false }
}

/**
 * Transfer (any live status → open, or group for group tickets, when a user is chosen; pending when
 * none), spec part 1 §4: sets the queue and the transfer flag. A transfer needs a queue (§5 "Transfer
 * needs a queue selected"): the given one, else the ticket's. The note msgTransfer is stored as a
 * private message. Logs 'transfered' for the actor and 'receivedTransfer' for the receiving user.
 * Company settings (anchor §3.6 MF): closeTicketOnTransfer closes this ticket and continues in a new one;
 * sendMsgTransfTicket tells the contact, with transferMessage, when the queue changes.
 * Returns the id of the ticket that goes on (this one, or the new one).
 */
export async function transferTicket(ctx: DomainCtx, ticket: TicketRecord, change: TicketChange & { msgTransfer?: string }): Promise<number> {
  const { tx } = ctx
  const queueId = change.queueId === undefined ? ticket.queueId : change.queueId
  if (queueId === null) {
    throw new AppError('ERR_VALIDATION', 'queueId: Selecione uma fila', { fields: [{ field: 'queueId', message: 'Selecione uma fila' }] })
  }
  if (queueId !== ticket.queueId) await assertQueueExists(tx, queueId)
  const userId = change.status === 'pending' ? null : (change.userId === undefined ? ticket.userId : change.userId)
  await assertUserExists(tx, userId)
  const status = userId === null ? 'pending' : heldStatus(ticket.isGroup)
  const settings = await transferSettings(tx)
  const targetId = settings.closeTicketOnTransfer ? await continueInNewTicket(ctx, ticket) : ticket.id
  await tx`update tickets set status = ${status}, user_id = ${userId}, queue_id = ${queueId}, is_transfered = true,
                              accepted_at = case when ${userId !== null} then coalesce(accepted_at, ${ctx.now()}) else accepted_at end
            where id = ${targetId}`
  await writeTicketLog(ctx, targetId, 'transfered', { queueId })
  if (userId !== null && userId !== ctx.auth.user.id) await writeTicketLog(ctx, targetId, 'receivedTransfer', { userId, queueId })
  const target = { ...ticket, id: targetId }
  if (queueId !== ticket.queueId && settings.sendMsgTransfTicket === 'enabled') {
    await sendTransferMessage(ctx, target, settings.transferMessage, queueId, userId)
  }
  const note = change.msgTransfer?.trim()
  if (note) await queueTicketMessage(ctx, target, note, { userId: ctx.auth.user.id, isPrivate: true })
  return targetId
}

/** closeTicketOnTransfer: this ticket closes (logged) and a new one of the same contact and connection takes over. */
async function continueInNewTicket(ctx: DomainCtx, ticket: TicketRecord): Promise<number> {
  await ctx.tx`update tickets set status = 'closed', closed_at = ${ctx.now()}, unread_messages = 0 where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'closed', { queueId: ticket.queueId })
  const [row] = await ctx.tx<{ id: number }[]>`
    insert into tickets ${ctx.tx({
      companyId: ticket.companyId,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      channel: ticket.channel,
      isGroup: ticket.isGroup,
      status: 'pending',
      createdAt: ctx.now(),
    })} returning id`
  await writeTicketLog(ctx, row.id, 'create', { queueId: ticket.queueId })
  return row.id
}

/** The transfer message to the contact: {{name}} the contact, {{queue}} the new queue, {{user}} the new attendant. */
async function sendTransferMessage(ctx: DomainCtx, ticket: TicketRecord, template: string, queueId: number, userId: number | null): Promise<void> {
  if (ticket.isGroup) return
  const [names] = await ctx.tx<{ queue: string; user: string }[]>`
    select coalesce((select name from queues where id = ${queueId}), '') as queue,
           coalesce((select name from users where id = ${userId}), '') as "user"`
  await queueTicketMessage(ctx, ticket, template, { userId: ctx.auth.user.id, isSystem: true, vars: names })
}
