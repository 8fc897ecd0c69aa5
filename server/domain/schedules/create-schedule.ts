import type { ScheduleInput } from '../../routes/schedules.schema.ts'
import type { DomainCtx } from '../context.ts'
import { assertScheduleReferences } from './schedule-references.ts'
import { loadSchedule, resolveSendAt, type ScheduleView } from './schedule-view.ts'

/** The columns a body sets, for insert and update alike. */
export async function scheduleColumns(ctx: DomainCtx, input: ScheduleInput) {
  await assertScheduleReferences(ctx, input)
  const { sendAt, ...rest } = input
  return { ...rest, sendAt: await resolveSendAt(ctx.tx, ctx.auth.user.companyId, sendAt) }
}

/** POST /schedules (spec part 1 §7): a pending schedule by the actor, any user of the company may create one. */
export async function createSchedule(ctx: DomainCtx, input: ScheduleInput): Promise<ScheduleView> {
  const columns = await scheduleColumns(ctx, input)
  const [row] = await ctx.tx<{ id: number }[]>`
    insert into schedules ${ctx.tx({ ...columns, companyId: ctx.auth.user.companyId, userId: ctx.auth.user.id })}
    returning id`
  const view = await loadSchedule(ctx, row.id)
  ctx.emit({ type: 'schedule', companyId: ctx.auth.user.companyId, payload: { action: 'create', schedule: view } })
  return view
}
