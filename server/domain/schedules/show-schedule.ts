import type { DomainCtx } from '../context.ts'
import { loadSchedule, type ScheduleView } from './schedule-view.ts'

/** GET /schedules/{id} (spec part 1 §7). */
export function showSchedule(ctx: DomainCtx, id: number): Promise<ScheduleView> {
  return loadSchedule(ctx, id)
}
