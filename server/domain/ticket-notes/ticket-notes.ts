import type { CreateNoteInput, ListNotesQuery } from '../../routes/ticket-notes.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { loadVisibleTicket } from '../messages/message-view.ts'
import { can } from '../permissions.ts'

export interface TicketNoteView {
  id: number
  note: string
  ticketId: number
  contactId: number
  user: { id: number; name: string } | null
  createdAt: Date
}

const VIEW = `n.id, n.note, n.ticket_id, n.contact_id, n.created_at,
  case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as "user"`

/** GET /ticket-notes/list: the notes of a contact on a ticket the actor may see, newest first. */
export async function listTicketNotes(ctx: DomainCtx, q: ListNotesQuery): Promise<TicketNoteView[]> {
  await loadVisibleTicket(ctx.tx, ctx.auth, q.ticketId)
  return ctx.tx<TicketNoteView[]>`
    select ${ctx.tx.unsafe(VIEW)} from ticket_notes n left join users u on u.id = n.user_id
     where n.ticket_id = ${q.ticketId} and n.contact_id = ${q.contactId}
     order by n.created_at desc, n.id desc`
}

/** POST /ticket-notes: a note by the actor on a ticket they may see, about that ticket's contact. */
export async function createTicketNote(ctx: DomainCtx, input: CreateNoteInput): Promise<TicketNoteView> {
  const ticket = await loadVisibleTicket(ctx.tx, ctx.auth, input.ticketId)
  if (ticket.contactId !== input.contactId) {
    throw new AppError('ERR_VALIDATION', 'The contact is not the ticket’s contact', { fields: [{ field: 'contactId', message: 'Invalid contact' }] })
  }
  const [row] = await ctx.tx<{ id: number }[]>`
    insert into ticket_notes ${ctx.tx({ companyId: ctx.auth.user.companyId, note: input.note, ticketId: ticket.id, contactId: ticket.contactId, userId: ctx.auth.user.id, createdAt: ctx.now() })}
    returning id`
  const [view] = await ctx.tx<TicketNoteView[]>`
    select ${ctx.tx.unsafe(VIEW)} from ticket_notes n left join users u on u.id = n.user_id where n.id = ${row.id}`
  return view
}

/** DELETE /ticket-notes/{id}: by its author or an admin, on a ticket the actor may see. */
export async function deleteTicketNote(ctx: DomainCtx, id: number): Promise<void> {
  const [note] = await ctx.tx<{ id: number; ticketId: number; userId: number | null }[]>`
    select id, ticket_id, user_id from ticket_notes where id = ${id}`
  if (!note) throw new AppError('ERR_NOT_FOUND', 'Note not found')
  await loadVisibleTicket(ctx.tx, ctx.auth, note.ticketId)
  if (note.userId !== ctx.auth.user.id && !can(ctx.auth, 'admin')) {
    throw new AppError('ERR_NO_PERMISSION', 'Only the author or an admin deletes a note')
  }
  await ctx.tx`delete from ticket_notes where id = ${id}`
}
