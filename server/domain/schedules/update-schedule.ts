import type { ScheduleInput } from '../../routes/schedules.schema.ts'
import type { DomainCtx } from '../context.ts'
import { scheduleColumns } from './create-schedule.ts'
import { assertMayEdit, assertNotSent, loadSchedule, type ScheduleView } from './schedule-view.ts'

/**
 * PUT /schedules/{id} (spec part 1 §4, §7): the author or an admin replaces the fields of a schedule not
 * yet sent. A schedule that ended in ERRO goes back to PENDENTE, so saving it again retries the send.
 */
export async function updateSchedule(ctx: DomainCtx, id: number, input: ScheduleInput): Promise<ScheduleView> {
  const current = await loadSchedule(ctx, id)
  assertMayEdit(ctx, current)
  assertNotSent(current)
  const columns = await scheduleColumns(ctx, input)
  const retry = current.status === 'ERRO' ? { status: 'PENDENTE', sendError: null } : {}
  await ctx.tx`update schedules set ${ctx.tx({ ...columns, ...retry })} where id = ${id}`
  const view = await loadSchedule(ctx, id)
  ctx.emit({ type: 'schedule', companyId: ctx.auth.user.companyId, payload: { action: 'update', schedule: view } })
  return view
}
