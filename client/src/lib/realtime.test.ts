import { describe, expect, test } from 'bun:test'
import { RealtimeClient, realtimeAction, reconnectDelay, STATUS_PULSE_MS, type SocketLike, type Timers } from './realtime.ts'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: unknown[] = []
  closedWith: number | undefined
  onopen: ((ev: unknown) => void) | null = null
  onclose: ((ev: { code: number }) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  onerror: ((ev: unknown) => void) | null = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code?: number) {
    this.closedWith = code
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  serverClose(code: number) {
    this.readyState = 3
    this.onclose?.({ code })
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) })
  }
}

/** Timers run by hand: `run()` fires the due timeouts, `pulse()` the intervals. */
class FakeTimers implements Timers {
  timeouts: { fn: () => void; ms: number; id: number }[] = []
  intervals: { fn: () => void; ms: number; id: number }[] = []
  private id = 0
  setTimeout(fn: () => void, ms: number) {
    const id = ++this.id
    this.timeouts.push({ fn, ms, id })
    return id
  }
  clearTimeout(id: unknown) {
    this.timeouts = this.timeouts.filter((t) => t.id !== id)
  }
  setInterval(fn: () => void, ms: number) {
    const id = ++this.id
    this.intervals.push({ fn, ms, id })
    return id
  }
  clearInterval(id: unknown) {
    this.intervals = this.intervals.filter((t) => t.id !== id)
  }
  run() {
    const due = this.timeouts
    this.timeouts = []
    for (const t of due) t.fn()
    return due.map((t) => t.ms)
  }
}

