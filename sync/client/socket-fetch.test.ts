import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import type { ServerWebSocket } from 'bun'
import { withSystem } from '../../server/db/tenant.ts'
import { websocketHandler } from '../../server/realtime/index.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany } from '../../test/factories.ts'
import { eventually, localDatabase, ticketFixtures } from '../../test/sync-support.ts'
import { applyLocalSchema } from './schema.ts'
import { PGlite } from '@electric-sql/pglite'
import { electricSync } from '@electric-sql/pglite-sync'
import { createSocketFetch, shapeSocketUrl, type SocketFetch } from './socket-fetch.ts'
import { startSync } from './start-sync.ts'
import { rejection } from '../../test/rejection.ts'

type ClientFrame = { id?: number; type: string; query?: string; token?: string }
type Reply = (ws: ServerWebSocket<unknown>, frame: ClientFrame) => void

const defaultReply: Reply = (ws, f) => {
  if (f.type === 'request') ws.send(JSON.stringify({ id: f.id, type: 'response', status: 200, headers: { 'electric-offset': '0_0' }, body: '[]' }))
}

/** A stand-in for /v1/shape-socket: records frames and answers with `reply`; `refuse` answers the upgrade 401. */
function fakeServer() {
  const state = {
    refuse: false,
    pong: true,
    upgrades: [] as string[],
    frames: [] as ClientFrame[],
    sockets: new Set<ServerWebSocket<unknown>>(),
    reply: defaultReply,
  }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req, srv) {
      state.upgrades.push(req.url)
      if (state.refuse) return Response.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 })
      if (srv.upgrade(req, { data: undefined })) return undefined
      return new Response('plain', { status: 200 })
    },
    websocket: {
      open: (ws) => void state.sockets.add(ws),
      close: (ws) => void state.sockets.delete(ws),
      message(ws, m) {
        const f = JSON.parse(String(m)) as ClientFrame
        state.frames.push(f)
        if (f.type === 'ping') state.pong && ws.send('{"type":"pong"}')
        else state.reply(ws, f)
      },
    },
  })
  const base = `http://127.0.0.1:${server.port}`
  return { state, base, shapeUrl: `${base}/v1/shape`, stop: () => server.stop(true) }
}

