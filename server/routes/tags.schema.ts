import { z } from 'zod'
import { idField, listQuery } from './common.schema.ts'

const REQUIRED = 'Obrigatório'
const id = idField()

/** 0 or 1 as the anchor sends it; a JSON boolean or the digit as a string is read the same way. */
const kanbanFlag = z.union([z.literal(0), z.literal(1), z.boolean().transform(Number), z.enum(['0', '1']).transform(Number)], {
  error: 'Expected 0 or 1',
})
/** The same flag in a query string. */
const kanbanQuery = z.enum(['0', '1'], { error: 'Expected 0 or 1' }).transform(Number).optional()
/** Minutes a ticket stays in a lane before it moves to nextLaneId (0 = never): a number or a string of digits. */
const minutes = z
  .union([z.number(), z.string().regex(/^\d{1,7}$/).transform(Number)], { error: 'Expected a whole number of minutes' })
  .pipe(z.number().int().min(0).max(1_000_000))
/** A lane link: null, '' or absent means none. */
const laneId = z.union([z.literal(''), z.null(), id]).transform((v) => (typeof v === 'number' ? v : null))

/** The message sent when a ticket enters the lane; null clears it. */
const laneText = z.union([z.string().max(4096, 'Too Long!'), z.null().transform(() => '')])
const color = z.string().trim().max(30, 'Too Long!')

/**
 * Spec part 2 §5 "Tag": required ('Obrigatório'), at least 3 characters ('Mensagem muito curta'); the
 * upper bound is the 50 of the other names (part 2 §5 "Names"), which the spec leaves open for tags.
 */
const tagName = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .min(3, 'Mensagem muito curta')
  .max(50, 'Too Long!')

/** POST /tags and PUT /tags/{id} (spec part 2 §3 "Tag / lane"): the lane fields only matter when kanban is 1. */
export const createTagSchema = z.object({
  name: tagName,
  color: color.optional().default(''),
  kanban: kanbanFlag.optional().default(0),
  timeLane: minutes.optional().default(0),
  nextLaneId: laneId.optional().default(null),
  rollbackLaneId: laneId.optional().default(null),
  greetingMessageLane: laneText.optional().default(''),
})

/** PUT /tags/{id}: only the fields sent change (the board edits lane fields without the name). */
export const updateTagSchema = z.object({
  name: tagName.optional(),
  color: color.optional(),
  kanban: kanbanFlag.optional(),
  timeLane: minutes.optional(),
  nextLaneId: laneId.optional(),
  rollbackLaneId: laneId.optional(),
  greetingMessageLane: laneText.optional(),
})

/** GET /tags/ (spec part 2 §7): a page by name, optionally only lanes or plain tags, or one tag. */
export const listTagsQuery = listQuery.extend({
  kanban: kanbanQuery,
  tagId: id.optional(),
})

/** GET /tags/list (spec part 1 §7): every tag, optionally only lanes or plain tags. */
export const tagOptionsQuery = z.object({ kanban: kanbanQuery })

export const tagIdParam = z.object({ id })
/** DELETE /tags-contacts/{tagId}/{contactId} (spec part 2 §7). */
export const tagContactParams = z.object({ tagId: id, contactId: id })

export type CreateTagInput = z.infer<typeof createTagSchema>
export type UpdateTagInput = z.infer<typeof updateTagSchema>
export type ListTagsQuery = z.infer<typeof listTagsQuery>
export type TagOptionsQuery = z.infer<typeof tagOptionsQuery>
