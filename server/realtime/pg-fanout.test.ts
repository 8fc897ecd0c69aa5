import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../app.ts'
import type { Services } from '../app-env.ts'
import { EventBus } from '../events.ts'
import type { DomainEvent } from '../domain/context.ts'
import { BACKENDS, startTestEnv, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { decodeEnvelope, encodeEnvelope, MAX_NOTIFY_BYTES, shrinkEvent, startPgFanout } from './pg-fanout.ts'
import { routeEvent } from './route-event.ts'
import { websocketHandler } from './ws-route.ts'
import { WsTestClient } from './ws-test-client.ts'

const bigMessage = {
  type: 'appMessage',
  companyId: 5,
  payload: {
    action: 'create',
    ticket: { id: 7, status: 'open', queueId: 2, userId: 3, isGroup: false, contact: { name: 'x'.repeat(100) } },
    message: { id: 99, body: 'x'.repeat(20_000) },
  },
}

describe('envelopes', () => {
  test('an event that fits travels whole', () => {
    const e = { type: 'user', companyId: 5, payload: { action: 'update', user: { id: 1, name: 'Ana' } } }
    expect(decodeEnvelope(encodeEnvelope('a', e), 'b')).toEqual(e)
  })

  test('a large event is shrunk under the NOTIFY limit and keeps its routing fields', () => {
    const text = encodeEnvelope('a', bigMessage)
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_NOTIFY_BYTES)
    const e = decodeEnvelope(text, 'b')!
    expect(e.payload).toEqual({
      action: 'create',
      truncated: true,
      ticket: { id: 7, status: 'open', queueId: 2, userId: 3, isGroup: false },
      message: { id: 99 },
    })
    // the shrunk event reaches the same sockets as the whole one
    expect(routeEvent(e).audiences).toEqual(routeEvent(bigMessage).audiences)
    expect(shrinkEvent(bigMessage).payload.message).toEqual({ id: 99 })
  })

  test("an instance ignores its own notifications and anything malformed", () => {
    const e = { type: 'company', companyId: 5, payload: { action: 'update' } }
    expect(decodeEnvelope(encodeEnvelope('a', e), 'a')).toBeNull()
    expect(decodeEnvelope('not json', 'a')).toBeNull()
    expect(decodeEnvelope(JSON.stringify({ origin: 'x', event: { type: 1 } }), 'a')).toBeNull()
  })
})

// LISTEN/NOTIFY needs a real Postgres: PGlite mode is a single process and uses the in-process bus only.
describe.skipIf(!BACKENDS.includes('postgres'))('two instances on one Postgres [postgres]', () => {
  let env: TestEnv
  let servicesB: Services
  let serverA: ReturnType<typeof Bun.serve>
  let serverB: ReturnType<typeof Bun.serve>
  const stops: (() => Promise<void>)[] = []
  const clients: WsTestClient[] = []
  const connect = async (server: ReturnType<typeof Bun.serve>, token: string) => {
    const c = await WsTestClient.connect(`ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(token)}`)
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    env = await startTestEnv('postgres')
    // Instance B: same database, its own bus and hub, as a second process would have.
    servicesB = { ...env.services, events: new EventBus(), hub: undefined }
    const appB = createApp(servicesB)
    serverA = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: env.app.fetch, websocket: websocketHandler })
    serverB = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: appB.fetch, websocket: websocketHandler })
    for (const [services, id] of [[env.services, 'A'], [servicesB, 'B']] as const) {
      stops.push(await startPgFanout({ sql: services.db.sql, events: services.events, deliver: (e) => services.hub!.deliver(e), instanceId: id }))
    }
  }, 60_000)
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
    await env.services.hub!.settled()
    await servicesB.hub!.settled()
  })
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()))
    await serverA.stop(true)
    await serverB.stop(true)
    await env.close()
  })

  test('an event committed on instance A reaches a socket on instance B, once on each', async () => {
    const co = await createCompany(env)
    const onA = await connect(serverA, co.adminToken)
    const onB = await connect(serverB, co.adminToken)
    env.services.events.publish([{ type: 'companySettings', companyId: co.companyId, payload: { action: 'update', settings: { a: 1 } } }])
    const name = `company-${co.companyId}-companySettings`
    expect((await onB.next(name)).data).toEqual({ action: 'update', settings: { a: 1 } })
    await onA.next(name)
    expect(await onA.drain()).toEqual([])
  })

  test('a burst of events, equal ones among them, arrives whole and in order, many to a NOTIFY transaction', async () => {
    const sql = env.services.db.sql
    let statements = 0
    const counted = Object.assign((...args: unknown[]) => {
      statements++
      return (sql as unknown as (...a: unknown[]) => unknown)(...args)
    }, { listen: sql.listen.bind(sql) }) as unknown as typeof sql
    const received: DomainEvent[] = []
    const stopReceiver = await startPgFanout({ sql, events: new EventBus(), deliver: (e) => void (e.type === 'burst' && received.push(e)), instanceId: 'R' })
    const bus = new EventBus()
    const stopSender = await startPgFanout({ sql: counted, events: bus, deliver: () => {}, instanceId: 'S' })
    // Pairs of equal events: Postgres would fold a repeated payload of one transaction into one. Texts
    // with line breaks: the burst travels as one text split on them.
    const events = Array.from({ length: 300 }, (_, i) => ({ type: 'burst', companyId: 1, payload: { action: 'update', n: Math.floor(i / 2), body: `linha 1\nlinha 2\r\n${i % 7}` } }))
    for (const e of events) bus.publish([e])
    await stopSender()
    for (let waited = 0; received.length < events.length && waited < 4_000; waited += 20) await Bun.sleep(20)
    await stopReceiver()
    expect(received).toEqual(events)
    expect(statements).toBeGreaterThan(0)
    expect(statements).toBeLessThan(20)
  })

  test('a large event reaches the other instance shrunk and still only where it may go', async () => {
    const co = await createCompany(env)
    const adminOnB = await connect(serverB, co.adminToken)
    const plainOnB = await connect(serverB, (await createUser(env, co.companyId)).token)
    env.services.events.publish([{ ...bigMessage, companyId: co.companyId }])
    const frame = await adminOnB.next(`company-${co.companyId}-appMessage`)
    expect(frame.data.truncated).toBe(true)
    expect(frame.data.message).toEqual({ id: 99 })
    expect(await plainOnB.drain()).toEqual([])
  })
})