describe('createSocketFetch', () => {
  let srv: ReturnType<typeof fakeServer>
  const made: SocketFetch[] = []
  const fallbackCalls: string[] = []
  const fallbackFetch = async (input: RequestInfo | URL) => {
    fallbackCalls.push(String(input))
    return new Response('from fallback', { status: 299 })
  }
  const make = (over: Partial<Parameters<typeof createSocketFetch>[0]> = {}) => {
    const f = createSocketFetch({ socketUrl: shapeSocketUrl(srv.shapeUrl), getToken: async () => 'tok-1', fallbackFetch, ...over })
    made.push(f)
    return f
  }
  beforeAll(() => {
    srv = fakeServer()
  })
  afterEach(() => {
    for (const f of made.splice(0)) f.close()
    fallbackCalls.length = 0
    srv.state.frames.length = 0
    srv.state.upgrades.length = 0
    srv.state.refuse = false
    srv.state.pong = true
    srv.state.reply = defaultReply
  })
  afterAll(() => srv.stop())

  test('shapeSocketUrl is the same origin at /v1/shape-socket', () => {
    expect(shapeSocketUrl('http://h:1/v1/shape')).toBe('ws://h:1/v1/shape-socket')
    expect(shapeSocketUrl('https://h/v1/shape?x=1')).toBe('wss://h/v1/shape-socket')
  })

  test('other URLs, other methods and SSE go to the fallback without a socket', async () => {
    const f = make()
    expect((await f(`${srv.base}/users`)).status).toBe(299)
    expect((await f(`${srv.shapeUrl}?table=t`, { method: 'POST', body: '{}' })).status).toBe(299)
    expect((await f(`${srv.shapeUrl}?table=t`, { headers: { accept: 'text/event-stream' } })).status).toBe(299)
    expect((await f(`http://elsewhere.test/v1/shape?table=t`)).status).toBe(299)
    expect(fallbackCalls).toHaveLength(4)
    expect(f.socketsOpened).toBe(0)
  })

  test('a shape request becomes a frame; chunks, status and headers make a real Response', async () => {
    srv.state.reply = (ws, fr) => {
      if (fr.type !== 'request') return
      if (fr.query!.includes('empty')) return void ws.send(JSON.stringify({ id: fr.id, type: 'response', status: 204, headers: {}, body: '' }))
      ws.send(JSON.stringify({ id: fr.id, type: 'chunk', data: '[{"a":"olá 😀' }))
      ws.send(JSON.stringify({ id: fr.id, type: 'chunk', data: '"},' }))
      ws.send(JSON.stringify({ id: fr.id, type: 'response', status: 409, headers: { 'electric-handle': 'h2', 'cache-control': 'no-store' }, body: '{"b":1}]' }))
    }
    const f = make()
    const res = await f(`${srv.shapeUrl}?table=t&offset=-1&params%5B1%5D=a%2Fb`, { headers: { Authorization: 'Bearer from-header' } })
    expect(res.status).toBe(409)
    expect(res.headers.get('electric-handle')).toBe('h2')
    expect(await res.json()).toEqual([{ a: 'olá 😀' }, { b: 1 }])
    expect(srv.state.frames[0]).toEqual({ id: 1, type: 'request', query: 'table=t&offset=-1&params%5B1%5D=a%2Fb', token: 'from-header' })
    expect(srv.state.upgrades[0]).toContain('/v1/shape-socket?token=tok-1')
    const empty = await f(new Request(`${srv.shapeUrl}?table=empty`))
    expect(empty.status).toBe(204)
    expect(srv.state.frames[1].token).toBe('tok-1') // no Authorization header: getToken's
    expect(f.socketsOpened).toBe(1)
  })

  test('abort sends a cancel frame and rejects with AbortError', async () => {
    srv.state.reply = () => {}
    const f = make()
    const ac = new AbortController()
    const p = f(`${srv.shapeUrl}?table=t&live=true`, { signal: ac.signal })
    await eventually('request frame', () => srv.state.frames.length === 1)
    ac.abort('LIVE_REQUEST_TIMEOUT')
    expect(await rejection(p)).toMatchObject({ name: 'AbortError' })
    await eventually('cancel frame', () => srv.state.frames.some((fr) => fr.type === 'cancel' && fr.id === srv.state.frames[0].id))
    expect(await rejection(f(`${srv.shapeUrl}?table=t`, { signal: AbortSignal.abort() }))).toMatchObject({ name: 'AbortError' })
  })

  test('a dropped socket fails its requests as network errors and the next request reconnects', async () => {
    srv.state.reply = () => {}
    const f = make()
    const held = [f(`${srv.shapeUrl}?table=a&live=true`), f(`${srv.shapeUrl}?table=b&live=true`)]
    await eventually('two requests', () => srv.state.frames.length === 2)
    for (const ws of srv.state.sockets) ws.close(1012, 'restart')
    for (const p of held) {
      const err = await p.catch((e: unknown) => e)
      expect(err).toBeInstanceOf(TypeError)
      expect((err as Error).message).toBe('Failed to fetch')
    }
    srv.state.reply = (ws, fr) => ws.send(JSON.stringify({ id: fr.id, type: 'response', status: 200, headers: {}, body: 'again' }))
    expect(await (await f(`${srv.shapeUrl}?table=a`)).text()).toBe('again')
    expect(f.socketsOpened).toBe(2)
  })

  test('a socket that cannot open sends shape requests to the fallback, and is tried again later', async () => {
    srv.state.refuse = true
    const f = make({ connectAttempts: 2, fallbackForMs: 300 })
    expect((await f(`${srv.shapeUrl}?table=t`)).status).toBe(299)
    expect(srv.state.upgrades).toHaveLength(2)
    expect(f.fallingBack).toBe(true)
    expect((await f(`${srv.shapeUrl}?table=t`)).status).toBe(299) // during the fallback period: no new attempt
    expect(srv.state.upgrades).toHaveLength(2)
    srv.state.refuse = false
    await Bun.sleep(350)
    expect((await f(`${srv.shapeUrl}?table=t`)).status).toBe(200)
    expect(fallbackCalls).toHaveLength(2)
    expect(f.fallingBack).toBe(false)
  })

  test('over the HTTP fallback, shape requests take few connections at a time and live ones ask a short hold', async () => {
    srv.state.refuse = true
    let inFlight = 0
    let most = 0
    const holds: (string | null)[] = []
    const gates: (() => void)[] = []
    const slowFallback = async (_input: RequestInfo | URL, init?: RequestInit) => {
      holds.push(new Headers(init?.headers).get('x-live-hold-ms'))
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise<void>((resolve) => gates.push(resolve))
      inFlight--
      return new Response('[]', { status: 200 })
    }
    const f = make({ connectAttempts: 1, fallbackFetch: slowFallback, fallbackConcurrency: 2, fallbackLiveHoldMs: 900 })
    const first = f(`${srv.shapeUrl}?table=t0&live=true`)
    await eventually('first request in flight', () => gates.length === 1)
    const aborted = new AbortController()
    const rest = [1, 2, 3].map((i) => f(`${srv.shapeUrl}?table=t${i}&live=${i === 3}`))
    const leaving = f(`${srv.shapeUrl}?table=gone&live=true`, { signal: aborted.signal })
    aborted.abort()
    expect((await rejection(leaving) as DOMException).name).toBe('AbortError')
    await eventually('second request in flight', () => gates.length === 2)
    await Bun.sleep(30)
    expect(gates).toHaveLength(2) // the third waits for a free slot
    for (let released = 0; released < 4; released++) {
      await eventually('a request in flight', () => gates.length > 0)
      gates.shift()!()
    }
    await Promise.all([first, ...rest])
    expect(most).toBe(2)
    expect(holds).toEqual(['900', null, null, '900'])
  })

  test('no token: the fallback answers (its 401 reaches the Electric client)', async () => {
    const f = make({ getToken: async () => null })
    expect((await f(`${srv.shapeUrl}?table=t`)).status).toBe(299)
    expect(srv.state.upgrades).toHaveLength(0)
  })

  test('a silent socket is pinged, then given up as a network error', async () => {
    srv.state.reply = () => {}
    srv.state.pong = false
    const f = make({ pingAfterMs: 100, deadAfterMs: 400 })
    const err = await f(`${srv.shapeUrl}?table=t&live=true`).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(TypeError)
    expect(srv.state.frames.some((fr) => fr.type === 'ping')).toBe(true)
  })

  test('pongs keep a slow long-poll alive', async () => {
    srv.state.reply = (ws, fr) => {
      if (fr.type === 'request') setTimeout(() => ws.send(JSON.stringify({ id: fr.id, type: 'response', status: 200, headers: {}, body: 'late' })), 700)
    }
    const f = make({ pingAfterMs: 100, deadAfterMs: 400 })
    expect(await (await f(`${srv.shapeUrl}?table=t&live=true`)).text()).toBe('late')
  })
})

