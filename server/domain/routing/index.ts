export { routeInbound, botSkipReason } from './route-inbound.ts'
export type { RouteInput, RoutingCtx } from './routing-context.ts'
export { isWithinSchedule, localTime } from './schedule-rules.ts'
export { renderMenu, pickByNumber, mayReask, botAttemptsLeft } from './menu-rules.ts'
