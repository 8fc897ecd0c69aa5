import { Hono } from 'hono'
import { upgradeWebSocket } from 'hono/bun'
import type { WSContext } from 'hono/ws'
import type { AppEnv } from '../../server/app-env.ts'
import { verifyAccessToken } from '../../server/auth/tokens.ts'
import { AppError } from '../../server/domain/app-error.ts'

/**
 * GET /v1/shape-socket?token=<access token>: the shape long-polls of one client over ONE WebSocket.
 *
 * Why: pglite-sync holds one 20 s long-poll per synced table, and a browser opens at most 6 HTTP/1.1
 * connections per host, so 16 tables starve every other request (Bun.serve has no HTTP/2). The client
 * (sync/client/socket-fetch.ts) is the Electric client's `fetchClient`: every GET /v1/shape it would
 * have made becomes a frame here, runs through the app's own fetch (the same handler, auth and scope as
 * over HTTP) and comes back as a frame the client turns into a Response.
 *
 * Frames (JSON text):
 *   client → server
 *     {"id": n, "type": "request", "query": "<query string of /v1/shape>", "token"?: "<access token>"}
 *     {"id": n, "type": "cancel"}           aborts request n (its long-poll stops); no answer
 *     {"type": "ping"}                      answered {"type": "pong"} (the browser cannot see WS pings)
 *   server → client
 *     {"id": n, "type": "chunk", "data": "<part of the body>"}          0..k of them, in order
 *     {"id": n, "type": "response", "status": s, "headers": {..}, "body": "<rest of the body>"}
 *   The body is chunks' data + response.body, concatenated. Bodies above CHUNK_CHARS are split so that a
 *   snapshot of tens of MB never sits whole in Bun's send buffer: Bun silently DROPS a frame sent while
 *   more than its backpressure limit (16 MiB) is buffered, so every frame waits until the buffer is
 *   under HIGH_WATER_BYTES. `headers` carries electric-*, cache-control, retry-after and content-type.
 *
 * Rules: the connect token is checked before the upgrade (401 ERR_SESSION_EXPIRED, as /ws). Each
 * request uses its own `token` (the freshest the client has; /v1/shape verifies it and answers 401
 * when it is bad, which the client handles as over HTTP), or the connect token when it has none.
 * Only /v1/shape is reachable: the query is appended to that fixed path, and a query with '#', '?',
 * '/', '\' or anything outside printable ASCII is answered 400. At most MAX_IN_FLIGHT requests per
 * socket (more: 429 with Retry-After); a malformed frame closes the socket (1008). Closing the socket
 * aborts every request in flight.
 */

export interface ShapeSocketLimits {
  /** Requests in flight per socket; more are answered 429 (the Electric client backs off and retries). */
  maxInFlight: number
  /** Longest client frame, in characters (Bun's maxPayloadLength, 64 KiB in main.ts, is the hard cap). */
  maxFrameChars: number
  /** Longest query string. */
  maxQueryChars: number
  /** A body longer than this goes out as chunk frames of this many characters. */
  chunkChars: number
  /** Frames wait while the socket has more than this buffered. */
  highWaterBytes: number
}

export const SHAPE_SOCKET_LIMITS: ShapeSocketLimits = {
  maxInFlight: 64,
  maxFrameChars: 16 * 1024,
  maxQueryChars: 8 * 1024,
  chunkChars: 256 * 1024,
  highWaterBytes: 1024 * 1024,
}

/** The app's own fetch (createApp passes `(req) => app.fetch(req)`). */
export type AppFetch = (req: Request) => Response | Promise<Response>

/** The part of Bun's ServerWebSocket used here (hono's WSContext hides send's result). */
interface RawSocket {
  send(data: string): number
  getBufferedAmount?(): number
  readyState: number
  close(code?: number, reason?: string): void
}

type ClientFrame = { id?: unknown; type?: unknown; query?: unknown; token?: unknown }

const FORWARDED = new Set(['cache-control', 'retry-after', 'content-type'])
const QUERY_OK = /^[\x21-\x7e]*$/
const QUERY_FORBIDDEN = /[#?/\\]/

/** The /v1/shape URL for a client query, or null when the query could reach anything else. */
export function shapeRequestUrl(origin: string, shapePath: string, query: unknown, maxChars = SHAPE_SOCKET_LIMITS.maxQueryChars): URL | null {
  if (typeof query !== 'string' || query.length > maxChars || !QUERY_OK.test(query) || QUERY_FORBIDDEN.test(query)) return null
  const url = new URL(shapePath, origin)
  url.search = query
  return url.pathname === shapePath && url.hash === '' ? url : null
}

function pickHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (name.startsWith('electric-') || FORWARDED.has(name)) out[name] = value
  })
  return out
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * The route, mounted at /v1/shape-socket by createApp. `shapePath` is where the app serves the shape
 * protocol; requests go through `appFetch` with that path only.
 */
