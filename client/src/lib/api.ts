import { userAtom } from '../state/auth.ts'
import { store } from '../state/store.ts'
import { goTo } from './navigation.ts'
import { endSession, readToken, saveToken } from './session.ts'
import type { User } from './types.ts'

/** A failed call: HTTP status, the server's error code and message. `handled` errors need no toast. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly body: unknown
  handled: boolean

  constructor(status: number, code: string | undefined, message: string, body?: unknown, handled = false) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.body = body
    this.handled = handled
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>

export interface ApiOptions {
  method?: string
  json?: unknown
  form?: FormData
  query?: Query
  /** Send the bearer token (default true). */
  auth?: boolean
  signal?: AbortSignal
}

/** Calls that must never trigger a refresh or a logout on 401/403. */
const SESSION_PATHS = ['/auth/login', '/auth/signup', '/auth/refresh_token', '/auth/logout']

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v))
  const qs = params.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

function send(path: string, opts: ApiOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token && opts.auth !== false) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (opts.form) body = opts.form
  else if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.json)
  }
  // The refresh cookie (jrt) lives on path /auth: those calls carry credentials.
  const credentials: RequestCredentials = path.startsWith('/auth/') ? 'include' : 'same-origin'
  return fetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, credentials, signal: opts.signal }).catch(
    (err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') throw err
      throw new ApiError(0, 'ERR_NETWORK', err instanceof Error ? err.message : 'Network error')
    },
  )
}

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '')
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // a non-JSON error body stays text
  }
  const obj = (body && typeof body === 'object' ? body : {}) as { error?: unknown; message?: unknown }
  const code = typeof obj.error === 'string' ? obj.error : undefined
  const message = typeof obj.message === 'string' ? obj.message : typeof body === 'string' ? body : ''
  return new ApiError(res.status, code, message, body)
}

const reachableListeners = new Set<() => void>()

/** Calls listener after every successful API answer (the outbox sends its queue at once then). */
export function onServerReachable(listener: () => void): () => void {
  reachableListeners.add(listener)
  return () => reachableListeners.delete(listener)
}

function reached() {
  for (const l of reachableListeners) l()
}

let refreshing: Promise<string | null> | null = null

async function refreshOnce(stale: string | null): Promise<string | null> {
  // Another tab may have refreshed already: refresh tokens work once, so reuse its token.
  const current = readToken()
  if (current && current !== stale) return current
  const res = await fetch('/auth/refresh_token', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } }).catch(
    (err: unknown) => {
      throw new ApiError(0, 'ERR_NETWORK', err instanceof Error ? err.message : 'Network error')
    },
  )
  if (!res.ok) return null
  const { token, user } = (await res.json()) as { token: string; user: User }
  saveToken(token)
  if (user) store.set(userAtom, user)
  return token
}

/**
 * POST /auth/refresh_token, one at a time per browser (a rotated refresh token presented twice ends the
 * session). Resolves to the new access token, or null when the server says the session is over; rejects
 * with ERR_NETWORK when the server cannot be reached (the session may still be alive).
 */
export function refreshAccessToken(stale: string | null = readToken()): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
      return await (locks ? locks.request('balcao-token-refresh', () => refreshOnce(stale)) : refreshOnce(stale))
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

function sessionOver(): never {
  endSession()
  goTo('/login')
  throw new ApiError(401, 'ERR_SESSION_EXPIRED', 'Session ended', null, true)
}

/**
 * One call to the API on the same origin, with the session rules of spec part 1 §4: a 403 (and a 401 for an
 * expired access token, which is how our server says it) is retried once after a token refresh; a 401 that
 * a refresh cannot cure logs out to /login; 402 ERR_SUBSCRIPTION_EXPIRED goes to /financeiro-aberto.
 */
export async function apiResponse(path: string, opts: ApiOptions = {}): Promise<Response> {
  const token = opts.auth === false ? null : readToken()
  let res = await send(path, opts, token)
  const sessionCall = SESSION_PATHS.some((p) => path.startsWith(p))
  if (token && !sessionCall && (res.status === 401 || res.status === 403)) {
    const fresh = await refreshAccessToken(token)
    if (fresh) res = await send(path, opts, fresh)
    else if (res.status === 401) sessionOver()
  }
  if (res.ok) {
    reached()
    return res
  }
  const error = await errorOf(res)
  if (res.status === 401 && token && !sessionCall) sessionOver()
  if (res.status === 402 && error.code === 'ERR_SUBSCRIPTION_EXPIRED') {
    error.handled = true
    goTo('/financeiro-aberto')
  }
  throw error
}

/** A JSON call; an empty body answers null. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const res = await apiResponse(path, opts)
  const text = await res.text()
  return (text ? JSON.parse(text) : null) as T
}

/** A stored file fetched with the bearer token (media are not public), as a Blob. */
export async function apiBlob(path: string, opts: ApiOptions = {}): Promise<Blob> {
  const res = await apiResponse(path, opts)
  return res.blob()
}
