import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { createTicketNote, deleteTicketNote, listTicketNotes } from '../domain/ticket-notes/ticket-notes.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { createNoteSchema, listNotesQuery, noteIdParam } from './ticket-notes.schema.ts'

/** Ticket notes (spec part 1 §7): the contact drawer's notes list and form. */
export const ticketNotes = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/list', validate('query', listNotesQuery), async (c) => c.json(await listTicketNotes(c.get('ctx'), c.req.valid('query'))))
  .post('/', validate('json', createNoteSchema), async (c) => c.json(await createTicketNote(c.get('ctx'), c.req.valid('json')), 201))
  .delete('/:id', validate('param', noteIdParam), async (c) => {
    await deleteTicketNote(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Note deleted' })
  })
