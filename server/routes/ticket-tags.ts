import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { addTicketTag, removeTicketTags } from '../domain/tickets/ticket-tags.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { ticketTagParams, ticketTagsParam } from './ticket-tags.schema.ts'

/** Tags on a ticket (spec part 1 §7 "Tags"), for whoever sees the ticket. */
export const ticketTags = new Hono<AppEnv>()
  .use('*', requireAuth())
  .put('/:ticketId/:tagId', validate('param', ticketTagParams), async (c) => {
    const { ticketId, tagId } = c.req.valid('param')
    return c.json(await addTicketTag(c.get('ctx'), ticketId, tagId))
  })
  .delete('/:ticketId', validate('param', ticketTagsParam), async (c) =>
    c.json(await removeTicketTags(c.get('ctx'), c.req.valid('param').ticketId)),
  )
