import 'fake-indexeddb/auto'
import { describe, expect, test } from 'bun:test'
import { IDBFactory } from 'fake-indexeddb'
import type { Clock } from './backoff.ts'
import { nextSendable, openOutbox, type Connectivity, type OutboxEvent, type OutboxOptions } from './outbox.ts'
import type { OutboxWrite } from './outbox-store.ts'

/** A clock that only moves when told to; timers fire on advance(). */
function fakeClock(start = 1_700_000_000_000) {
  let now = start
  let nextId = 1
  const timers = new Map<number, { at: number; fn: () => void }>()
  const clock: Clock & { advance(ms: number): void; delays(): number[] } = {
    now: () => now,
    setTimeout(fn, ms) {
      timers.set(nextId, { at: now + ms, fn })
      return nextId++
    },
    clearTimeout: (id) => void timers.delete(id as number),
    advance(ms) {
      now += ms
      for (const [id, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(id)
          t.fn()
        }
      }
    },
    delays: () => [...timers.values()].map((t) => t.at - now),
  }
  return clock
}

interface Received {
  method: string
  url: string
  key: string | null
  token: string | null
  body: unknown
}

type Reply = Response | 'network-error'

/** A server that records what reaches it and answers from a script (default 201 with an id and a txid). */
function fakeServer() {
  const received: Received[] = []
  /** The requests answered 2xx: the writes the server applied. */
  const accepted: Received[] = []
  const script: ((r: Received) => Reply | undefined)[] = []
  let offline = false
  let txid = 1000
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    if (offline) throw new TypeError('fetch failed')
    const h = new Headers(init.headers)
    const r: Received = {
      method: init.method ?? 'GET',
      url,
      key: h.get('idempotency-key'),
      token: h.get('authorization'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    }
    const reply = script.shift()?.(r)
    if (reply === 'network-error') throw new TypeError('fetch failed')
    received.push(r)
    const res = reply ?? Response.json({ id: received.length, ...(r.body as object) }, { status: 201, headers: { 'x-txid': String(++txid) } })
    if (res.ok) accepted.push(r)
    return res
  }
  return {
    fetch,
    received,
    accepted,
    /** The next answers, in order; undefined falls back to 201. */
    answer: (...replies: ((r: Received) => Reply | undefined)[]) => script.push(...replies),
    setOffline: (v: boolean) => (offline = v),
  }
}

function fakeConnectivity(online: boolean) {
  const listeners = new Set<(online: boolean) => void>()
  const c: Connectivity & { set(v: boolean): void } = {
    isOnline: () => online,
    subscribe(l) {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    set(v) {
      online = v
      for (const l of listeners) l(v)
    },
  }
  return c
}

function setup(overrides: Partial<OutboxOptions> = {}) {
  const server = fakeServer()
  const clock = fakeClock()
  const indexedDB = new IDBFactory()
  const tokens = { current: 'token-1', refreshes: 0 }
  const options: OutboxOptions = {
    userKey: 'c1-u1',
    baseUrl: 'http://api.test',
    fetch: server.fetch,
    indexedDB,
    clock,
    random: () => 1,
    connectivity: null,
    lock: null,
    channel: null,
    getToken: async (o) => {
      if (o?.refresh) {
        tokens.refreshes++
        tokens.current = `token-${tokens.refreshes + 1}`
      }
      return tokens.current
    },
    ...overrides,
  }
  const open = (more: Partial<OutboxOptions> = {}) => openOutbox({ ...options, ...more })
  return { server, clock, indexedDB, tokens, open }
}

const post = (n: number) => ({ method: 'POST' as const, path: '/users', body: { name: `user ${n}` } })

describe('order', () => {
  test('sends writes in the order they were made, each with its id as Idempotency-Key', async () => {
    const { server, open } = setup()
    const outbox = await open()
    const ids = []
    for (let i = 1; i <= 5; i++) ids.push((await outbox.enqueue(post(i))).id)
    expect(await outbox.whenSettled()).toBe('idle')
    expect(server.accepted.map((r) => (r.body as { name: string }).name)).toEqual(['user 1', 'user 2', 'user 3', 'user 4', 'user 5'])
    expect(server.received.map((r) => r.key)).toEqual(ids)
    expect(server.received.every((r) => r.token === 'Bearer token-1' && r.url === 'http://api.test/users')).toBe(true)
    expect(outbox.snapshot().writes).toEqual([])
    outbox.close()
  })

  test('a given client id is the Idempotency-Key', async () => {
    const { server, open } = setup()
    const outbox = await open()
    await outbox.enqueue({ ...post(1), clientId: 'optimistic-row-7' })
    await outbox.whenSettled()
    expect(server.received[0].key).toBe('optimistic-row-7')
    outbox.close()
  })

  test('the answer, its txid and replay flag reach the event listeners and the kept results', async () => {
    const { server, open } = setup()
    const outbox = await open()
    const events: OutboxEvent[] = []
    outbox.onEvent((e) => events.push(e))
    server.answer(() => Response.json({ id: 42 }, { status: 201, headers: { 'x-txid': '777', 'idempotent-replayed': 'true' } }))
    const w = await outbox.enqueue(post(1))
    await outbox.whenSettled()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'sent', result: { id: w.id, status: 201, body: { id: 42 }, txid: 777, replayed: true } })
    expect((await outbox.results()).map((r) => r.id)).toEqual([w.id])
    outbox.close()
  })
})

