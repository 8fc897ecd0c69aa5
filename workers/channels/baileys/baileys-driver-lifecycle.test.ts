import { afterAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../../../test/env.ts'
import { BaileysDriver } from './baileys-driver.ts'
import { closedPortUrl, startClosingServer } from './loopback-server.ts'
import { createConnection, manualTimers, recordingContext, waitFor } from './test-support.ts'

// Real Baileys sockets (makeWASocket, real WebSocket client) against loopback servers: the close
// codes and the reconnect scheduling are Baileys' and ours, not a fake's.
describeEachBackend('BaileysDriver lifecycle on a loopback WebSocket', (env) => {
  const server = startClosingServer()
  afterAll(() => server.stop())

  async function setup(url: string) {
    const owner = await createConnection(env())
    const rec = recordingContext(owner)
    const timers = manualTimers()
    const driver = new BaileysDriver(rec.ctx, {
      db: env().services.db,
      waWebSocketUrl: url,
      mediaMaxBytes: 1_000_000,
      getMessage: async () => undefined,
      random: () => 0.5,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
    })
    const closes = () => rec.logs.filter((l) => l.startsWith('baileys closed'))
    return { driver, timers, closes, ...rec }
  }

  test('a server that closes after the upgrade gives 428 and a scheduled reconnect', async () => {
    const s = await setup(server.url)
    const before = server.upgrades()
    await s.driver.start()
    await waitFor(() => s.timers.pending.length === 1)
    expect(server.upgrades()).toBe(before + 1)
    expect(s.closes()[0]).toStartWith('baileys closed (428)')
    expect(s.timers.delays()).toEqual([1500])
    expect(s.events.at(-1)).toEqual({ kind: 'status', status: 'OPENING', retries: 1 })

    // Firing the timer connects again, and the next close backs off further.
    s.timers.fireLast()
    await waitFor(() => s.timers.pending.length === 2)
    expect(server.upgrades()).toBe(before + 2)
    expect(s.timers.delays()).toEqual([1500, 3000])
    await s.driver.stop()
  })

  test('nothing listening gives 408 and a backoff that grows with each attempt', async () => {
    const s = await setup(await closedPortUrl())
    await s.driver.start()
    for (let n = 1; n <= 3; n++) {
      await waitFor(() => s.timers.pending.length === n)
      if (n < 3) s.timers.fireLast()
    }
    expect(s.closes().every((l) => l.startsWith('baileys closed (408)'))).toBe(true)
    expect(s.timers.delays()).toEqual([1500, 3000, 6000])
    expect(s.events.filter((e) => e.kind === 'status').map((e) => (e as { retries?: number }).retries)).toEqual([undefined, 1, 2, 3])
    await s.driver.stop()
  })

  test('stop during the reconnect wait cancels the reconnect', async () => {
    const s = await setup(server.url)
    const before = server.upgrades()
    await s.driver.start()
    await waitFor(() => s.timers.pending.length === 1)
    await s.driver.stop()
    expect(s.timers.pending[0].cancelled).toBe(true)
    // Even a timer that fires anyway (a racing clock) must not reconnect a stopped driver.
    s.timers.pending[0].fn()
    await Bun.sleep(100)
    expect(server.upgrades()).toBe(before + 1)
    expect(s.timers.pending).toHaveLength(1)
  })
})
