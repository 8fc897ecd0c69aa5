import { z } from 'zod'

const id = z.coerce.number().int().positive().max(2147483647)

/** PUT /ticket-tags/{ticketId}/{tagId} (spec part 1 §7). */
export const ticketTagParams = z.object({ ticketId: id, tagId: id })
/** DELETE /ticket-tags/{ticketId} (spec part 1 §7). */
export const ticketTagsParam = z.object({ ticketId: id })