/** The app on a loopback port with WebSockets, as server/main.ts serves it. */
function serveApp(app: { fetch: (req: Request, server: Bun.Server<unknown>) => Response | Promise<Response> }) {
  const requests: string[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 60,
    fetch: (req, srv) => {
      requests.push(req.url)
      return app.fetch(req, srv)
    },
    websocket: websocketHandler as unknown as Bun.WebSocketHandler<unknown>,
  })
  return { shapeUrl: `http://127.0.0.1:${server.port}/v1/shape`, requests, stop: () => server.stop(true) }
}

describeEachBackend('pglite-sync over the shape socket', (env) => {
  let http: ReturnType<typeof serveApp>
  let admin: Awaited<ReturnType<typeof createCompany>>
  let fx: Awaited<ReturnType<typeof ticketFixtures>>
  const plainShapeRequests = () => http.requests.filter((u) => new URL(u).pathname === '/v1/shape').length
  beforeAll(async () => {
    http = serveApp(env().app)
    admin = await createCompany(env())
    fx = await ticketFixtures(env(), admin.companyId)
  }, 60_000)
  afterAll(() => http.stop())

  test('syncShapesToTables applies a two-table transaction atomically', async () => {
    const fetchClient = createSocketFetch({ socketUrl: shapeSocketUrl(http.shapeUrl), getToken: async () => admin.adminToken })
    const local = await localDatabase(env(), ['tickets', 'messages'])
    const shape = (table: string) => ({ url: http.shapeUrl, params: { table }, headers: { Authorization: `Bearer ${admin.adminToken}` }, fetchClient })
    const sync = await local.electric.syncShapesToTables({
      key: null,
      shapes: {
        tickets: { shape: shape('tickets'), table: 'tickets', primaryKey: ['id'] },
        messages: { shape: shape('messages'), table: 'messages', primaryKey: ['id'] },
      },
    })
    const mismatches: string[] = []
    let watching = true
    const watcher = (async () => {
      while (watching) {
        const { rows } = await local.query<{ t: number; m: number }>(
          `select (select count(*)::int from tickets where last_message like 'sock %') as t, (select count(*)::int from messages where body like 'sock %') as m`,
        )
        if (rows[0].t !== rows[0].m) mismatches.push(JSON.stringify(rows[0]))
        await Bun.sleep(1)
      }
    })()
    try {
      for (let i = 0; i < 8; i++) {
        await withSystem(env().services.db, async (tx) => {
          const [c] = await tx`insert into contacts (company_id, name, number) values (${admin.companyId}, 'Sock', ${`55119${i}${Date.now() % 100000}`}) returning id`
          const [t] = await tx`insert into tickets (company_id, contact_id, whatsapp_id, last_message) values (${admin.companyId}, ${c.id}, ${fx.whatsappId}, ${`sock ${i}`}) returning id`
          await tx`insert into messages (company_id, ticket_id, body) values (${admin.companyId}, ${t.id}, ${`sock ${i}`})`
        })
      }
      await eventually('all pairs', async () => (await local.query<{ n: number }>(`select count(*)::int as n from messages where body like 'sock %'`)).rows[0].n === 8, 15_000)
    } finally {
      watching = false
      await watcher
      sync.unsubscribe()
      fetchClient.close()
      await local.close()
    }
    expect(mismatches).toEqual([])
    expect(fetchClient.socketsOpened).toBe(1)
    expect(plainShapeRequests()).toBe(0)
  }, 60_000)

  test('startSync over the whole catalogue uses one socket and no plain shape request', async () => {
    const fetchClient = createSocketFetch({ socketUrl: shapeSocketUrl(http.shapeUrl), getToken: async () => admin.adminToken })
    const pg = await PGlite.create('memory://', { extensions: { electric: electricSync() } })
    await applyLocalSchema(pg)
    const before = plainShapeRequests()
    const sync = await startSync(pg, { shapeUrl: http.shapeUrl, userKey: 'socket', getToken: async () => admin.adminToken, fetchClient })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      await eventually('long-polls held', () => env().services.sync.notifier.waiting >= 10)
      const { rows } = await pg.query<{ n: number }>(`select count(*)::int as n from tickets`)
      expect(rows[0].n).toBeGreaterThan(0)
      expect(fetchClient.socketsOpened).toBe(1)
      expect(plainShapeRequests()).toBe(before)
    } finally {
      sync.unsubscribe()
      fetchClient.close()
      await pg.close()
    }
  }, 60_000)
})
