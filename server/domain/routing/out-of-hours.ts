import type { RoutingCtx, RuleOutcome } from './routing-context.ts'
import { changeTicket, sendSystemMessage, type RunState } from './routing-effects.ts'
import { loadQueue, type RoutingQueue } from './routing-state.ts'
import { isWithinSchedule, type Schedule } from './schedule-rules.ts'

/**
 * Business hours (anchor §3.2 step 12, §3.4), by the company setting scheduleType: company (the
 * company's schedules), connection (the connection's), queue (the ticket's queue; a ticket without one
 * is checked when it enters a queue, enter-queue.ts). Outside the hours the contact gets the
 * outOfHoursMessage (the queue's in queue mode, else the connection's) once per out-of-hours spell
 * (tickets.is_out_of_hour, cleared by the first message within hours), and the bot stays quiet. The
 * ticket keeps its status (pending stays in the waiting list). An open ticket whose user is online is
 * left to that user.
 */
export async function applyOutOfHours(ctx: RoutingCtx, state: RunState): Promise<RuleOutcome> {
  const hours = await serviceHours(ctx, state)
  if (!hours) return 'next'
  if (isWithinSchedule(hours.schedules, ctx.now(), state.timezone)) {
    if (state.isOutOfHour) await changeTicket(ctx, state, { isOutOfHour: false })
    return 'next'
  }
  if (state.status === 'open' && state.userId !== null && state.userOnline) return 'next'
  if (!state.isOutOfHour) {
    await sendSystemMessage(ctx, state, hours.message)
    await changeTicket(ctx, state, { isOutOfHour: true })
  }
  return 'done'
}

async function serviceHours(ctx: RoutingCtx, state: RunState): Promise<{ schedules: Schedule[]; message: string } | null> {
  switch (state.scheduleType) {
    case 'company':
      return { schedules: state.companySchedules, message: state.outOfHoursMessage }
    case 'connection':
      return { schedules: state.connectionSchedules, message: state.outOfHoursMessage }
    case 'queue': {
      const queue: RoutingQueue | null = state.queueId === null ? null : await loadQueue(ctx.tx, state.queueId)
      return queue && { schedules: queue.schedules, message: queue.outOfHoursMessage }
    }
    default:
      return null
  }
}
