import { describe, expect, test } from 'bun:test'
import { createShapeSocketLink } from './shape-socket-link.ts'
import { shapeFetch } from './start-sync.ts'
import { createStatusStore } from './sync-status.ts'
import { ReconnectSignal } from './reconnect.ts'

describe('ReconnectSignal', () => {
  test('a waiting request goes again when the network may be back, or after the cap', async () => {
    const signal = new ReconnectSignal(60_000)
    let woke = false
    const waiting = signal.wait().then(() => (woke = true))
    await Bun.sleep(5)
    expect(woke).toBe(false)
    signal.wake()
    await waiting
    expect(signal.waiting).toBe(0)
    const capped = new ReconnectSignal(20)
    const t0 = performance.now()
    await capped.wait()
    expect(performance.now() - t0).toBeGreaterThanOrEqual(15)
  })

  test("an aborted request stops waiting with fetch's AbortError", async () => {
    const signal = new ReconnectSignal(60_000)
    const abort = new AbortController()
    const waiting = signal.wait(abort.signal)
    abort.abort()
    const err = await waiting.catch((e: unknown) => e)
    expect((err as DOMException).name).toBe('AbortError')
    expect(signal.waiting).toBe(0)
  })
})

describe('shape requests that fail for want of network', () => {
  test('wait for the network and go again, so the client never backs off while offline', async () => {
    let calls = 0
    const base = (async () => {
      calls++
      if (calls < 3) throw new TypeError('Failed to fetch')
      return new Response('[]', { status: 200 })
    }) as unknown as typeof fetch
    const status = createStatusStore()
    const reconnect = new ReconnectSignal(60_000)
    const answer = shapeFetch(base, status, reconnect)('http://x/v1/shape?table=tickets')
    await Bun.sleep(5)
    expect(calls).toBe(1)
    expect(status.source.get().error).toBe('ERR_NETWORK')
    reconnect.wake()
    await Bun.sleep(5)
    expect(calls).toBe(2)
    reconnect.wake()
    expect((await answer).status).toBe(200)
    expect(calls).toBe(3)
    expect(status.source.get().state).toBe('syncing')
  })

  test('other errors, and requests without a reconnect signal, reach the client at once', async () => {
    const status = createStatusStore()
    const refused = shapeFetch((async () => { throw new Error('bad') }) as unknown as typeof fetch, status, new ReconnectSignal(60_000))
    expect(((await refused('http://x').catch((e: unknown) => e)) as Error).message).toBe('bad')
    const plain = shapeFetch((async () => { throw new TypeError('Failed to fetch') }) as unknown as typeof fetch, status)
    expect((await plain('http://x').catch((e: unknown) => e)) instanceof TypeError).toBe(true)
  })
})

describe('the shape socket after a time offline', () => {
  test('forgetting failures ends the fallback period at once', async () => {
    class Refused {
      onopen: (() => void) | null = null
      onclose: ((ev: { code: number }) => void) | null = null
      onerror: (() => void) | null = null
      onmessage: ((ev: { data: unknown }) => void) | null = null
      readyState = 0
      constructor() {
        setTimeout(() => this.onclose?.({ code: 1006 }))
      }
      close() {}
      send() {}
    }
    const link = createShapeSocketLink({
      socketUrl: new URL('ws://127.0.0.1:1/v1/shape-socket'),
      getToken: async () => 'token',
      WebSocketImpl: Refused as unknown as new (url: string) => WebSocket,
      connectAttempts: 1,
      fallbackForMs: 30_000,
      connectTimeoutMs: 1_000,
      pingAfterMs: 15_000,
      deadAfterMs: 40_000,
    })
    expect(await link.connect().catch(() => 'refused')).toBe('refused')
    expect(link.fallbackUntil).toBeGreaterThan(Date.now())
    link.forgetFailures()
    expect(link.fallbackUntil).toBe(0)
  })
})
