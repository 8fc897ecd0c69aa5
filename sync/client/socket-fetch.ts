/**
 * A `fetch` for the Electric client that carries GET /v1/shape over ONE shared WebSocket
 * (/v1/shape-socket, sync/server/shape-socket.ts has the frame protocol).
 *
 * Why: each synced table holds a 20 s long-poll, and a browser gives a host only 6 HTTP/1.1
 * connections, so 16 tables over plain fetch starve the app's own API calls. Passed as
 * ShapeStream's `fetchClient` (pglite-sync hands `shape` options to ShapeStream), every shape request
 * becomes a frame on one socket and comes back as a real Response, so the Electric client cannot tell.
 *
 * Behaviour the Electric client relies on:
 * - `init.signal` aborts: a cancel frame goes to the server (its long-poll stops) and the promise
 *   rejects with an AbortError DOMException (the live watchdog and refreshes abort requests).
 * - A socket that drops (or stays silent too long while requests wait) rejects those requests with
 *   TypeError('Failed to fetch'), as a network failure; the Electric client backs off and retries them,
 *   and the next request opens a new socket (after a short backoff when drops repeat).
 * - Anything else (other URLs, other methods, SSE) goes to `fallbackFetch`, and so do shape requests
 *   when the socket cannot be opened after `connectAttempts` tries; the socket is tried again once
 *   `fallbackForMs` has passed.
 * - The token: each request sends the one in its Authorization header (the Electric client's freshest,
 *   refreshed on 401 by start-sync's onError), else getToken()'s. The socket's URL carries getToken()'s
 *   at connect time (a browser WebSocket cannot send headers).
 *
 * @example
 * const fetchClient = createSocketFetch({ socketUrl: shapeSocketUrl(shapeUrl), getToken })
 * new ShapeStream({ url: shapeUrl, params: { table: 'tickets' }, fetchClient })
 */

import { abortError, networkError, raceAbort } from './fetch-signals.ts'
import { RequestSlots } from './request-slots.ts'
import { createShapeSocketLink } from './shape-socket-link.ts'

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** What `createSocketFetch` returns: fetch's signature plus a way to close the socket. */
export type SocketFetch = typeof fetch & {
  /** Closes the socket (requests in flight fail as network errors); a later request opens a new one. */
  close(): void
  /** How many WebSockets were opened so far (tests, diagnostics). */
  readonly socketsOpened: number
  /** Whether shape requests currently go to fallbackFetch because the socket could not be opened. */
  readonly fallingBack: boolean
  /** The network is back: the next request tries the socket at once, without a fallback period or backoff. */
  retrySocketNow(): void
}

export interface SocketFetchOptions {
  /** ws(s)://host/v1/shape-socket; shape requests are those to the same host at the path without "-socket". */
  socketUrl: string | URL
  /** The access token for the socket's URL (and for requests without an Authorization header). */
  getToken: (opts?: { refresh?: boolean; stale?: string | null }) => Promise<string | null>
  fallbackFetch?: FetchLike
  WebSocketImpl?: new (url: string) => WebSocket
  /** Failed opens in a row before shape requests use fallbackFetch (default 3). */
  connectAttempts?: number
  /** How long to use fallbackFetch before trying the socket again (default 30 s). */
  fallbackForMs?: number
  /** An open that has not completed by then counts as failed (default 5 s). */
  connectTimeoutMs?: number
  /** While requests wait, ping after this much silence (default 15 s; the server holds polls 20 s) … */
  pingAfterMs?: number
  /** … and give the socket up after this much (default 40 s, under the Electric client's 45 s watchdog). */
  deadAfterMs?: number
  /** Shape requests over plain HTTP (fallback) at once, at most (default 3: the app's API calls keep the rest). */
  fallbackConcurrency?: number
  /** How long the server holds a live request that came over plain HTTP (default 1.5 s, header x-live-hold-ms). */
  fallbackLiveHoldMs?: number
}