describe('offline', () => {
  test('writes made offline stay queued and each is sent exactly once when the browser is back online', async () => {
    const connectivity = fakeConnectivity(false)
    const { server, open } = setup({ connectivity })
    const outbox = await open()
    for (let i = 1; i <= 3; i++) await outbox.enqueue(post(i))
    expect(await outbox.whenSettled()).toBe('offline')
    expect(server.received).toHaveLength(0)
    expect(outbox.snapshot().writes.map((w) => w.state)).toEqual(['pending', 'pending', 'pending'])
    connectivity.set(true)
    expect(await outbox.whenSettled()).toBe('idle')
    expect(server.accepted.map((r) => (r.body as { name: string }).name)).toEqual(['user 1', 'user 2', 'user 3'])
    expect(new Set(server.received.map((r) => r.key)).size).toBe(server.received.length)
    outbox.close()
  })

  test('network errors wait with backoff, and a sign of life sends at once, each write once', async () => {
    const { server, clock, open } = setup()
    const outbox = await open()
    server.setOffline(true)
    for (let i = 1; i <= 3; i++) await outbox.enqueue(post(i))
    expect(await outbox.whenSettled()).toBe('waiting')
    expect(outbox.snapshot().writes[0]).toMatchObject({ attempts: 1, lastFailure: 'ERR_NETWORK' })
    expect(clock.delays()).toEqual([1000])
    server.setOffline(false)
    expect(await outbox.notifyOnline()).toBe('idle')
    expect(server.accepted.map((r) => (r.body as { name: string }).name)).toEqual(['user 1', 'user 2', 'user 3'])
    expect(clock.delays()).toEqual([])
    outbox.close()
  })
})

describe('retries', () => {
  test('5xx and 429 are retried with backoff from 1 s doubling to 30 s, honouring Retry-After', async () => {
    const { server, clock, open } = setup()
    const outbox = await open()
    const unavailable = () => new Response('down', { status: 503 })
    server.answer(...Array.from({ length: 7 }, () => unavailable))
    server.answer(() => new Response('slow down', { status: 429, headers: { 'retry-after': '45' } }))
    await outbox.enqueue(post(1))
    const waits: number[] = []
    for (let i = 0; i < 8; i++) {
      expect(await outbox.whenSettled()).toBe('waiting')
      const [delay] = clock.delays()
      waits.push(delay)
      clock.advance(delay)
    }
    expect(await outbox.whenSettled()).toBe('idle')
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 45000])
    expect([server.received.length, server.accepted.length]).toEqual([9, 1])
    outbox.close()
  })

  test('jitter keeps each wait between half and all of the backoff', async () => {
    const { server, clock, open } = setup({ random: () => 0 })
    const outbox = await open()
    server.answer(() => new Response('down', { status: 502 }), () => new Response('down', { status: 502 }))
    await outbox.enqueue(post(1))
    await outbox.whenSettled()
    expect(clock.delays()).toEqual([500])
    clock.advance(500)
    await outbox.whenSettled()
    expect(clock.delays()).toEqual([1000])
    outbox.close()
  })

  test('nothing is sent before the wait is over', async () => {
    const { server, clock, open } = setup()
    const outbox = await open()
    server.answer(() => new Response('down', { status: 500 }))
    await outbox.enqueue(post(1))
    await outbox.whenSettled()
    clock.advance(999)
    expect(await outbox.replay()).toBe('waiting')
    expect(server.received).toHaveLength(1)
    clock.advance(1)
    await outbox.whenSettled()
    expect(server.received).toHaveLength(2)
    outbox.close()
  })
})

