import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Shape, ShapeStream, type Row } from '@electric-sql/client'
import { Hono } from 'hono'
import type { ServerWebSocket } from 'bun'
import type { AppEnv } from '../../server/app-env.ts'
import { withSystem } from '../../server/db/tenant.ts'
import { websocketHandler } from '../../server/realtime/index.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany } from '../../test/factories.ts'
import { eventually, insertTicket, ticketFixtures } from '../../test/sync-support.ts'
import { createSocketFetch, shapeSocketUrl, type SocketFetch } from '../client/socket-fetch.ts'
import { shapeRequestUrl, shapeSocketRoutes } from './shape-socket.ts'
import { rejection } from '../../test/rejection.ts'

type Frame = { id?: number; type: string; status?: number; headers?: Record<string, string>; body?: string; data?: string }

/** The app on a loopback port with WebSockets (as server/main.ts), keeping the server side of each socket. */
function serveWithSockets(fetchApp: (req: Request, server: Bun.Server<unknown>) => Response | Promise<Response>) {
  const requests: string[] = []
  const sockets = new Set<ServerWebSocket<unknown>>()
  const handler = websocketHandler as unknown as Bun.WebSocketHandler<unknown>
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 60,
    fetch: (req, srv) => {
      requests.push(req.url)
      return fetchApp(req, srv)
    },
    websocket: {
      ...handler,
      open(ws) {
        sockets.add(ws)
        return handler.open?.(ws)
      },
      close(ws, code, reason) {
        sockets.delete(ws)
        return handler.close?.(ws, code, reason)
      },
    },
  })
  const base = `http://127.0.0.1:${server.port}`
  return { base, shapeUrl: `${base}/v1/shape`, requests, sockets, stop: () => server.stop(true) }
}

/** A raw client socket that collects frames, for protocol-level tests. */
async function rawSocket(url: string) {
  const frames: Frame[] = []
  const ws = new WebSocket(url)
  ws.onmessage = (e) => frames.push(JSON.parse(String(e.data)))
  const closed = new Promise<number>((r) => ws.addEventListener('close', (e) => r(e.code)))
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve()
    ws.onerror = () => reject(new Error('socket did not open'))
  })
  /** The body of request `id`: chunk data plus the response's body. */
  const answer = async (id: number) => {
    const res = (await eventually(`answer ${id}`, () => frames.find((f) => f.id === id && f.type === 'response')))!
    const body = frames.filter((f) => f.id === id && f.type === 'chunk').map((f) => f.data).join('') + (res.body ?? '')
    return { ...res, body, chunks: frames.filter((f) => f.id === id && f.type === 'chunk').length }
  }
  return { ws, frames, answer, closed, send: (f: unknown) => ws.send(JSON.stringify(f)) }
}

const hasControl = (msgs: unknown[], control: string) => msgs.some((m) => (m as { headers?: { control?: string } }).headers?.control === control)

