import type { DomainCtx } from '../context.ts'
import { fillTemplate } from '../messages/fill-template.ts'
import { enqueueSend } from '../outbound/enqueue-send.ts'
import type { TicketRecord } from './ticket-view.ts'

/**
 * A message of ours on the ticket's connection, through the outbound queue: automatic texts
 * (isSystem: greeting on accept, farewell, rating, transfer message) with {{name}} and the given
 * placeholders filled, or a private note. Nothing for a ticket without a connection or an empty text.
 */
export async function queueTicketMessage(
  ctx: DomainCtx,
  ticket: TicketRecord,
  body: string,
  opts: { userId: number | null; isSystem?: boolean; isPrivate?: boolean; vars?: Record<string, string> },
): Promise<void> {
  if (ticket.whatsappId === null || !body.trim()) return
  // A private note goes as written; only automatic texts need the contact's name for {{name}}.
  const [contact] = opts.isPrivate ? [] : await ctx.tx<{ name: string }[]>`select name from contacts where id = ${ticket.contactId}`
  await enqueueSend(ctx.tx, {
    companyId: ctx.auth.user.companyId,
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    contactId: ticket.contactId,
    channel: ticket.channel,
    body: opts.isPrivate ? body.trim() : fillTemplate(body.trim(), contact?.name ?? '', opts.vars),
    userId: opts.userId,
    isSystem: opts.isSystem ?? false,
    isPrivate: opts.isPrivate ?? false,
    now: ctx.now(),
  })
}
