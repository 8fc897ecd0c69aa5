import { z } from 'zod'
import { dayField, idField } from './common.schema.ts'

const id = idField()
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')
const day = dayField
const statuses = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const

/** A list that arrives as a JSON array ("[1,2]", as the web client sends it), a comma list or repeated keys. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((p) => {
      if (typeof p !== 'string') return [p]
      const s = p.trim()
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown
        } catch {
          return [s]
        }
      }
      return s === '' ? [] : s.split(',').map((x) => x.trim())
    })
    return parts.flat()
  }, z.array(item).max(500))
}

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