export function shapeSocketRoutes(appFetch: AppFetch, opts: { shapePath?: string; limits?: Partial<ShapeSocketLimits> } = {}) {
  const shapePath = opts.shapePath ?? '/v1/shape'
  const limits = { ...SHAPE_SOCKET_LIMITS, ...opts.limits }
  return new Hono<AppEnv>().get(
    '/',
    upgradeWebSocket(async (c) => {
      const { keys, now } = c.get('services')
      const connectToken = c.req.query('token')
      // Before the upgrade: a thrown AppError is the 401 JSON answer (app.onError).
      if (!connectToken) throw new AppError('ERR_SESSION_EXPIRED', 'Missing token')
      await verifyAccessToken(keys, connectToken, now())
      const origin = new URL(c.req.url).origin
      const inFlight = new Map<number, AbortController>()
      let closed = false

      const protocolError = (raw: RawSocket, reason: string) => {
        if (raw.readyState === 1) raw.close(1008, reason)
      }

      /** Sends one frame once the send buffer has room; false if the socket or the request is gone. */
      const sendFrame = async (raw: RawSocket, frame: string, signal?: AbortSignal): Promise<boolean> => {
        while ((raw.getBufferedAmount?.() ?? 0) > limits.highWaterBytes) {
          if (closed || signal?.aborted) return false
          await sleep(5)
        }
        if (closed || signal?.aborted || raw.readyState !== 1) return false
        if (raw.send(frame) === 0) {
          // Dropped (should not happen below the high-water mark): the client retries on a new socket.
          raw.close(1011, 'send buffer full')
          return false
        }
        return true
      }

      const answer = async (raw: RawSocket, id: number, status: number, headers: Record<string, string>, body: string, signal?: AbortSignal) => {
        let at = 0
        while (body.length - at > limits.chunkChars) {
          let end = at + limits.chunkChars
          const code = body.charCodeAt(end - 1)
          if (code >= 0xd800 && code <= 0xdbff) end-- // never split a surrogate pair
          if (!(await sendFrame(raw, JSON.stringify({ id, type: 'chunk', data: body.slice(at, end) }), signal))) return
          at = end
        }
        await sendFrame(raw, JSON.stringify({ id, type: 'response', status, headers, body: at === 0 ? body : body.slice(at) }), signal)
      }

      const run = async (raw: RawSocket, id: number, frame: ClientFrame) => {
        const url = shapeRequestUrl(origin, shapePath, frame.query, limits.maxQueryChars)
        if (!url) {
          const body = JSON.stringify({ message: 'Invalid request', errors: { query: ['must be the query string of a shape request'] } })
          return answer(raw, id, 400, { 'content-type': 'application/json' }, body)
        }
        if (inFlight.size >= limits.maxInFlight) {
          const body = JSON.stringify({ message: `More than ${limits.maxInFlight} requests in flight on this socket` })
          return answer(raw, id, 429, { 'content-type': 'application/json', 'retry-after': '1' }, body)
        }
        const token = typeof frame.token === 'string' && frame.token ? frame.token : connectToken
        const aborter = new AbortController()
        inFlight.set(id, aborter)
        try {
          let status: number
          let headers: Record<string, string>
          let body: string
          try {
            const res = await appFetch(new Request(url, { headers: { authorization: `Bearer ${token}` }, signal: aborter.signal }))
            status = res.status
            headers = pickHeaders(res.headers)
            body = await res.text()
          } catch (err) {
            if (aborter.signal.aborted) return
            // app.onError answers anything thrown by a handler; this is a body that failed to read.
            status = 502
            headers = { 'content-type': 'application/json', 'retry-after': '1' }
            body = JSON.stringify({ message: err instanceof Error ? err.message : 'shape request failed' })
          }
          if (!aborter.signal.aborted) await answer(raw, id, status, headers, body, aborter.signal)
        } finally {
          if (inFlight.get(id) === aborter) inFlight.delete(id)
        }
      }

      return {
        onMessage(event, ws: WSContext) {
          const raw = ws.raw as RawSocket
          if (typeof event.data !== 'string') return protocolError(raw, 'text frames only')
          if (event.data.length > limits.maxFrameChars) return protocolError(raw, 'frame too large')
          let frame: ClientFrame
          try {
            frame = JSON.parse(event.data) as ClientFrame
          } catch {
            return protocolError(raw, 'not JSON')
          }
          if (!frame || typeof frame !== 'object') return protocolError(raw, 'not a frame')
          if (frame.type === 'ping') {
            void sendFrame(raw, '{"type":"pong"}')
            return
          }
          const id = frame.id
          if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return protocolError(raw, 'bad id')
          if (frame.type === 'cancel') {
            inFlight.get(id)?.abort()
            inFlight.delete(id)
          } else if (frame.type === 'request') {
            if (inFlight.has(id)) return protocolError(raw, 'id in flight')
            void run(raw, id, frame)
          }
          // Other types are ignored (a newer client).
        },
        onClose() {
          closed = true
          for (const aborter of inFlight.values()) aborter.abort()
          inFlight.clear()
        },
      }
    }),
  )
}
