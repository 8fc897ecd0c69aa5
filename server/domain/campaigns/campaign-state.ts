import type { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { isEditable, loadCampaign, type CampaignView } from './campaign-view.ts'
import { dropPendingSends, emitted } from './save-campaign.ts'
import { queueUnsent } from './start-campaign.ts'

/** POST /campaigns/{id}/cancel (spec part 2 §4): only EM_ANDAMENTO; the sends not yet made are dropped. */
export async function cancelCampaign(ctx: DomainCtx, id: number): Promise<CampaignView> {
  const companyId = ctx.auth.user.companyId
  // The row lock waits for a send in flight (it holds the campaign FOR SHARE) and stops the next ones.
  const [row] = await ctx.tx<{ status: string }[]>`select status from campaigns where id = ${id} and company_id = ${companyId} for update`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No campaign ${id}`)
  if (row.status !== 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_NOT_IN_PROGRESS')
  await ctx.tx`update campaigns set status = 'CANCELADA' where id = ${id}`
  await dropPendingSends(ctx, id)
  return emitted(ctx, 'update', await loadCampaign(ctx.tx, companyId, id))
}

/**
 * POST /campaigns/{id}/restart: only CANCELADA; back to EM_ANDAMENTO with sends paced from now for the
 * recipients not reached yet (those already sent to, or asked, are never sent to again).
 */
export async function restartCampaign(ctx: DomainCtx, id: number): Promise<CampaignView> {
  const companyId = ctx.auth.user.companyId
  const [row] = await ctx.tx<{ status: string; confirmation: boolean; timezone: string }[]>`
    select k.status, k.confirmation, c.timezone from campaigns k join companies c on c.id = k.company_id
     where k.id = ${id} and k.company_id = ${companyId} for update of k`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No campaign ${id}`)
  if (row.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_NOT_CANCELLED')
  await ctx.tx`update campaigns set status = 'EM_ANDAMENTO', completed_at = null where id = ${id}`
  await queueUnsent(ctx.tx, { id, companyId, confirmation: row.confirmation, timezone: row.timezone }, ctx.now())
  return emitted(ctx, 'update', await loadCampaign(ctx.tx, companyId, id))
}

/** POST /campaigns/{id}/media-upload: the file sent after the message, replacing an earlier one; while editable. */
export async function uploadCampaignMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File): Promise<CampaignView> {
  return setCampaignMedia(ctx, media, id, file)
}

/** DELETE /campaigns/{id}/media-upload: the campaign goes out without a file. */
export async function removeCampaignMedia(ctx: DomainCtx, media: MediaStore, id: number): Promise<CampaignView> {
  return setCampaignMedia(ctx, media, id, null)
}

async function setCampaignMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File | null): Promise<CampaignView> {
  const companyId = ctx.auth.user.companyId
  const current = await loadCampaign(ctx.tx, companyId, id)
  if (!isEditable(current, ctx.now())) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE')
  const stored = file ? await media.save(companyId, file, 'media') : null
  await ctx.tx`update campaigns set media_path = ${stored?.fileName ?? null}, media_name = ${stored?.originalName ?? null} where id = ${id}`
  // A cancelled campaign's messages already sent name the old file: it stays.
  if (current.status === 'INATIVA' || current.status === 'PROGRAMADA') await media.remove(companyId, current.mediaPath)
  return emitted(ctx, 'update', await loadCampaign(ctx.tx, companyId, id))
}
