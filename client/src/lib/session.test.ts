import 'fake-indexeddb/auto'
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { openOutbox } from '../../../sync/client/outbox.ts'
import { userAtom } from '../state/auth.ts'
import { localFirstAtom } from '../state/local-first.ts'
import { store } from '../state/store.ts'
import { rememberedUser, startSession, wipeLocalData } from './session.ts'
import type { User } from './types.ts'

class MemoryStorage {
  private data = new Map<string, string>()
  getItem = (k: string) => this.data.get(k) ?? null
  setItem = (k: string, v: string) => void this.data.set(k, String(v))
  removeItem = (k: string) => void this.data.delete(k)
  clear = () => this.data.clear()
}

const me = { id: 7, companyId: 3, name: 'Ana', email: 'ana@x.com' } as User

beforeEach(() => {
  ;(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage()
})
afterAll(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage
  store.set(userAtom, null)
})

describe('wipeLocalData on logout', () => {
  test("deletes the user's outbox and session storage, keeps device preferences", async () => {
    startSession('tok', me)
    localStorage.setItem('language', 'en')
    expect(rememberedUser()?.id).toBe(7)
    const outbox = await openOutbox({ userKey: '3-7', getToken: async () => 't', connectivity: null, lock: null, channel: null, autoReplay: false })
    await outbox.enqueue({ method: 'POST', path: '/users', body: { name: 'secret' } })
    const other = await openOutbox({ userKey: '3-8', getToken: async () => 't', connectivity: null, lock: null, channel: null, autoReplay: false })
    other.close()

    await wipeLocalData()

    const names = (await indexedDB.databases()).map((d) => d.name)
    expect(names).toContain('balcao-outbox-3-8')
    expect(names).not.toContain('balcao-outbox-3-7')
    expect(outbox.snapshot().state).toBe('closed')
    expect(localStorage.getItem('token')).toBeNull()
    expect(rememberedUser()).toBeNull()
    expect(localStorage.getItem('language')).toBe('en')
    expect(store.get(localFirstAtom)).toEqual({ state: 'closed' })
  }, 10_000)
})
