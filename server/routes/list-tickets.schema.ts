import { z } from 'zod'
import { dayField, flag, idField, listOf, TICKET_STATUSES } from './common.schema.ts'

const id = idField()
const day = dayField
const statuses = TICKET_STATUSES

/** GET /tickets (spec part 1 §7); the rules are in server/domain/tickets/list-tickets.ts and docs/decisions.md "Tickets". */
export const listTicketsQuery = z.object({
  searchParam: z.string().max(200).optional().transform((v) => (v ?? '').trim()),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  status: z.enum(statuses).optional(),
  statusFilter: listOf(z.enum(statuses)).optional(),
  date: day.optional(),
  updatedAt: day.optional(),
  showAll: flag.optional().default(false),
  withUnreadMessages: flag.optional().default(false),
  searchOnMessages: flag.optional().default(false),
  queueIds: listOf(id).optional(),
  tags: listOf(id).optional(),
  users: listOf(id).optional(),
  whatsapps: listOf(id).optional(),
  sortTickets: z.string().transform((v) => v.toUpperCase()).pipe(z.enum(['ASC', 'DESC'])).optional().default('DESC'),
})
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>
