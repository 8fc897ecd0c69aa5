import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { tokenAtom } from '../state/auth.ts'
import { store } from '../state/store.ts'
import { api, ApiError, buildUrl } from './api.ts'
import { setNavigator } from './navigation.ts'

/** An in-memory localStorage for the data layer under bun. */
class MemoryStorage {
  private data = new Map<string, string>()
  getItem(k: string) {
    return this.data.get(k) ?? null
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v))
  }
  removeItem(k: string) {
    this.data.delete(k)
  }
  clear() {
    this.data.clear()
  }
}

type Call = { url: string; method: string; auth: string | null; credentials: RequestCredentials | undefined }
let calls: Call[]
let navigations: string[]
let responder: (call: Call) => Response
const realFetch = globalThis.fetch
/** The ApiError a call rejects with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: ApiError) => e,
  )
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  ;(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage()
  localStorage.setItem('token', 'old-token')
  store.set(tokenAtom, 'old-token')
  calls = []
  navigations = []
  setNavigator((to) => navigations.push(to))
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    const call = { url: String(input), method: init?.method ?? 'GET', auth: headers.get('authorization'), credentials: init?.credentials }
    calls.push(call)
    return responder(call)
  }) as typeof fetch
})

afterEach(() => {
  globalThis.fetch = realFetch
  setNavigator(null)
})

afterAll(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage
})

describe('api client', () => {
  test('sends the bearer token from local storage and parses JSON', async () => {
    responder = () => json(200, { ok: true })
    expect(await api('/users/', { query: { pageNumber: 1, searchParam: undefined } })).toEqual({ ok: true })
    expect(calls).toEqual([{ url: '/users/?pageNumber=1', method: 'GET', auth: 'Bearer old-token', credentials: 'same-origin' }])
  })

  test('calls under /auth carry credentials for the refresh cookie', async () => {
    responder = () => json(200, { token: 't', user: { id: 1 } })
    await api('/auth/login', { method: 'POST', json: { email: 'a', password: 'b' }, auth: false })
    expect(calls[0].credentials).toBe('include')
    expect(calls[0].auth).toBeNull()
  })

  test('a 403 is retried once after a token refresh', async () => {
    responder = (c) => {
      if (c.url === '/auth/refresh_token') return json(200, { token: 'new-token', user: { id: 1 } })
      return c.auth === 'Bearer new-token' ? json(200, { done: 1 }) : json(403, { error: 'ERR_NO_PERMISSION' })
    }
    expect(await api('/helps/list')).toEqual({ done: 1 })
    expect(calls.map((c) => c.url)).toEqual(['/helps/list', '/auth/refresh_token', '/helps/list'])
    expect(calls[1].credentials).toBe('include')
    expect(localStorage.getItem('token')).toBe('new-token')
    expect(store.get(tokenAtom)).toBe('new-token')
  })

  test('a second 403 after the refresh is the error, not another refresh', async () => {
    responder = (c) => (c.url === '/auth/refresh_token' ? json(200, { token: 'new-token' }) : json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }))
    const err = await failure(api('/settings'))
    expect(err).toBeInstanceOf(ApiError)
    expect(err.code).toBe('ERR_NO_PERMISSION')
    expect(calls.filter((c) => c.url === '/auth/refresh_token').length).toBe(1)
  })

  test('concurrent failures share one refresh (a refresh token works once)', async () => {
    responder = (c) => {
      if (c.url === '/auth/refresh_token') return json(200, { token: 'new-token' })
      return c.auth === 'Bearer new-token' ? json(200, {}) : json(401, { error: 'ERR_SESSION_EXPIRED' })
    }
    await Promise.all([api('/a'), api('/b'), api('/c')])
    expect(calls.filter((c) => c.url === '/auth/refresh_token').length).toBe(1)
  })

  test('a 401 that a refresh cannot cure removes the token and goes to /login', async () => {
    responder = (c) => (c.url === '/auth/refresh_token' ? json(401, { error: 'ERR_INVALID_REFRESH_TOKEN' }) : json(401, { error: 'ERR_SESSION_EXPIRED' }))
    const err = await failure(api('/auth/me'))
    expect(err.handled).toBe(true)
    expect(localStorage.getItem('token')).toBeNull()
    expect(store.get(tokenAtom)).toBeNull()
    expect(navigations).toEqual(['/login'])
  })

  test('a wrong password is a plain error: no refresh, no logout', async () => {
    responder = () => json(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid email or password' })
    const err = await failure(api('/auth/login', { method: 'POST', json: {}, auth: false }))
    expect(err.code).toBe('ERR_INVALID_CREDENTIALS')
    expect(err.handled).toBe(false)
    expect(calls.length).toBe(1)
    expect(navigations).toEqual([])
  })

  test('402 ERR_SUBSCRIPTION_EXPIRED goes to /financeiro-aberto', async () => {
    responder = () => json(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: '2020-01-01' })
    const err = await failure(api('/announcements/'))
    expect(err.handled).toBe(true)
    expect(navigations).toEqual(['/financeiro-aberto'])
  })

  test('an unreachable server is ERR_NETWORK', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    const err = await failure(api('/version'))
    expect(err.code).toBe('ERR_NETWORK')
  })

  test('buildUrl skips empty values and keeps an existing query', () => {
    expect(buildUrl('/x', { a: 1, b: null, c: undefined, d: 'y z' })).toBe('/x?a=1&d=y+z')
    expect(buildUrl('/x?p=1', { a: true })).toBe('/x?p=1&a=true')
  })
})
