import type { Services } from '../app-env.ts'
import { RealtimeHub } from './hub.ts'

export { RealtimeHub } from './hub.ts'
export type { Connection, SocketLike } from './connection.ts'
export { realtimeRoutes, websocketHandler } from './ws-route.ts'
export { startPgFanout } from './pg-fanout.ts'
export { sweepStaleOnline } from './user-status.ts'
export { routeEvent } from './route-event.ts'

/** One hub per Services: createApp may run more than once on the same services (tests), the hub must not. */
export function attachRealtimeHub(services: Services): RealtimeHub {
  services.hub ??= new RealtimeHub(services, {
    log: services.config.LOG_LEVEL === 'silent' ? () => {} : (m, err) => console.error(`[realtime] ${m}`, err ?? ''),
  })
  return services.hub
}
