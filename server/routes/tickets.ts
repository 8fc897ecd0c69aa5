import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { closeAllTickets } from '../domain/tickets/close-all-tickets.ts'
import { createTicket } from '../domain/tickets/create-ticket.ts'
import { deleteTicket } from '../domain/tickets/delete-ticket.ts'
import { showTicketByUuid } from '../domain/tickets/show-ticket.ts'
import { listTicketLogs } from '../domain/tickets/ticket-logs.ts'
import { listTickets } from '../domain/tickets/list-tickets.ts'
import { updateTicket } from '../domain/tickets/update-ticket.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { listTicketsQuery } from './list-tickets.schema.ts'
import { closeAllSchema, createTicketSchema, ticketIdParam, ticketUuidParam, updateTicketSchema } from './tickets.schema.ts'

/** Tickets (spec part 1 §4, §7); the transitions and their rules live in server/domain/tickets. */
export const tickets = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', listTicketsQuery), async (c) => c.json(await listTickets(c.get('ctx'), c.req.valid('query'))))
  .get('/u/:uuid', validate('param', ticketUuidParam), async (c) =>
    c.json(await showTicketByUuid(c.get('ctx'), c.req.valid('param').uuid)),
  )
  .post('/closeAll', guard('admin'), validate('json', closeAllSchema), async (c) =>
    c.json(await closeAllTickets(c.get('ctx'), c.req.valid('json'))),
  )
  .post('/', validate('json', createTicketSchema), async (c) => c.json(await createTicket(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:ticketId', validate('param', ticketIdParam), validate('json', updateTicketSchema), async (c) =>
    c.json(await updateTicket(c.get('ctx'), c.req.valid('param').ticketId, c.req.valid('json'))),
  )
  .delete('/:ticketId', guard('tickets:delete'), validate('param', ticketIdParam), async (c) => {
    await deleteTicket(c.get('ctx'), c.req.valid('param').ticketId)
    return c.json({ message: 'Ticket deleted' })
  })

/** GET /tickets-log/{ticketId}: the ticket's log entries, for whoever may see the ticket. */
export const ticketsLog = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/:ticketId', validate('param', ticketIdParam), async (c) =>
    c.json(await listTicketLogs(c.get('ctx'), c.req.valid('param').ticketId)),
  )
