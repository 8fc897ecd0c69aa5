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

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** What `createSocketFetch` returns: fetch's signature plus a way to close the socket. */
export type SocketFetch = typeof fetch & {
  /** Closes the socket (requests in flight fail as network errors); a later request opens a new one. */
  close(): void
  /** How many WebSockets were opened so far (tests, diagnostics). */
  readonly socketsOpened: number
  /** Whether shape requests currently go to fallbackFetch because the socket could not be opened. */
  readonly fallingBack: boolean
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

interface Pending {
  socket: WebSocket
  chunks: string[]
  resolve(res: Response): void
  reject(err: unknown): void
  cleanup(): void
}

const OPEN = 1
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304])

/** The socket endpoint for a shape URL: same origin, path + "-socket", ws(s) scheme. */
export function shapeSocketUrl(shapeUrl: string | URL): string {
  const url = new URL(shapeUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = url.pathname.replace(/\/+$/, '') + '-socket'
  url.search = ''
  url.hash = ''
  return url.href
}

const abortError = () => new DOMException('This operation was aborted', 'AbortError')
const networkError = (cause?: string) => new TypeError('Failed to fetch', cause ? { cause } : undefined)
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Whether a JWT's exp has passed (or passes within 30 s); false when it is not a readable JWT. */
function jwtExpired(token: string): boolean {
  try {
    const payload = token.split('.')[1]
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof json.exp === 'number' && json.exp * 1000 < Date.now() + 30_000
  } catch {
    return false
  }
}

export function createSocketFetch(opts: SocketFetchOptions): SocketFetch {
  const socketUrl = new URL(opts.socketUrl)
  const shapeHost = socketUrl.host
  const shapeProtocol = socketUrl.protocol === 'wss:' ? 'https:' : 'http:'
  const shapePath = socketUrl.pathname.replace(/-socket$/, '')
  const fallbackFetch: FetchLike = opts.fallbackFetch ?? ((input, init) => fetch(input, init))
  const WebSocketImpl = opts.WebSocketImpl ?? WebSocket
  const getToken = opts.getToken
  const connectAttempts = opts.connectAttempts ?? 3
  const fallbackForMs = opts.fallbackForMs ?? 30_000
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5_000
  const pingAfterMs = opts.pingAfterMs ?? 15_000
  const deadAfterMs = opts.deadAfterMs ?? 40_000
  // Over plain HTTP every table would hold one of the browser's 6 connections for 20 s: a few at a
  // time, each held briefly, trades latency (a change shows within a round of the tables) for an app
  // whose API calls and outbox still get through.
  const httpSlots = new Slots(opts.fallbackConcurrency ?? 3)
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

  let socket: WebSocket | null = null
  let opening: Promise<WebSocket> | null = null
  /** Opens that failed, and sockets that dropped, since the last answered request. */
  let failures = 0
  let fallbackUntil = 0
  let fellBack = false
  let socketsOpened = 0
  let nextId = 1
  let lastFrameAt = 0
  let lastPingAt = 0
  let heartbeat: ReturnType<typeof setInterval> | undefined
  const pending = new Map<number, Pending>()

  function failAll(s: WebSocket, reason: string) {
    for (const [id, p] of pending) {
      if (p.socket !== s) continue
      pending.delete(id)
      p.cleanup()
      p.reject(networkError(reason))
    }
  }

  function dropped(s: WebSocket, reason: string, countsAsFailure = true) {
    s.onmessage = s.onclose = s.onerror = null
    if (socket === s) {
      socket = null
      stopHeartbeat()
      if (countsAsFailure) failures++
    }
    failAll(s, reason)
  }

  function stopHeartbeat() {
    if (heartbeat !== undefined) clearInterval(heartbeat)
    heartbeat = undefined
  }

  function startHeartbeat(s: WebSocket) {
    stopHeartbeat()
    const every = Math.max(50, Math.min(pingAfterMs, deadAfterMs) / 3)
    heartbeat = setInterval(() => {
      if (socket !== s || ![...pending.values()].some((p) => p.socket === s)) return
      const now = Date.now()
      if (now - lastFrameAt > deadAfterMs) {
        // A half-open connection: nothing arrives, and the browser would never say so.
        dropped(s, 'shape socket silent')
        s.close(4000, 'silent')
      } else if (now - lastFrameAt > pingAfterMs && now - lastPingAt > pingAfterMs) {
        lastPingAt = now
        try {
          s.send('{"type":"ping"}')
        } catch {
          // closing: onclose follows
        }
      }
    }, every)
    ;(heartbeat as { unref?: () => void }).unref?.()
  }

  function onFrame(s: WebSocket, data: unknown) {
    if (socket !== s || typeof data !== 'string') return
    lastFrameAt = Date.now()
    let frame: { id?: number; type?: string; data?: string; status?: number; headers?: Record<string, string>; body?: string }
    try {
      frame = JSON.parse(data)
    } catch {
      return
    }
    const p = typeof frame.id === 'number' ? pending.get(frame.id) : undefined
    if (!p || p.socket !== s) return // a pong, or the answer to a request already aborted
    if (frame.type === 'chunk') {
      p.chunks.push(String(frame.data ?? ''))
    } else if (frame.type === 'response') {
      pending.delete(frame.id!)
      p.cleanup()
      failures = 0
      fellBack = false
      const status = Number(frame.status)
      try {
        const body = NULL_BODY_STATUS.has(status) ? null : p.chunks.join('') + (frame.body ?? '')
        p.resolve(new Response(body, { status, headers: frame.headers ?? {} }))
      } catch (err) {
        p.reject(networkError(err instanceof Error ? err.message : 'bad response frame'))
      }
    }
  }

  /** One attempt to open the socket. */
  function openOnce(token: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const url = new URL(socketUrl)
      url.searchParams.set('token', token)
      let s: WebSocket
      try {
        s = new WebSocketImpl(url.href)
      } catch (err) {
        reject(err)
        return
      }
      socketsOpened++
      let settled = false
      const fail = (why: string) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        s.onopen = s.onclose = s.onerror = null
        reject(new Error(why))
      }
      const timer = setTimeout(() => {
        fail('shape socket open timed out')
        s.close()
      }, connectTimeoutMs)
      s.onerror = () => {} // onclose follows, with the code
      s.onclose = (ev) => fail(`shape socket refused (${ev.code})`)
      s.onopen = () => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        socket = s
        lastFrameAt = Date.now()
        s.onmessage = (ev) => onFrame(s, ev.data)
        s.onclose = (ev) => dropped(s, `shape socket closed (${ev.code})`)
        s.onerror = () => {}
        startHeartbeat(s)
        resolve(s)
      }
    })
  }

  /** The open socket, opening it (with a few tries) when there is none; rejects to fall back. */
  function connect(): Promise<WebSocket> {
    if (socket && socket.readyState === OPEN) return Promise.resolve(socket)
    opening ??= (async () => {
      // After a fallback period: one more try; otherwise up to connectAttempts.
      const tries = fellBack ? 1 : connectAttempts
      let token: string | null = null
      for (let attempt = 0; attempt < tries; attempt++) {
        if (failures > 0) await sleep(Math.min(4000, 250 * 2 ** Math.min(failures - 1, 4)) * (0.5 + Math.random() / 2))
        // A refused open looks like any other failure to a WebSocket: an expired token is the likely cause.
        token = token && jwtExpired(token) ? await getToken({ refresh: true, stale: token }).catch(() => null) : await getToken().catch(() => null)
        if (!token) break
        try {
          return await openOnce(token)
        } catch {
          failures++
        }
      }
      fellBack = true
      fallbackUntil = Date.now() + fallbackForMs
      throw new Error('shape socket unavailable')
    })().finally(() => {
      opening = null
    })
    return opening
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
    if (Date.now() < fallbackUntil) return httpShapeFetch(input, init, url, headers, signal)

    const query = new URLSearchParams(url.search).toString()
    const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '')?.[1]
    let s: WebSocket
    try {
      s = await raceAbort(connect(), signal)
    } catch (err) {
      if (signal?.aborted) throw abortError()
      if (Date.now() < fallbackUntil) return httpShapeFetch(input, init, url, headers, signal)
      throw err instanceof TypeError ? err : networkError(String(err))
    }
    const token = bearer ?? (await getToken().catch(() => null))
    if (signal?.aborted) throw abortError()
    if (s.readyState !== OPEN || socket !== s) throw networkError('shape socket closed')

    const id = nextId++
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => {
        if (!pending.delete(id)) return
        cleanup()
        if (s.readyState === OPEN) s.send(JSON.stringify({ id, type: 'cancel' }))
        reject(abortError())
      }
      const cleanup = () => signal?.removeEventListener('abort', onAbort)
      if (![...pending.values()].some((p) => p.socket === s)) lastFrameAt = Date.now() // silence counts from now
      pending.set(id, { socket: s, chunks: [], resolve, reject, cleanup })
      signal?.addEventListener('abort', onAbort, { once: true })
      try {
        s.send(JSON.stringify(token ? { id, type: 'request', query, token } : { id, type: 'request', query }))
      } catch (err) {
        pending.delete(id)
        cleanup()
        reject(networkError(err instanceof Error ? err.message : 'send failed'))
      }
    })
  }

  const close = () => {
    const s = socket
    if (!s) return
    dropped(s, 'shape socket closed by the client', false)
    s.close(1000, 'done')
  }

  // `preconnect`: Bun's `typeof fetch` has it; a no-op keeps this assignable to ShapeStream's fetchClient.
  return Object.defineProperties(socketFetch, {
    close: { value: close },
    preconnect: { value: () => {} },
    socketsOpened: { get: () => socketsOpened },
    fallingBack: { get: () => Date.now() < fallbackUntil },
  }) as unknown as SocketFetch
}

/** A counting semaphore whose waiters leave the queue when their request is aborted. */
class Slots {
  private free: number
  private waiting: { grant: () => void }[] = []
  constructor(size: number) {
    this.free = Math.max(1, size)
  }
  async take(signal?: AbortSignal | null): Promise<() => void> {
    if (this.free > 0) this.free--
    else {
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort)
            resolve()
          },
        }
        const onAbort = () => {
          this.waiting = this.waiting.filter((w) => w !== waiter)
          reject(abortError())
        }
        if (signal?.aborted) return reject(abortError())
        signal?.addEventListener('abort', onAbort, { once: true })
        this.waiting.push(waiter)
      })
    }
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      if (next) next.grant()
      else this.free++
    }
  }
}

/** Resolves as the promise does, or rejects with AbortError when the signal aborts first. */
function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal | null): Promise<T> {
  if (!signal) return promise
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}
