import { abortError, networkError } from './fetch-signals.ts'

/** What the link needs from createSocketFetch's options (socket-fetch.ts documents each one). */
export interface ShapeSocketLinkOptions {
  socketUrl: URL
  getToken: (opts?: { refresh?: boolean; stale?: string | null }) => Promise<string | null>
  WebSocketImpl: new (url: string) => WebSocket
  connectAttempts: number
  fallbackForMs: number
  connectTimeoutMs: number
  pingAfterMs: number
  deadAfterMs: number
}

/** The one WebSocket that carries every shape request: opened on demand, watched while requests wait. */
export interface ShapeSocketLink {
  /** The open socket, opening it (with a few tries) when there is none; rejects when it cannot be opened. */
  connect(): Promise<WebSocket>
  /** One shape request over s, answered as a Response; rejects as fetch does (network failure, abort). */
  request(s: WebSocket, query: string, token: string | null, signal: AbortSignal | null | undefined): Promise<Response>
  /** Closes the socket; requests in flight fail as network errors. */
  close(): void
  /** Forgets failed opens: the next connect tries at once, with every attempt, and ends any fallback period. */
  forgetFailures(): void
  readonly socketsOpened: number
  /** Until when (epoch ms) shape requests should go over plain HTTP, the socket having failed to open. */
  readonly fallbackUntil: number
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

export function createShapeSocketLink(opts: ShapeSocketLinkOptions): ShapeSocketLink {
  const { socketUrl, getToken, WebSocketImpl, connectAttempts, fallbackForMs, connectTimeoutMs, pingAfterMs, deadAfterMs } = opts
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

  function request(s: WebSocket, query: string, token: string | null, signal: AbortSignal | null | undefined): Promise<Response> {
    if (s.readyState !== OPEN || socket !== s) return Promise.reject(networkError('shape socket closed'))
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

  function close() {
    const s = socket
    if (!s) return
    dropped(s, 'shape socket closed by the client', false)
    s.close(1000, 'done')
  }

  return {
    connect,
    request,
    close,
    forgetFailures() {
      failures = 0
      fellBack = false
      fallbackUntil = 0
    },
    get socketsOpened() {
      return socketsOpened
    },
    get fallbackUntil() {
      return fallbackUntil
    },
  }
}
