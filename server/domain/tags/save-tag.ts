import type { CreateTagInput, UpdateTagInput } from '../../routes/tags.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan, assertPlanFeature } from '../permissions.ts'
import { createTagPermission, manageTagPermission } from './tag-rules.ts'
import { emitTag, emitTagDeleted, findTagView, showTag, type TagView } from './tag-view.ts'

type LaneLinks = Pick<UpdateTagInput, 'nextLaneId' | 'rollbackLaneId'>

/** POST /tags (spec part 2 §7): the creator is recorded as the tag's userId. */
export async function createTag(ctx: DomainCtx, input: CreateTagInput): Promise<TagView> {
  const { tx, auth } = ctx
  const permission = createTagPermission(input.kanban)
  if (permission) assertCan(auth, permission)
  if (input.kanban === 1) assertPlanFeature(auth, 'useKanban')
  await assertNameFree(ctx, input.name, 0)
  await assertLaneLinks(ctx, input, 0)
  const [row] = await tx<{ id: number }[]>`
    insert into tags ${tx({ ...input, companyId: auth.user.companyId, userId: auth.user.id })} returning id`
  const tag = (await findTagView(tx, auth.user.companyId, row.id))!
  emitTag(ctx, 'create', tag)
  return tag
}

/**
 * PUT /tags/{id} (spec part 2 §7): only the fields sent change. Turning a plain tag into a lane (or
 * back) needs the right for both kinds, and a new lane needs the plan's useKanban.
 */
export async function updateTag(ctx: DomainCtx, id: number, input: UpdateTagInput): Promise<TagView> {
  const { tx, auth } = ctx
  const current = await showTag(ctx, id)
  assertCan(auth, manageTagPermission(current.kanban))
  if (input.kanban !== undefined && input.kanban !== current.kanban) {
    assertCan(auth, manageTagPermission(input.kanban))
    if (input.kanban === 1) assertPlanFeature(auth, 'useKanban')
  }
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id)
  await assertLaneLinks(ctx, input, id)
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  // An empty PUT writes nothing and tells nobody: the answer is the tag as it is.
  if (Object.keys(changes).length === 0) return current
  await tx`update tags set ${tx(changes)} where id = ${id}`
  const tag = (await findTagView(tx, auth.user.companyId, id))!
  emitTag(ctx, 'update', tag)
  return tag
}

/**
 * DELETE /tags/{id} (spec part 2 §7): the tag leaves every ticket and contact (cascade), and lanes that
 * led to it lead nowhere (set null), so no row keeps pointing at it.
 */
export async function deleteTag(ctx: DomainCtx, id: number): Promise<void> {
  const current = await showTag(ctx, id)
  assertCan(ctx.auth, manageTagPermission(current.kanban))
  await ctx.tx`delete from tags where id = ${id}`
  emitTagDeleted(ctx, id)
}

/**
 * Names are unique in a company, case-insensitively as queue names are (the table's unique key is
 * exact; it still catches a race): a taken name is 409 ERR_NAME_ALREADY_EXISTS on the name field.
 */
async function assertNameFree(ctx: DomainCtx, name: string, exceptId: number): Promise<void> {
  const [taken] = await ctx.tx`
    select 1 from tags where company_id = ${ctx.auth.user.companyId} and lower(name) = lower(${name}) and id <> ${exceptId}`
  if (taken) throw new AppError('ERR_NAME_ALREADY_EXISTS', 'A tag with this name already exists', { field: 'name' })
}

/**
 * A lane leads to another of the company's tags, never to itself (the lane sweep would move a ticket
 * into the lane it is in). The foreign key alone would accept another company's tag.
 */
async function assertLaneLinks(ctx: DomainCtx, links: LaneLinks, selfId: number): Promise<void> {
  const fields: { field: string; message: string }[] = []
  for (const field of ['nextLaneId', 'rollbackLaneId'] as const) {
    const target = links[field]
    if (target === null || target === undefined) continue
    if (target === selfId) {
      fields.push({ field, message: 'A lane cannot lead to itself' })
      continue
    }
    const [found] = await ctx.tx`select 1 from tags where id = ${target} and company_id = ${ctx.auth.user.companyId}`
    if (!found) fields.push({ field, message: 'Unknown tag' })
  }
  if (fields.length) throw new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields })
}
