import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { askRating } from './ask-rating.ts'
import { queueTicketMessage } from './ticket-message.ts'
import { writeTicketLog } from './ticket-logs.ts'
import type { TicketRecord } from './ticket-view.ts'

interface CloseSettings {
  requiredTag: string
  sendFarewellWaitingTicket: string
  userRating: string
}

async function closeSettings(tx: Tx): Promise<CloseSettings> {
  const [row] = await tx<CloseSettings[]>`select required_tag, send_farewell_waiting_ticket, user_rating from company_settings`
  return row ?? { requiredTag: 'disabled', sendFarewellWaitingTicket: 'disabled', userRating: 'disabled' }
}

/** requiredTag (spec part 1 §4 Resolve, §5): a ticket is tagged when it or its contact carries a tag. */
async function assertTagged(tx: Tx, ticket: TicketRecord): Promise<void> {
  const [row] = await tx<{ tagged: boolean }[]>`
    select exists (select 1 from ticket_tags where ticket_id = ${ticket.id})
        or exists (select 1 from contact_tags where contact_id = ${ticket.contactId}) as tagged`
  if (!row.tagged) throw new AppError('ERR_TICKET_TAG_REQUIRED', 'A tag must be assigned before closing')
}

/**
 * Resolve (open, group, nps → closed) and Ignore (pending, lgpd → closed), spec part 1 §4. Resolve keeps
 * the owner, or makes the actor the owner of an unowned ticket ("with user id"); requiredTag blocks it
 * when the ticket and its contact have no tag. Ignore never sends a farewell and is exempt from
 * requiredTag. The farewell goes out only when the caller asks (sendFarewellMessage, the client's
 * askFarewellMessage prompt), and from a pending ticket only with sendFarewellWaitingTicket (anchor §3.6).
 * With the rating on, Resolve asks for the rating instead and the ticket waits in nps (ask-rating.ts).
 */
export async function closeTicket(
  ctx: DomainCtx,
  ticket: TicketRecord,
  opts: { ignore: boolean; sendFarewellMessage?: boolean },
): Promise<void> {
  const { tx, auth } = ctx
  const settings = await closeSettings(tx)
  if (!opts.ignore && settings.requiredTag === 'enabled') await assertTagged(tx, ticket)
  const userId = opts.ignore ? ticket.userId : (ticket.userId ?? auth.user.id)
  if (!opts.ignore && (await askRating(ctx, ticket, userId, settings.userRating))) return
  const wasPending = ticket.status === 'pending'
  await tx`update tickets set status = 'closed', user_id = ${userId}, closed_at = ${ctx.now()}, unread_messages = 0
            where id = ${ticket.id}`
  await writeTicketLog(ctx, ticket.id, 'closed', { queueId: ticket.queueId })
  const farewellAllowed = !opts.ignore && opts.sendFarewellMessage === true && (!wasPending || settings.sendFarewellWaitingTicket === 'enabled')
  if (farewellAllowed) await sendFarewell(ctx, { ...ticket, userId })
}

/** The farewell text: the owner's farewellMessage, else the connection's complation_message ('' when both are empty). */
export async function farewellText(tx: Tx, whatsappId: number, userId: number | null): Promise<string> {
  const [row] = await tx<{ body: string }[]>`
    select coalesce(nullif(btrim(u.farewell_message), ''), nullif(btrim(w.complation_message), ''), '') as body
      from whatsapps w left join users u on u.id = ${userId}
     where w.id = ${whatsappId}`
  return row?.body ?? ''
}

/** The farewell: the owner's farewellMessage, else the connection's complation_message; nothing when both are empty. */
async function sendFarewell(ctx: DomainCtx, ticket: TicketRecord): Promise<void> {
  if (ticket.whatsappId === null || ticket.isGroup) return
  await queueTicketMessage(ctx, ticket, await farewellText(ctx.tx, ticket.whatsappId, ticket.userId), { userId: ticket.userId, isSystem: true })
}
