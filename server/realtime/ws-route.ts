import { Hono } from 'hono'
import { upgradeWebSocket, websocket } from 'hono/bun'
import type { AppEnv } from '../app-env.ts'
import type { Connection } from './connection.ts'

/**
 * GET /ws?token=<access token> (spec part 1 §7 real-time socket). Browsers cannot set headers on a
 * WebSocket, so the token rides in the query. A bad token is refused before the upgrade: 401
 * { error: 'ERR_SESSION_EXPIRED' }, the answer the client already handles by refreshing.
 */
export const realtimeRoutes = new Hono<AppEnv>().get(
  '/',
  upgradeWebSocket(async (c) => {
    const hub = c.get('services').hub
    if (!hub) throw new Error('realtime hub not attached (createApp attaches it)')
    const session = await hub.authenticate(c.req.query('token'))
    let conn: Connection | undefined
    return {
      onOpen: (_event, ws) => {
        conn = hub.open(session, ws)
      },
      onMessage: (event) => {
        if (conn) hub.receive(conn, event.data)
      },
      onClose: () => {
        if (conn) hub.closed(conn)
      },
    }
  }),
)

/**
 * Bun.serve's `websocket` option. Client frames are small JSON commands, so a large one is refused by
 * Bun itself; Bun's own pings detect dead peers behind the app-level ping/pong.
 */
export const websocketHandler = { ...websocket, maxPayloadLength: 64 * 1024, idleTimeout: 120 }