function setup(over: { token?: string | null; refresh?: () => Promise<string | null> } = {}) {
  const sockets: FakeSocket[] = []
  const timers = new FakeTimers()
  const events: [string, unknown][] = []
  const calls = { sessionOver: 0, replaced: 0, refreshes: 0 }
  let token: string | null = over.token === undefined ? 'tok-1' : over.token
  const client = new RealtimeClient({
    url: (t) => `ws://host/ws?token=${t}`,
    getToken: () => token,
    refreshToken: async () => {
      calls.refreshes++
      return over.refresh ? over.refresh() : (token = `tok-${calls.refreshes + 1}`)
    },
    onEvent: (e, d) => events.push([e, d]),
    onSessionOver: () => calls.sessionOver++,
    onSessionReplaced: () => calls.replaced++,
    createSocket: (url) => {
      const s = new FakeSocket(url)
      sockets.push(s)
      return s
    },
    timers,
  })
  return { client, sockets, timers, events, calls, last: () => sockets[sockets.length - 1] }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('RealtimeClient', () => {
  test('connects to /ws with the token and joins notifications on connect', () => {
    const { client, last } = setup()
    client.start()
    expect(last().url).toBe('ws://host/ws?token=tok-1')
    last().open()
    expect(last().sent).toContainEqual({ event: 'joinNotification' })
  })

  test('sends userStatus every 300000 ms', () => {
    const { client, last, timers } = setup()
    client.start()
    last().open()
    expect(timers.intervals.map((i) => i.ms)).toEqual([STATUS_PULSE_MS])
    last().sent = []
    timers.intervals[0].fn()
    expect(last().sent).toEqual([{ event: 'userStatus' }])
  })

  test('hands JSON {event, data} frames to the listener and ignores junk', () => {
    const { client, last, events } = setup()
    client.start()
    last().open()
    last().push({ event: 'company-1-auth', data: { action: 'x' } })
    last().onmessage?.({ data: 'not json' })
    expect(events).toEqual([['company-1-auth', { action: 'x' }]])
  })

  test('a dropped connection reconnects after 1 s, without limit', () => {
    const { client, last, timers, sockets } = setup()
    client.start()
    for (let i = 0; i < 3; i++) {
      last().open()
      last().serverClose(1006)
      expect(timers.run()).toEqual([1000])
    }
    expect(sockets.length).toBe(4)
  })

  test('close 4001 refreshes the token and reconnects after 1 s with the new one', async () => {
    const { client, last, timers, calls } = setup()
    client.start()
    last().open()
    last().serverClose(4001)
    await tick()
    expect(calls.refreshes).toBe(1)
    expect(timers.run()).toEqual([1000])
    expect(last().url).toBe('ws://host/ws?token=tok-2')
  })

  test('close 4001 with a session the server ended stops and reports it', async () => {
    const { client, last, timers, calls } = setup({ refresh: async () => null })
    client.start()
    last().open()
    last().serverClose(4001)
    await tick()
    expect(calls.sessionOver).toBe(1)
    expect(timers.timeouts).toEqual([])
  })

  test('close 4001 while the server is unreachable keeps retrying', async () => {
    const { client, last, timers, calls } = setup({ refresh: async () => Promise.reject(new Error('offline')) })
    client.start()
    last().open()
    last().serverClose(4001)
    await tick()
    expect(calls.sessionOver).toBe(0)
    expect(timers.run()).toEqual([1000])
  })

  test('close 4002 (session replaced) stops for good', () => {
    const { client, last, timers, calls } = setup()
    client.start()
    last().open()
    last().serverClose(4002)
    expect(calls.replaced).toBe(1)
    expect(timers.timeouts).toEqual([])
  })

  test('when /ws cannot be opened it retries quietly, backing off after 5 failures', async () => {
    const { client, last, timers } = setup()
    client.start()
    const delays: number[] = []
    for (let i = 0; i < 8; i++) {
      last().serverClose(1006)
      await tick()
      delays.push(...timers.run())
    }
    expect(delays).toEqual([1000, 1000, 1000, 1000, 1000, 2000, 4000, 8000])
  })

  test('stop closes the socket and cancels every timer', () => {
    const { client, last, timers } = setup()
    client.start()
    last().open()
    client.stop()
    expect(last().closedWith).toBe(1000)
    expect(timers.intervals).toEqual([])
    expect(timers.timeouts).toEqual([])
  })

  test('without a token it does not connect and reports the session over', () => {
    const { client, sockets, calls } = setup({ token: null })
    client.start()
    expect(sockets.length).toBe(0)
    expect(calls.sessionOver).toBe(1)
  })
})

describe('reconnectDelay', () => {
  test('1 s for the first 5 failures, then doubling up to 30 s', () => {
    expect([1, 5, 6, 7, 20].map(reconnectDelay)).toEqual([1000, 1000, 2000, 4000, 30000])
  })
})

describe('realtimeAction', () => {
  const me = { companyId: 3, userId: 7 }

  test('sessionReplaced for this user (as the hub sends it) asks for the wipe and reload', () => {
    const data = { action: 'sessionReplaced', message: 'Sua conta foi acessada em outro computador.', user: { id: 7 } }
    expect(realtimeAction('company-3-auth', data, me)).toEqual({ type: 'sessionReplaced', message: 'Sua conta foi acessada em outro computador.' })
    expect(realtimeAction('company-3-auth', { action: 'sessionReplaced', message: 'm' }, me)?.type).toBe('sessionReplaced')
  })

  test('passwordChanged for this user ends the session the same way, with its own reason', () => {
    const data = { action: 'passwordChanged', message: 'Sua senha foi alterada. Entre novamente.', user: { id: 7 } }
    expect(realtimeAction('company-3-auth', data, me)).toEqual({ type: 'passwordChanged', message: 'Sua senha foi alterada. Entre novamente.' })
    expect(realtimeAction('company-3-auth', { ...data, user: { id: 8 } }, me)).toBeNull()
  })

  test('ignores another user, another company and other actions', () => {
    expect(realtimeAction('company-3-auth', { action: 'sessionReplaced', user: { id: 8 } }, me)).toBeNull()
    expect(realtimeAction('company-4-auth', { action: 'sessionReplaced' }, me)).toBeNull()
    expect(realtimeAction('company-3-auth', { action: 'other' }, me)).toBeNull()
  })

  test('import progress of our company is kept; the end of the import clears it', () => {
    const update = { action: 'update', status: { this: 40, all: 200, date: '2026-11-01T10:00:00.000Z' } }
    expect(realtimeAction('company-3-importMessages', update, me)).toEqual({
      type: 'importProgress',
      progress: { done: 40, total: 200, date: '2026-11-01T10:00:00.000Z' },
    })
    expect(realtimeAction('company-3-importMessages', { action: 'refresh' }, me)).toEqual({ type: 'importProgress', progress: null })
    expect(realtimeAction('company-4-importMessages', update, me)).toBeNull()
  })

  test('an update of our own user record updates it live', () => {
    const user = { id: 7, name: 'Novo nome' }
    expect(realtimeAction('company-3-user', { action: 'update', user }, me)).toEqual({ type: 'userUpdated', user: user as never })
    expect(realtimeAction('company-3-user', { action: 'update', user: { id: 9 } }, me)).toBeNull()
  })

  test('an update of our own company (renewal, plan, status) updates it live; another company\'s does not', () => {
    const company = { id: 3, name: 'Loja', dueDate: '2027-01-05', status: true, planId: 4, email: 'x@y.z' }
    expect(realtimeAction('company-3-company', { action: 'update', company }, me)).toEqual({ type: 'companyUpdated', company: { name: 'Loja', dueDate: '2027-01-05', status: true, planId: 4 } })
    expect(realtimeAction('company-3-company', { action: 'update', company: { ...company, id: 5 } }, me)).toBeNull()
    expect(realtimeAction('company-3-company', { action: 'delete', companyId: 3 }, me)).toBeNull()
  })
})
