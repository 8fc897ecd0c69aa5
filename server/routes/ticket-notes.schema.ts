import { z } from 'zod'
import { idField } from './common.schema.ts'

const id = idField()

/** POST /ticket-notes (spec part 1 §5: a note is required, at least 2 characters). */
export const createNoteSchema = z.object({
  note: z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(5000, 'Too Long!'),
  ticketId: id,
  contactId: id,
})

export const listNotesQuery = z.object({ ticketId: id, contactId: id })
export const noteIdParam = z.object({ id })

export type CreateNoteInput = z.infer<typeof createNoteSchema>
export type ListNotesQuery = z.infer<typeof listNotesQuery>
