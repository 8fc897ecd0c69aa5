import type { MediaStore } from '../../media/media-store.ts'
import type { CampaignInput } from '../../../server/routes/campaigns.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { resolveSendAt } from '../schedules/schedule-view.ts'
import { isEditable, listCampaignRows, loadCampaign, type CampaignView } from './campaign-view.ts'

const PAGE = 20

/** GET /campaigns: the company's campaigns by name, 20 a page. */
export async function listCampaigns(ctx: DomainCtx, q: { searchParam: string; pageNumber: number }) {
  const offset = (q.pageNumber - 1) * PAGE
  const { rows, count } = await listCampaignRows(ctx.tx, ctx.auth.user.companyId, q.searchParam, PAGE, offset)
  return { records: rows, count, hasMore: offset + rows.length < count }
}

export async function showCampaign(ctx: DomainCtx, id: number): Promise<CampaignView> {
  return loadCampaign(ctx.tx, ctx.auth.user.companyId, id)
}

/**
 * POST /campaigns (spec part 2 §3, §4): INATIVA without a time, PROGRAMADA with one (the dispatcher
 * starts it then). The target is a contact list or a tag, never neither; references must be the company's.
 */
export async function createCampaign(ctx: DomainCtx, input: CampaignInput): Promise<CampaignView> {
  const companyId = ctx.auth.user.companyId
  const values = await columns(ctx, input)
  const [{ id }] = await ctx.tx<{ id: number }[]>`
    insert into campaigns ${ctx.tx({ ...values, companyId, status: values.scheduledAt ? 'PROGRAMADA' : 'INATIVA' })} returning id`
  return emitted(ctx, 'create', await loadCampaign(ctx.tx, companyId, id))
}

/** PUT /campaigns/{id}: only while editable (isEditable); a time set or cleared moves it between INATIVA and PROGRAMADA. */
export async function updateCampaign(ctx: DomainCtx, id: number, input: CampaignInput): Promise<CampaignView> {
  const companyId = ctx.auth.user.companyId
  const current = await loadCampaign(ctx.tx, companyId, id)
  if (!isEditable(current, ctx.now())) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE')
  const values = await columns(ctx, input)
  // A cancelled campaign keeps its state: restart sends to the recipients it has not reached.
  const status = current.status === 'CANCELADA' ? 'CANCELADA' : values.scheduledAt ? 'PROGRAMADA' : 'INATIVA'
  await ctx.tx`update campaigns set ${ctx.tx({ ...values, status })} where id = ${id}`
  return emitted(ctx, 'update', await loadCampaign(ctx.tx, companyId, id))
}

/** DELETE /campaigns/{id}: its shipping rows go with it and its pending sends are dropped; its file is removed. */
export async function deleteCampaign(ctx: DomainCtx, media: MediaStore, id: number): Promise<void> {
  const companyId = ctx.auth.user.companyId
  const current = await loadCampaign(ctx.tx, companyId, id)
  await dropPendingSends(ctx, id)
  await ctx.tx`delete from campaigns where id = ${id}`
  await media.remove(companyId, current.mediaPath)
  ctx.emit({ type: 'campaign', companyId, payload: { action: 'delete', id } })
}

/** The campaign's sends not yet made (jobs is a system table: the company and the payload scope them). */
export async function dropPendingSends(ctx: DomainCtx, campaignId: number): Promise<void> {
  await ctx.tx`select app_drop_campaign_jobs(${ctx.auth.user.companyId}, ${campaignId})`
}

async function columns(ctx: DomainCtx, input: CampaignInput) {
  const companyId = ctx.auth.user.companyId
  if (!input.contactListId && !input.tagListId) throw new AppError('ERR_CAMPAIGN_NO_TARGET')
  await assertOwned(ctx, 'whatsapps', input.whatsappId, 'whatsappId')
  await assertOwned(ctx, 'contact_lists', input.contactListId, 'contactListId')
  await assertOwned(ctx, 'tags', input.tagListId, 'tagListId')
  await assertOwned(ctx, 'users', input.userId, 'userId')
  await assertOwned(ctx, 'queues', input.queueId, 'queueId')
  const { scheduledAt, ...rest } = input
  const open = input.openTicket === 'enabled'
  return {
    ...rest,
    // With openTicket disabled the user, queue and status are locked (spec part 2 §4): not stored.
    userId: open ? input.userId : null,
    queueId: open ? input.queueId : null,
    statusTicket: open ? input.statusTicket : 'closed',
    // A list and a tag together: the list wins, as the dialog offers one target.
    tagListId: input.contactListId ? null : input.tagListId,
    scheduledAt: scheduledAt ? await resolveSendAt(ctx.tx, companyId, scheduledAt) : null,
  }
}

async function assertOwned(ctx: DomainCtx, table: 'whatsapps' | 'contact_lists' | 'tags' | 'users' | 'queues', id: number | null, field: string) {
  if (!id) return
  const [row] = await ctx.tx`select 1 from ${ctx.tx(table)} where id = ${id} and company_id = ${ctx.auth.user.companyId}`
  if (!row) throw new AppError('ERR_VALIDATION', `No ${field} ${id}`, { fields: [{ field, message: 'Not found' }] })
}

export function emitted(ctx: DomainCtx, action: 'create' | 'update', record: CampaignView): CampaignView {
  ctx.emit({ type: 'campaign', companyId: record.companyId, payload: { action, record } })
  return record
}
