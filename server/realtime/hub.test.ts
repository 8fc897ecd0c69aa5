import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { decodeJwt } from 'jose'
import { signAccessToken } from '../auth/tokens.ts'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser, superToken, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'
import { SESSION_REPLACED_MESSAGE } from './protocol.ts'
import { websocketHandler } from './ws-route.ts'
import { WsTestClient } from './ws-test-client.ts'
import { rejection } from '../../test/rejection.ts'

/** A company with two queues, a plain user in each, a contact, a connection, and a ticket in queue 2. */
async function seedCompany(env: TestEnv) {
  const company = await createCompany(env)
  const { companyId } = company
  const ids = await withSystem(env.services.db, async (tx) => {
    const [q1] = await tx`insert into queues (company_id, name, color) values (${companyId}, ${uniq('Q')}, ${uniq('#1')}) returning id`
    const [q2] = await tx`insert into queues (company_id, name, color) values (${companyId}, ${uniq('Q')}, ${uniq('#2')}) returning id`
    const [contact] = await tx`insert into contacts (company_id, name, number) values (${companyId}, 'Maria', ${uniq('5511')}) returning id`
    const [wa] = await tx`insert into whatsapps (company_id, name) values (${companyId}, ${uniq('WA')}) returning id`
    const [ticket] = await tx`
      insert into tickets (company_id, status, queue_id, contact_id, whatsapp_id)
      values (${companyId}, 'pending', ${q2.id}, ${contact.id}, ${wa.id}) returning id`
    return { q1: q1.id as number, q2: q2.id as number, ticketId: ticket.id as number }
  })
  const inQueue = async (queueId: number) => {
    const u = await createUser(env, companyId)
    await withSystem(env.services.db, (tx) => tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${u.id}, ${queueId})`)
    return u
  }
  return { ...company, ...ids, user1: await inQueue(ids.q1), user2: await inQueue(ids.q2) }
}

const ticketEvent = (companyId: number, ticketId: number, queueId: number) => ({
  type: 'ticket',
  companyId,
  payload: { action: 'update', ticket: { id: ticketId, status: 'pending', queueId, userId: null, isGroup: false } },
})

describeEachBackend('realtime hub /ws', (env) => {
  let server: ReturnType<typeof Bun.serve>
  let co: Awaited<ReturnType<typeof seedCompany>>
  const open: WsTestClient[] = []
  const url = (token: string) => `ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(token)}`
  const connect = async (token: string) => {
    const c = await WsTestClient.connect(url(token))
    open.push(c)
    return c
  }
  const hub = () => env().services.hub!
  const online = async (userId: number) =>
    (await withSystem(env().services.db, (tx) => tx`select online, last_seen_at from users where id = ${userId}`))[0]

  beforeAll(async () => {
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: env().app.fetch, websocket: websocketHandler })
    co = await seedCompany(env())
  }, 60_000)
  // Each test's sockets close after it, and the hub finishes marking users offline before the next one.
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()))
    await hub().settled()
  })
  afterAll(async () => {
    await server.stop(true)
  })

  describe('connect', () => {
    test('a missing or bad token is refused with 401 ERR_SESSION_EXPIRED before the upgrade', async () => {
      for (const q of ['', '?token=not-a-jwt']) {
        const res = await fetch(`http://127.0.0.1:${server.port}/ws${q}`, { headers: { upgrade: 'websocket', connection: 'Upgrade' } })
        expect(res.status).toBe(401)
        expect((await res.json()).error).toBe('ERR_SESSION_EXPIRED')
      }
      expect(String(await rejection(WsTestClient.connect(url('not-a-jwt'))))).toContain('refused')
    })

    test('a token of a logged-out session is refused', async () => {
      const u = await createUser(env(), co.companyId)
      await call(env(), 'DELETE', '/auth/logout', { token: u.token })
      expect(String(await rejection(WsTestClient.connect(url(u.token))))).toContain('refused')
    })

    test('malformed frames are ignored and ping is answered with pong', async () => {
      const c = await connect(co.adminToken)
      c.ws.send('not json')
      c.ws.send(JSON.stringify({ event: 'joinChatBox', data: { nope: 1 } }))
      c.ws.send(JSON.stringify({ event: 'unknownEvent' }))
      c.send('ping')
      expect(await c.next('pong')).toEqual({ event: 'pong', data: {} })
      expect(c.frames).toEqual([])
    })
  })

  describe('subscription expiry (issue 16 item 5)', () => {
    test('a company past its due date is refused at connect (402) and its open sockets close when the date moves', async () => {
      const other = await createCompany(env())
      const live = await connect(other.adminToken)
      const yesterday = new Date(env().services.now().getTime() - 86_400_000).toISOString().slice(0, 10)
      const put = await call(env(), 'PUT', `/companies/${other.companyId}`, { token: await superToken(env()), json: { dueDate: yesterday } })
      expect(put.status).toBe(200)
      expect((await live.closed).code).toBe(4001)
      const res = await fetch(url(other.adminToken).replace('ws://', 'http://'), { headers: { upgrade: 'websocket', connection: 'Upgrade' } })
      expect(res.status).toBe(402)
      expect((await res.json()).error).toBe('ERR_SUBSCRIPTION_EXPIRED')
    })
  })

  describe('token expiry', () => {
    test('a socket whose token expired is closed with 4001 by sweepExpired', async () => {
      const c = await connect(co.user1.token)
      const exp = decodeJwt(co.user1.token).exp! * 1000
      expect(hub().sweepExpired(new Date(exp - 1000))).toBe(0)
      hub().sweepExpired(new Date(exp))
      expect(await c.closed).toEqual({ code: 4001, reason: 'token expired' })
    })

    test('refreshToken with a fresh token of the same session moves the expiry', async () => {
      const c = await connect(co.user1.token)
      const claims = decodeJwt(co.user1.token)
      const later = new Date(claims.exp! * 1000 - 60_000)
      const fresh = await signAccessToken(env().services.keys, { id: co.user1.id, companyId: co.companyId, sid: String(claims.sid) }, later)
      c.send('refreshToken', fresh)
      const refreshed = await c.next('tokenRefreshed')
      const newExp = decodeJwt(fresh).exp! * 1000
      expect(refreshed.data.expiresAt).toBe(new Date(newExp).toISOString())
      hub().sweepExpired(new Date(claims.exp! * 1000 + 1000))
      expect(await c.drain()).toEqual([])
      hub().sweepExpired(new Date(newExp))
      expect((await c.closed).code).toBe(4001)
    })

    test("refreshToken with another user's token is refused and keeps the old expiry", async () => {
      const c = await connect(co.user1.token)
      c.send('refreshToken', co.user2.token)
      expect((await c.next('error')).data).toEqual({ code: 'ERR_SESSION_EXPIRED', event: 'refreshToken' })
      hub().sweepExpired(new Date(decodeJwt(co.user1.token).exp! * 1000))
      expect((await c.closed).code).toBe(4001)
    })
  })

  describe('session replaced', () => {
    test("a new login sends sessionReplaced to the old socket and closes it; another user's socket gets nothing", async () => {
      const u = await createUser(env(), co.companyId)
      const old = await connect(u.token)
      const bystander = await connect(co.adminToken)
      const res = await call(env(), 'POST', '/auth/login', { json: { email: u.email, password: u.password } })
      expect(res.status).toBe(200)
      const frame = await old.next(`company-${co.companyId}-auth`)
      expect(frame.data).toEqual({ action: 'sessionReplaced', message: SESSION_REPLACED_MESSAGE, user: { id: u.id } })
      expect((await old.closed).code).toBe(4002)
      expect(await bystander.drain()).toEqual([])
      // the new session connects fine
      const fresh = await connect(res.body.token)
      expect(await fresh.drain()).toEqual([])
    })
  })

  describe('routing', () => {
    test('an announcement reaches sockets of two different companies, each under its own name', async () => {
      const other = await createCompany(env())
      const a = await connect(co.adminToken)
      const b = await connect(other.adminToken)
      env().services.events.publish([{ type: 'announcement', companyId: 1, payload: { action: 'create', record: { id: 9, status: true } } }])
      expect((await a.next(`company-${co.companyId}-announcement`)).data.record.id).toBe(9)
      expect((await b.next(`company-${other.companyId}-announcement`)).data.action).toBe('create')
    })

    test("a companySettings event of company A never reaches company B's socket", async () => {
      const other = await createCompany(env())
      const a = await connect(co.user1.token)
      const b = await connect(other.adminToken)
      env().services.events.publish([{ type: 'companySettings', companyId: co.companyId, payload: { action: 'update', settings: { x: 1 } } }])
      expect((await a.next(`company-${co.companyId}-companySettings`)).data).toEqual({ action: 'update', settings: { x: 1 } })
      expect(await b.drain()).toEqual([])
    })

    test('a ticket event reaches a user of its queue and the admin, not a user of another queue', async () => {
      const admin = await connect(co.adminToken)
      const inQueue = await connect(co.user2.token)
      const outside = await connect(co.user1.token)
      env().services.events.publish([ticketEvent(co.companyId, co.ticketId, co.q2)])
      expect((await inQueue.next(`company-${co.companyId}-ticket`)).data.ticket.id).toBe(co.ticketId)
      expect((await admin.next(`company-${co.companyId}-ticket`)).data.action).toBe('update')
      expect(await outside.drain()).toEqual([])
    })

    test('a user whose queues change receives the tickets of the new queue after the user event', async () => {
      const u = await createUser(env(), co.companyId)
      const c = await connect(u.token)
      await withSystem(env().services.db, (tx) => tx`insert into user_queues (company_id, user_id, queue_id) values (${co.companyId}, ${u.id}, ${co.q2})`)
      env().services.events.publish([{ type: 'user', companyId: co.companyId, payload: { action: 'update', user: { id: u.id } } }])
      await c.next(`company-${co.companyId}-user`)
      await c.drain() // the reload runs before the pong
      env().services.events.publish([ticketEvent(co.companyId, co.ticketId, co.q2)])
      expect((await c.next(`company-${co.companyId}-ticket`)).data.ticket.queueId).toBe(co.q2)
    })
  })

  describe('rooms', () => {
    test('joinChatBox on a ticket of another queue is refused for a plain user and allowed for an admin', async () => {
      const room = `company-${co.companyId}-chatBox-${co.ticketId}`
      const user = await connect(co.user1.token)
      user.send('joinChatBox', co.ticketId)
      expect((await user.next('error')).data).toEqual({ code: 'ERR_NO_PERMISSION', room })
      const admin = await connect(co.adminToken)
      admin.send('joinChatBox', String(co.ticketId))
      expect((await admin.next('ready')).data).toEqual({ room })
    })

    test('a ticket id of another company is refused like a missing one', async () => {
      const other = await createCompany(env())
      const c = await connect(other.adminToken)
      c.send('joinChatBox', co.ticketId)
      expect((await c.next('error')).data.code).toBe('ERR_NO_PERMISSION')
    })

    test('joinTickets group needs allowGroup; joinNotification is open to all', async () => {
      const c = await connect(co.user1.token)
      c.send('joinTickets', 'group')
      expect((await c.next('error')).data.room).toBe(`company-${co.companyId}-tickets-group`)
      c.send('joinTickets', 'pending')
      expect((await c.next('ready')).data.room).toBe(`company-${co.companyId}-tickets-pending`)
      c.send('joinNotification')
      expect((await c.next('ready')).data.room).toBe(`company-${co.companyId}-notification`)
    })

    test('viewers and typing are shared within a chat box only', async () => {
      const presence = `company-${co.companyId}-presence`
      const admin = await connect(co.adminToken)
      const agent = await connect(co.user2.token)
      const outsider = await connect(co.user1.token)
      admin.send('joinChatBox', co.ticketId)
      await admin.next('ready')
      expect((await admin.next(presence)).data).toEqual({ ticketId: co.ticketId, viewers: [{ id: co.adminId, name: 'Admin' }] })
      agent.send('joinChatBox', co.ticketId)
      await agent.next('ready')
      const both = (await admin.next(presence)).data.viewers.map((v: { id: number }) => v.id).sort()
      expect(both).toEqual([co.adminId, co.user2.id].sort())
      await agent.next(presence)
      agent.send('typing', { ticketId: co.ticketId })
      expect((await admin.next((f) => f.event === presence && 'typing' in f.data)).data).toMatchObject({ userId: co.user2.id, typing: true })
      agent.send('viewing', { ticketId: co.ticketId, viewing: false })
      expect((await admin.next(presence)).data.viewers).toEqual([{ id: co.adminId, name: 'Admin' }])
      agent.send('leaveChatBox', co.ticketId)
      await admin.next(presence)
      expect((await agent.drain()).filter((f) => 'typing' in f.data)).toEqual([])
      expect(await outsider.drain()).toEqual([])
    })
  })

  describe('userStatus', () => {
    test('userStatus sets online and last_seen_at; closing the last socket sets online false', async () => {
      const u = await createUser(env(), co.companyId)
      const first = await connect(u.token)
      const second = await connect(u.token)
      await first.drain() // the connect-time online mark has run
      await second.drain()
      await withSystem(env().services.db, (tx) => tx`update users set online = false, last_seen_at = null where id = ${u.id}`)
      env().clock.advance(1000)
      first.send('userStatus')
      await first.drain()
      const row = await online(u.id)
      expect(row.online).toBe(true)
      expect(row.lastSeenAt.getTime()).toBe(env().clock.now.getTime())
      await first.close()
      expect(await second.drain()).toEqual([]) // still open, and the user stays online
      expect((await online(u.id)).online).toBe(true)
      await second.close()
      const deadline = Date.now() + 3000
      while ((await online(u.id)).online && Date.now() < deadline) await Bun.sleep(20)
      expect((await online(u.id)).online).toBe(false)
    })
  })
})
