import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { tokenAtom } from '../state/auth.ts'
import { store } from '../state/store.ts'
import { api } from './api.ts'
import { appConnectivity, getSyncToken, LOCAL_SYNC_TABLES } from './local-first.ts'
import type { User } from './types.ts'

class MemoryStorage {
  private data = new Map<string, string>()
  getItem = (k: string) => this.data.get(k) ?? null
  setItem = (k: string, v: string) => void this.data.set(k, String(v))
  removeItem = (k: string) => void this.data.delete(k)
  clear = () => this.data.clear()
}

const realFetch = globalThis.fetch
let refreshCalls = 0
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const me = { id: 7, companyId: 3, name: 'Ana', email: 'ana@x.com' } as User

beforeEach(() => {
  ;(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage()
  ;(globalThis as { window?: unknown }).window = new EventTarget()
  localStorage.setItem('token', 'old-token')
  store.set(tokenAtom, 'old-token')
  refreshCalls = 0
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    if (String(input) === '/auth/refresh_token') {
      refreshCalls++
      return json(200, { token: 'new-token', user: me })
    }
    return json(200, { ok: true })
  }) as typeof fetch
})
afterEach(() => {
  globalThis.fetch = realFetch
})
afterAll(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage
  delete (globalThis as { window?: unknown }).window
})

test('opens every table of the shape catalogue (the pages read tickets, messages, contacts and their links)', () => {
  expect(LOCAL_SYNC_TABLES).toEqual(expect.arrayContaining(['companies', 'users', 'whatsapps', 'tickets', 'messages', 'contacts', 'ticket_tags', 'ticket_notes', 'quick_messages']))
  expect(LOCAL_SYNC_TABLES).toHaveLength(16)
})

describe('getSyncToken (the worker and the outbox ask it)', () => {
  test('answers the stored token without calling the server', async () => {
    expect(await getSyncToken()).toBe('old-token')
    expect(refreshCalls).toBe(0)
  })

  test('a refused token is refreshed through the API client, once', async () => {
    expect(await getSyncToken({ refresh: true, stale: 'old-token' })).toBe('new-token')
    expect(localStorage.getItem('token')).toBe('new-token')
    expect(refreshCalls).toBe(1)
  })
})

describe('appConnectivity (the outbox sends at once when)', () => {
  test('the browser says online, or any API call succeeded', async () => {
    const heard: boolean[] = []
    const stop = appConnectivity().subscribe((online) => heard.push(online))
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
    await api('/version')
    expect(heard).toEqual([false, true, true])
    stop()
    await api('/version')
    expect(heard.length).toBe(3)
  })
})