describe('refusals', () => {
  const conflict = () => Response.json({ error: 'ERR_OTHER_OPEN_TICKET', message: 'open elsewhere' }, { status: 409 })

  test('a 4xx marks the write failed with the error code and blocks the writes behind it', async () => {
    const { server, open } = setup()
    const outbox = await open()
    const events: OutboxEvent[] = []
    outbox.onEvent((e) => events.push(e))
    server.answer(conflict)
    const a = await outbox.enqueue(post(1))
    await outbox.enqueue(post(2))
    expect(await outbox.whenSettled()).toBe('blocked')
    expect(await outbox.replay()).toBe('blocked')
    expect(server.received.map((r) => (r.body as { name: string }).name)).toEqual(['user 1'])
    const [failed, waiting] = outbox.snapshot().writes
    expect(failed).toMatchObject({ id: a.id, state: 'failed', error: { status: 409, code: 'ERR_OTHER_OPEN_TICKET', message: 'open elsewhere' } })
    expect(waiting.state).toBe('pending')
    expect(events.map((e) => e.type)).toEqual(['failed'])
  })

  test('a refusal holds back only the writes on the same record; the other records go out in order', async () => {
    const { server, open } = setup()
    const outbox = await open()
    const reply = (ticket: number, n: number) => ({ method: 'POST' as const, path: `/messages/${ticket}`, body: { name: `t${ticket} m${n}` }, scope: [`ticket:${ticket}`] })
    server.answer(conflict)
    const refused = await outbox.enqueue(reply(1, 1))
    await outbox.enqueue(reply(1, 2))
    await outbox.enqueue(reply(2, 1))
    await outbox.enqueue(reply(3, 1))
    await outbox.enqueue(reply(2, 2))
    expect(await outbox.whenSettled()).toBe('blocked')
    expect(server.accepted.map((r) => (r.body as { name: string }).name)).toEqual(['t2 m1', 't3 m1', 't2 m2'])
    expect(outbox.snapshot().writes.map((w) => [(w.body as { name: string }).name, w.state])).toEqual([['t1 m1', 'failed'], ['t1 m2', 'pending']])
    await outbox.discard(refused.id)
    expect(await outbox.whenSettled()).toBe('idle')
    expect(server.accepted.map((r) => (r.body as { name: string }).name).at(-1)).toBe('t1 m2')
  })

  test('nextSendable: unscoped writes wait behind any refusal and their refusal holds everything', () => {
    let seq = 0
    const w = (state: 'pending' | 'failed', scope?: string[]): OutboxWrite => ({
      id: `w${++seq}`, key: `w${seq}`, seq, method: 'POST', path: '/x', state, attempts: 0, nextAttemptAt: 0, createdAt: 0, error: null, lastFailure: null,
      ...(scope ? { scope } : {}),
    })
    const ids = (ws: OutboxWrite[]) => nextSendable(ws).next?.id ?? null
    seq = 0
    // An unscoped write held behind a refusal may be what a later write depends on: it holds everything.
    expect(ids([w('failed', ['ticket:1']), w('pending'), w('pending', ['ticket:2'])])).toBeNull()
    seq = 0
    expect(ids([w('pending'), w('failed', ['ticket:1'])])).toBe('w1')
    seq = 0
    expect(ids([w('failed'), w('pending', ['ticket:2'])])).toBeNull()
    seq = 0
    // A held write holds its own records too: ticket 2's later write does not overtake it.
    expect(ids([w('failed', ['ticket:1']), w('pending', ['ticket:1', 'ticket:2']), w('pending', ['ticket:2']), w('pending', ['ticket:3'])])).toBe('w4')
    seq = 0
    expect(nextSendable([w('pending', ['ticket:1'])])).toMatchObject({ next: { id: 'w1' }, held: false })
    expect(nextSendable([])).toEqual({ next: undefined, held: false })
  })

  test('retry sends the failed write again under a new key and then the ones behind it', async () => {
    const { server, open } = setup()
    const outbox = await open()
    server.answer(conflict)
    const a = await outbox.enqueue(post(1))
    await outbox.enqueue(post(2))
    await outbox.whenSettled()
    await outbox.retry(a.id)
    expect(await outbox.whenSettled()).toBe('idle')
    expect(server.accepted.map((r) => (r.body as { name: string }).name)).toEqual(['user 1', 'user 2'])
    // The refusal is stored under the first key on the server: the retry needs a new one.
    expect(server.received[0].key).toBe(a.id)
    expect(server.accepted[0].key).not.toBe(a.id)
    outbox.close()
  })

  test('discard drops the failed write and the queue goes on', async () => {
    const { server, open } = setup()
    const outbox = await open()
    const events: OutboxEvent[] = []
    outbox.onEvent((e) => events.push(e))
    server.answer(conflict)
    const a = await outbox.enqueue(post(1))
    await outbox.enqueue(post(2))
    await outbox.whenSettled()
    await outbox.discard(a.id)
    expect(await outbox.whenSettled()).toBe('idle')
    expect(server.accepted.map((r) => (r.body as { name: string }).name)).toEqual(['user 2'])
    expect(events.map((e) => e.type)).toEqual(['failed', 'discarded', 'sent'])
    outbox.close()
  })

  test('a 401 refreshes the token once and sends again', async () => {
    const { server, tokens, open } = setup()
    const outbox = await open()
    server.answer(() => Response.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 }))
    await outbox.enqueue(post(1))
    expect(await outbox.whenSettled()).toBe('idle')
    expect(tokens.refreshes).toBe(1)
    expect(server.received.map((r) => r.token)).toEqual(['Bearer token-1', 'Bearer token-2'])
    outbox.close()
  })

  test('a 401 the refresh cannot cure pauses the queue without failing the write', async () => {
    const { server, open } = setup({ getToken: async (o) => (o?.refresh ? null : 'old') })
    const outbox = await open()
    server.answer(() => Response.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 }))
    await outbox.enqueue(post(1))
    expect(await outbox.whenSettled()).toBe('unauthorized')
    expect(outbox.snapshot().writes[0]).toMatchObject({ state: 'pending', error: null })
    outbox.close()
  })
})

