import type { RoutingCtx, RuleOutcome } from './routing-context.ts'
import { changeTicket, sendSystemMessage, type RunState } from './routing-effects.ts'
import { localDate } from './schedule-rules.ts'

/** Whether `at` falls on a day of the vacation, both ends included, on the company's calendar. */
export function onVacation(start: string | null, end: string | null, at: Date, timeZone: string): boolean {
  if (!start || !end) return false
  const day = localDate(at, timeZone)
  return start <= day && day <= end
}

/**
 * Collective vacation (spec part 2 connection collectiveVacationStart/End/Message; anchor §3.4 MF):
 * on those days the contact gets the vacation message once per spell (tickets.is_out_of_hour, like
 * the out-of-hours message) and the bot stays quiet. An open ticket whose user is online is left to
 * that user. With no business hours to clear the flag (scheduleType disabled), the first message
 * after the vacation clears it.
 */
export async function applyCollectiveVacation(ctx: RoutingCtx, state: RunState): Promise<RuleOutcome> {
  const message = state.collectiveVacationMessage.trim()
  if (!message || !onVacation(state.collectiveVacationStart, state.collectiveVacationEnd, ctx.now(), state.timezone)) {
    if (state.isOutOfHour && state.scheduleType === 'disabled') await changeTicket(ctx, state, { isOutOfHour: false })
    return 'next'
  }
  if (state.status === 'open' && state.userId !== null && state.userOnline) return 'next'
  if (!state.isOutOfHour) {
    await sendSystemMessage(ctx, state, message)
    await changeTicket(ctx, state, { isOutOfHour: true })
  }
  return 'done'
}
