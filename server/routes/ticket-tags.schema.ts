import { z } from 'zod'
import { idField } from './common.schema.ts'

const id = idField()

/** PUT /ticket-tags/{ticketId}/{tagId} (spec part 1 §7). */
export const ticketTagParams = z.object({ ticketId: id, tagId: id })
/** DELETE /ticket-tags/{ticketId} (spec part 1 §7). */
export const ticketTagsParam = z.object({ ticketId: id })
