import type { MediaStore } from '../../media/media-store.ts'
import type { DomainCtx } from '../context.ts'
import { assertMayEdit, loadSchedule, neverSent } from './schedule-view.ts'

/**
 * DELETE /schedules/{id} (spec part 2 §7): the author or an admin removes a schedule, sent or not. Its file
 * goes with it unless a sent message carries it.
 */
export async function deleteSchedule(ctx: DomainCtx, media: MediaStore, id: number): Promise<void> {
  const current = await loadSchedule(ctx, id)
  assertMayEdit(ctx, current)
  await ctx.tx`delete from schedules where id = ${id}`
  if (neverSent(current)) await media.remove(ctx.auth.user.companyId, current.mediaPath)
  ctx.emit({ type: 'schedule', companyId: ctx.auth.user.companyId, payload: { action: 'delete', scheduleId: id } })
}
