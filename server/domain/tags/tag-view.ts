import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

/**
 * A tag as the API shows it (spec part 2 §3 "Tag / lane"). The spec's `ticketTags` and `contacts` are
 * shown only as counts, so they leave as the numbers ticketsCount and contactsCount.
 */
export interface TagView {
  id: number
  companyId: number
  name: string
  color: string
  kanban: number
  timeLane: number
  nextLaneId: number | null
  rollbackLaneId: number | null
  greetingMessageLane: string
  userId: number | null
  ticketsCount: number
  contactsCount: number
  createdAt: string
  updatedAt: string
}

/** The columns of a TagView over `tags t`; both counts read indexed tag_id columns. */
export const tagViewColumns = (sql: Queryable) => sql`
  t.id, t.company_id, t.name, t.color, t.kanban, t.time_lane, t.next_lane_id, t.rollback_lane_id,
  t.greeting_message_lane, t.user_id, t.created_at, t.updated_at,
  (select count(*)::int from ticket_tags tt where tt.tag_id = t.id) as tickets_count,
  (select count(*)::int from contact_tags ct where ct.tag_id = t.id) as contacts_count`

/** The tag of the company, or null: another company's tag is not found, whatever RLS would say. */
export async function findTagView(sql: Queryable, companyId: number, id: number): Promise<TagView | null> {
  const [row] = await sql<TagView[]>`select ${tagViewColumns(sql)} from tags t where t.id = ${id} and t.company_id = ${companyId}`
  return row ?? null
}

/** GET /tags/{id} (spec part 2 §7): 404 ERR_NO_TAG_FOUND when absent or another company's. */
export async function showTag(ctx: DomainCtx, id: number): Promise<TagView> {
  const tag = await findTagView(ctx.tx, ctx.auth.user.companyId, id)
  if (!tag) throw new AppError('ERR_NO_TAG_FOUND', `Tag ${id} not found`)
  return tag
}

/**
 * Live event `tag` (spec part 2 §7 "Live events", sent as company{id}-tag): every user of the company
 * reads tags (ticket filters, the contact drawer), so the list upserts on create/update, drops on delete.
 */
export function emitTag(ctx: DomainCtx, action: 'create' | 'update', tag: TagView): void {
  ctx.emit({ type: 'tag', companyId: tag.companyId, payload: { action, tag } })
}

export function emitTagDeleted(ctx: DomainCtx, tagId: number): void {
  ctx.emit({ type: 'tag', companyId: ctx.auth.user.companyId, payload: { action: 'delete', tagId } })
}