describeEachBackend('shape requests over one WebSocket', (env) => {
  let http: ReturnType<typeof serveWithSockets>
  let admin: Awaited<ReturnType<typeof createCompany>>
  let fx: Awaited<ReturnType<typeof ticketFixtures>>
  const stoppers: AbortController[] = []
  const fetches: SocketFetch[] = []
  const socketFetch = () => {
    const f = createSocketFetch({ socketUrl: shapeSocketUrl(http.shapeUrl), getToken: async () => admin.adminToken })
    fetches.push(f)
    return f
  }
  const stream = (fetchClient: SocketFetch, table = 'tickets') => {
    const stop = new AbortController()
    stoppers.push(stop)
    const s = new ShapeStream<Row>({ url: http.shapeUrl, params: { table }, headers: { Authorization: `Bearer ${admin.adminToken}` }, fetchClient, signal: stop.signal })
    return { s, stop }
  }
  const plainShapeRequests = () => http.requests.filter((u) => new URL(u).pathname === '/v1/shape').length
  const waiting = () => env().services.sync.notifier.waiting

  beforeAll(async () => {
    http = serveWithSockets((req, srv) => env().app.fetch(req, srv))
    admin = await createCompany(env())
    fx = await ticketFixtures(env(), admin.companyId)
  }, 60_000)
  afterAll(async () => {
    for (const s of stoppers) s.abort()
    for (const f of fetches) f.close()
    await eventually('long-polls released', () => waiting() === 0, 5000).catch(() => {})
    http.stop()
  })

  test('the official ShapeStream over the socket: rows, live changes, a 409 refetch and a dropped socket', async () => {
    const { ticketId: first } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    const fetchClient = socketFetch()
    const { s, stop } = stream(fetchClient)
    let refetched = false
    s.subscribe((msgs) => {
      if (hasControl(msgs, 'must-refetch')) refetched = true
    })
    const shape = new Shape(s)
    expect((await shape.rows).some((r) => r.id === first)).toBe(true)

    const { ticketId: live } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    await eventually('live insert', () => shape.currentRows.some((r) => r.id === live))
    await withSystem(env().services.db, (tx) => tx`update tickets set unread_messages = 5 where id = ${live}`)
    await eventually('live update', () => shape.currentRows.some((r) => r.id === live && r.unread_messages === 5))

    // 409: the handle row goes away, the next request is refused and the client starts over.
    const before = shape.currentRows.length
    await withSystem(env().services.db, (tx) => tx`delete from sync_handles where handle = ${s.shapeHandle!}`)
    await insertTicket(env(), admin.companyId, fx.whatsappId)
    await eventually('refetch', () => refetched)
    await eventually('rows after refetch', () => shape.currentRows.length === before + 1)

    // The server drops the socket during a long-poll; a change made meanwhile is not lost.
    await eventually('a held long-poll', () => waiting() > 0)
    expect(http.sockets.size).toBe(1)
    for (const ws of http.sockets) ws.close(1012, 'restart')
    const { ticketId: afterDrop } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    await eventually('change after reconnect', () => shape.currentRows.some((r) => r.id === afterDrop), 15_000)
    const { ticketId: later } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    await eventually('live on the new socket', () => shape.currentRows.some((r) => r.id === later), 15_000)
    expect(fetchClient.socketsOpened).toBe(2)
    expect(plainShapeRequests()).toBe(0)
    stop.abort()
  }, 60_000)

  test('20 live streams share ONE socket and all receive a change', async () => {
    const upgradesBefore = http.requests.filter((u) => u.includes('/v1/shape-socket')).length
    const fetchClient = socketFetch()
    const streams = Array.from({ length: 20 }, (_, i) => stream(fetchClient, i % 2 ? 'tickets' : 'contacts'))
    const shapes = streams.map(({ s }) => new Shape(s))
    await Promise.all(shapes.map((sh) => sh.rows))
    await eventually('20 long-polls held', () => waiting() >= 20)
    const { ticketId, contactId } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    await eventually(
      'all 20 got the change',
      () => shapes.every((sh, i) => sh.currentRows.some((r) => r.id === (i % 2 ? ticketId : contactId))),
      15_000,
    )
    expect(fetchClient.socketsOpened).toBe(1)
    expect(http.requests.filter((u) => u.includes('/v1/shape-socket')).length - upgradesBefore).toBe(1)
    expect(plainShapeRequests()).toBe(0)
    for (const { stop } of streams) stop.abort()
    await eventually('long-polls released', () => waiting() === 0)
  }, 60_000)

  test('aborting a request cancels its server long-poll; closing the socket ends the rest', async () => {
    await eventually('no long-poll held', () => waiting() === 0)
    const fetchClient = socketFetch()
    const one = stream(fetchClient)
    const two = stream(fetchClient)
    await Promise.all([new Shape(one.s).rows, new Shape(two.s).rows])
    await eventually('both long-polls held', () => waiting() === 2)
    one.stop.abort()
    await eventually('the aborted long-poll ended', () => waiting() === 1)
    expect(fetchClient.socketsOpened).toBe(1) // a cancel frame, not a new socket
    two.stop.abort()
    await eventually('the other ended too', () => waiting() === 0)

    // fetch's own contract: an aborted request rejects with AbortError.
    const f = socketFetch()
    const s = stream(f)
    await new Shape(s.s).rows
    const ac = new AbortController()
    const url = `${http.shapeUrl}?table=tickets&handle=${s.s.shapeHandle}&offset=${s.s.lastOffset}&live=true&cursor=`
    const pending = f(url, { signal: ac.signal, headers: { Authorization: `Bearer ${admin.adminToken}` } })
    await eventually('held', () => waiting() === 2)
    ac.abort()
    expect(await rejection(pending)).toMatchObject({ name: 'AbortError' })
    await eventually('released', () => waiting() === 1)
    s.stop.abort()
    await eventually('stream stopped', () => waiting() === 0)

    // Closing the socket ends what is held on it (the request fails as a network error).
    const dropped = f(url, { headers: { Authorization: `Bearer ${admin.adminToken}` } })
    await eventually('held again', () => waiting() === 1)
    f.close()
    expect(await rejection(dropped)).toBeInstanceOf(TypeError)
    await eventually('closing the socket released it', () => waiting() === 0)
  }, 30_000)

  test('a bad token is refused before the upgrade', async () => {
    for (const q of ['', '?token=', '?token=not-a-token']) {
      const res = await env().app.request(`/v1/shape-socket${q}`)
      expect(res.status).toBe(401)
      expect((await res.json()).error).toBe('ERR_SESSION_EXPIRED')
    }
    const ws = new WebSocket(`${shapeSocketUrl(http.shapeUrl)}?token=not-a-token`)
    const opened = await new Promise<boolean>((r) => {
      ws.onopen = () => r(true)
      ws.onclose = () => r(false)
    })
    expect(opened).toBe(false)
  })

  test('only /v1/shape is reachable through the socket', async () => {
    const sock = await rawSocket(`${shapeSocketUrl(http.shapeUrl)}?token=${admin.adminToken}`)
    const escapes = ['/../users', '../users', 'a=1/../../users', 'table=users#x', 'x?table=users', 'table=users&x=\\..', 'table=users offset=-1', 'table=%E9\u00e9']
    escapes.forEach((query, i) => sock.send({ id: i + 1, type: 'request', query }))
    for (let i = 0; i < escapes.length; i++) {
      const a = await sock.answer(i + 1)
      expect(a.status).toBe(400)
      expect(JSON.parse(a.body).message).toBe('Invalid request')
    }
    // Encoded path characters stay in the query of /v1/shape.
    sock.send({ id: 100, type: 'request', query: 'table=..%2F..%2Fusers&offset=-1' })
    const encoded = await sock.answer(100)
    expect(encoded.status).toBe(400)
    expect(JSON.parse(encoded.body).errors.table[0]).toContain('does not exist')
    // A request's own bad token is answered as over HTTP.
    sock.send({ id: 101, type: 'request', query: 'table=users&offset=-1', token: 'expired' })
    expect((await sock.answer(101)).status).toBe(401)
    sock.send({ id: 102, type: 'request', query: 'table=users&offset=-1' })
    const ok = await sock.answer(102)
    expect(ok.status).toBe(200)
    expect(ok.headers!['electric-handle']).toBeTruthy()
    expect(ok.headers!['electric-schema']).toBeTruthy()
    expect(ok.headers!['content-type']).toContain('application/json')
    // A frame that is not the protocol closes the socket.
    sock.ws.send('not json')
    expect(await sock.closed).toBe(1008)

    expect(shapeRequestUrl('http://h', '/v1/shape', 'table=x&offset=-1')?.href).toBe('http://h/v1/shape?table=x&offset=-1')
    for (const q of [undefined, 1, 'a#b', 'a/b', 'a?b', 'a\\b', 'a b', 'x'.repeat(9000)]) expect(shapeRequestUrl('http://h', '/v1/shape', q)).toBeNull()
  })

  test('large bodies arrive in chunk frames; requests beyond the in-flight limit get 429', async () => {
    const app = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('services', env().services)
        await next()
      })
      .route('/s', shapeSocketRoutes((req) => env().app.fetch(req), { limits: { chunkChars: 100, maxInFlight: 2 } }))
    const own = serveWithSockets((req, srv) => app.fetch(req, srv))
    try {
      for (let i = 0; i < 3; i++) await insertTicket(env(), admin.companyId, fx.whatsappId, { lastMessage: `😀 ${'ção'.repeat(40)} ${i}` })
      const sock = await rawSocket(`${own.base.replace('http', 'ws')}/s?token=${admin.adminToken}`)
      sock.send({ id: 1, type: 'request', query: 'table=tickets&offset=-1' })
      const snap = await sock.answer(1)
      expect(snap.status).toBe(200)
      expect(snap.chunks).toBeGreaterThan(3)
      const overHttp = await fetch(`${http.shapeUrl}?table=tickets&offset=-1`, { headers: { authorization: `Bearer ${admin.adminToken}` } })
      const rows = (m: { value?: { id: number; last_message: string } }[]) => m.filter((x) => x.value).map((x) => [x.value!.id, x.value!.last_message]).sort()
      expect(rows(JSON.parse(snap.body))).toEqual(rows(await overHttp.json()))

      // Two long-polls fill the socket; a third is answered 429 with Retry-After; cancel frees a slot.
      const handle = snap.headers!['electric-handle']
      const live = (id: number) => sock.send({ id, type: 'request', query: `table=tickets&handle=${handle}&offset=0_inf&live=true&cursor=` })
      const held = waiting()
      live(2)
      live(3)
      await eventually('two held', () => waiting() === held + 2)
      live(4)
      const refused = await sock.answer(4)
      expect(refused.status).toBe(429)
      expect(refused.headers!['retry-after']).toBe('1')
      sock.send({ id: 2, type: 'cancel' })
      await eventually('one cancelled', () => waiting() === held + 1)
      sock.send({ id: 5, type: 'request', query: 'table=tickets&offset=-1' })
      expect((await sock.answer(5)).status).toBe(200)
      expect(sock.frames.some((f) => f.id === 2)).toBe(false) // a cancelled request gets no answer
      sock.ws.close()
      await eventually('closing released the rest', () => waiting() === held)
    } finally {
      own.stop()
    }
  }, 30_000)
})

