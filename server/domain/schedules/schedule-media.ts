import type { MediaStore } from '../../media/media-store.ts'
import type { DomainCtx } from '../context.ts'
import { assertMayEdit, assertNotSent, loadSchedule, neverSent, type ScheduleView } from './schedule-view.ts'

/**
 * POST /schedules/{id}/media-upload (spec part 1 §5, §7): the image sent with the schedule, png, jpg or
 * jpeg (MediaStore kind 'schedule'), replacing an earlier one. Like any edit, refused once sent.
 */
export async function uploadScheduleMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File): Promise<ScheduleView> {
  return setScheduleMedia(ctx, media, id, file)
}

/** DELETE /schedules/{id}/media-upload: the schedule goes out without its image. */
export async function removeScheduleMedia(ctx: DomainCtx, media: MediaStore, id: number): Promise<ScheduleView> {
  return setScheduleMedia(ctx, media, id, null)
}

async function setScheduleMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File | null): Promise<ScheduleView> {
  const current = await loadSchedule(ctx, id)
  assertMayEdit(ctx, current)
  assertNotSent(current)
  const companyId = ctx.auth.user.companyId
  const stored = file ? await media.save(companyId, file, 'schedule') : null
  await ctx.tx`update schedules set media_path = ${stored?.fileName ?? null}, media_name = ${stored?.originalName ?? null}
                where id = ${id}`
  // Messages of a recurring schedule already sent keep the earlier file.
  if (neverSent(current)) await media.remove(companyId, current.mediaPath)
  const view = await loadSchedule(ctx, id)
  ctx.emit({ type: 'schedule', companyId, payload: { action: 'update', schedule: view } })
  return view
}