describe('reload', () => {
  test('a new outbox on the same IndexedDB sends what the old one left, in order', async () => {
    const connectivity = fakeConnectivity(false)
    const { server, open } = setup({ connectivity })
    const first = await open()
    const ids = [(await first.enqueue(post(1))).id, (await first.enqueue(post(2))).id, (await first.enqueue(post(3))).id]
    await first.whenSettled()
    first.close()
    const second = await open({ connectivity: null })
    expect(second.snapshot().writes.map((w) => w.id)).toEqual(ids)
    expect(await second.whenSettled()).toBe('idle')
    expect(server.received.map((r) => r.key)).toEqual(ids)
    second.close()
  })

  test('a failed write is still failed and blocking after a reload', async () => {
    const { server, open } = setup()
    const first = await open()
    server.answer(() => Response.json({ error: 'ERR_NO_PERMISSION' }, { status: 403 }))
    await first.enqueue(post(1))
    await first.enqueue(post(2))
    await first.whenSettled()
    first.close()
    const second = await open()
    expect(await second.whenSettled()).toBe('blocked')
    expect(second.snapshot().writes.map((w) => w.state)).toEqual(['failed', 'pending'])
    expect(server.received).toHaveLength(1)
    second.close()
  })

  test('subscribers get the queue at once and after each change', async () => {
    const connectivity = fakeConnectivity(false)
    const { open } = setup({ connectivity })
    const outbox = await open()
    const seen: number[] = []
    outbox.subscribe((s) => seen.push(s.writes.length))
    await outbox.enqueue(post(1))
    await outbox.enqueue(post(2))
    expect(seen[0]).toBe(0)
    expect(seen.at(-1)).toBe(2)
    outbox.close()
  })
})
