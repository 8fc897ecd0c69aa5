import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { copyName } from './copy-name.ts'
import { loadFlowRow, START_GRAPH, type FlowRow } from './flow-view.ts'

/** GET /flowbuilder (spec part 2 §7; issue 21 API contract): 20 a page by name, searched in lowercase. */
export async function listFlows(ctx: DomainCtx, q: { searchParam: string; pageNumber: number }): Promise<{ flows: FlowRow[]; hasMore: boolean }> {
  const page = pageOf(q.pageNumber)
  const rows = await ctx.tx<FlowRow[]>`
    select id, name, active, user_id, created_at, updated_at from flows
     where company_id = ${ctx.auth.user.companyId} and lower(name) like ${likePattern(q.searchParam)}
     order by lower(name), id limit ${page.limit + 1} offset ${page.offset}`
  const { records, hasMore } = splitPage(rows, page)
  return { flows: records, hasMore }
}

export async function showFlow(ctx: DomainCtx, id: number): Promise<{ flow: FlowRow }> {
  return { flow: await loadFlowRow(ctx.tx, ctx.auth.user.companyId, id) }
}

/** POST /flowbuilder {name}: a new flow holds only its start block. */
export async function createFlow(ctx: DomainCtx, input: { name: string }): Promise<{ flow: FlowRow }> {
  const companyId = ctx.auth.user.companyId
  await assertNameFree(ctx, input.name, 0)
  const [{ id }] = await ctx.tx<{ id: number }[]>`
    insert into flows (company_id, name, active, flow, user_id)
    values (${companyId}, ${input.name}, true, ${ctx.tx.json(START_GRAPH as never)}, ${ctx.auth.user.id}) returning id`
  return emitted(ctx, 'create', await loadFlowRow(ctx.tx, companyId, id))
}

/** PUT /flowbuilder {flowId, name, active?}: renames, and switches it on or off when active is sent. */
export async function updateFlow(ctx: DomainCtx, id: number, input: { name: string; active?: boolean }): Promise<{ flow: FlowRow }> {
  const companyId = ctx.auth.user.companyId
  const current = await loadFlowRow(ctx.tx, companyId, id)
  await assertNameFree(ctx, input.name, id)
  await ctx.tx`update flows set name = ${input.name}, active = ${input.active ?? current.active} where id = ${id}`
  return emitted(ctx, 'update', await loadFlowRow(ctx.tx, companyId, id))
}

/**
 * DELETE /flowbuilder/{id}. The foreign keys take its phrase campaigns (cascade) and clear the connections'
 * flowIdWelcome / flowIdNotPhrase and the integrations' flow (set null); the tickets running it stop here,
 * before the key clears their flow_id, so no step (nor a pending interval job, whose run hash no longer
 * matches) continues it. Its media files stay until the orphan sweep: a duplicate or a sent message may name them.
 */
export async function deleteFlow(ctx: DomainCtx, id: number): Promise<void> {
  const companyId = ctx.auth.user.companyId
  await loadFlowRow(ctx.tx, companyId, id)
  await ctx.tx`
    update tickets set flow_webhook = false, last_flow_id = null, hash_flow_id = null, data_webhook = null
     where company_id = ${companyId} and flow_id = ${id} and flow_webhook`
  await ctx.tx`delete from flows where id = ${id}`
  ctx.emit({ type: 'flowbuilder', companyId, payload: { action: 'delete', flow: { id } } })
}

/** POST /flowbuilder/duplicate {flowId}: the same graph (and media names) under "<name> - cópia". */
export async function duplicateFlow(ctx: DomainCtx, flowId: number): Promise<{ flow: FlowRow }> {
  const companyId = ctx.auth.user.companyId
  const source = await loadFlowRow(ctx.tx, companyId, flowId)
  // Every copy's name holds the source's first 40 characters: those are the only names it could meet.
  const taken = await ctx.tx<{ name: string }[]>`
    select name from flows where company_id = ${companyId} and lower(name) like ${likePattern(source.name.toLowerCase().slice(0, 40))}`
  const name = copyName(source.name, taken.map((t) => t.name))
  const [{ id }] = await ctx.tx<{ id: number }[]>`
    insert into flows (company_id, name, active, flow, user_id)
    select company_id, ${name}, active, flow, ${ctx.auth.user.id} from flows where id = ${flowId} returning id`
  return emitted(ctx, 'create', await loadFlowRow(ctx.tx, companyId, id))
}

/** Names are unique in a company, compared in lowercase (issue 21 API contract: 409 ERR_NAME_ALREADY_EXISTS). */
async function assertNameFree(ctx: DomainCtx, name: string, exceptId: number): Promise<void> {
  const [taken] = await ctx.tx`
    select 1 from flows where company_id = ${ctx.auth.user.companyId} and lower(name) = lower(${name}) and id <> ${exceptId}`
  if (taken) throw new AppError('ERR_NAME_ALREADY_EXISTS', 'A flow with this name already exists', { field: 'name' })
}

/** Tells the company's admins (realtime `flowbuilder`, issue 21 API contract). */
export function emitted(ctx: DomainCtx, action: 'create' | 'update', flow: FlowRow): { flow: FlowRow } {
  ctx.emit({ type: 'flowbuilder', companyId: ctx.auth.user.companyId, payload: { action, flow } })
  return { flow }
}