/** The socket endpoint for a shape URL: same origin, path + "-socket", ws(s) scheme. */
export function shapeSocketUrl(shapeUrl: string | URL): string {
  const url = new URL(shapeUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = url.pathname.replace(/\/+$/, '') + '-socket'
  url.search = ''
  url.hash = ''
  return url.href
}

export function createSocketFetch(opts: SocketFetchOptions): SocketFetch {
  const socketUrl = new URL(opts.socketUrl)
  const shapeHost = socketUrl.host
  const shapeProtocol = socketUrl.protocol === 'wss:' ? 'https:' : 'http:'
  const shapePath = socketUrl.pathname.replace(/-socket$/, '')
  const fallbackFetch: FetchLike = opts.fallbackFetch ?? ((input, init) => fetch(input, init))
  const getToken = opts.getToken
  const link = createShapeSocketLink({
    socketUrl,
    getToken,
    WebSocketImpl: opts.WebSocketImpl ?? WebSocket,
    connectAttempts: opts.connectAttempts ?? 3,
    fallbackForMs: opts.fallbackForMs ?? 30_000,
    connectTimeoutMs: opts.connectTimeoutMs ?? 5_000,
    pingAfterMs: opts.pingAfterMs ?? 15_000,
    deadAfterMs: opts.deadAfterMs ?? 40_000,
  })
  // Over plain HTTP every table would hold one of the browser's 6 connections for 20 s: a few at a
  // time, each held briefly, trades latency (a change shows within a round of the tables) for an app
  // whose API calls and outbox still get through.
  const httpSlots = new RequestSlots(opts.fallbackConcurrency ?? 3)
  const liveHold = String(opts.fallbackLiveHoldMs ?? 1_500)
  const httpShapeFetch = async (input: RequestInfo | URL, init: RequestInit | undefined, url: URL, headers: Headers, signal: AbortSignal | null | undefined) => {
    const release = await httpSlots.take(signal)
    try {
      if (url.searchParams.get('live') === 'true') headers.set('x-live-hold-ms', liveHold)
      return await fallbackFetch(typeof input === 'string' || input instanceof URL ? input : input.url, { ...init, method: 'GET', headers, signal })
    } finally {
      release()
    }
  }

  function isShapeRequest(url: URL, method: string, headers: Headers, init?: RequestInit): boolean {
    return (
      method === 'GET' &&
      url.protocol === shapeProtocol &&
      url.host === shapeHost &&
      url.pathname === shapePath &&
      !init?.body &&
      !(headers.get('accept') ?? '').includes('text/event-stream')
    )
  }

  async function socketFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const isRequest = typeof Request !== 'undefined' && input instanceof Request
    let url: URL
    try {
      url = new URL(isRequest ? input.url : String(input))
    } catch {
      return fallbackFetch(input, init)
    }
    const method = (init?.method ?? (isRequest ? input.method : 'GET')).toUpperCase()
    const headers = new Headers(isRequest ? input.headers : undefined)
    if (init?.headers) new Headers(init.headers).forEach((value, name) => headers.set(name, value))
    if (!isShapeRequest(url, method, headers, init)) return fallbackFetch(input, init)
    const signal = init?.signal ?? (isRequest ? input.signal : undefined)
    if (signal?.aborted) throw abortError()
    if (Date.now() < link.fallbackUntil) return httpShapeFetch(input, init, url, headers, signal)

    const query = new URLSearchParams(url.search).toString()
    const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '')?.[1]
    let s: WebSocket
    try {
      s = await raceAbort(link.connect(), signal)
    } catch (err) {
      if (signal?.aborted) throw abortError()
      if (Date.now() < link.fallbackUntil) return httpShapeFetch(input, init, url, headers, signal)
      throw err instanceof TypeError ? err : networkError(String(err))
    }
    const token = bearer ?? (await getToken().catch(() => null))
    if (signal?.aborted) throw abortError()
    return link.request(s, query, token, signal)
  }

  // `preconnect`: Bun's `typeof fetch` has it; a no-op keeps this assignable to ShapeStream's fetchClient.
  return Object.defineProperties(socketFetch, {
    close: { value: () => link.close() },
    retrySocketNow: { value: () => link.forgetFailures() },
    preconnect: { value: () => {} },
    socketsOpened: { get: () => link.socketsOpened },
    fallingBack: { get: () => Date.now() < link.fallbackUntil },
  }) as unknown as SocketFetch
}
