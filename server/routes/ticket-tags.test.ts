import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'

const sys = <T>(env: TestEnv, fn: Parameters<typeof withSystem<T>>[1]) => withSystem(env.services.db, fn)

interface Setup {
  companyId: number
  adminToken: string
  q1: number
  q2: number
  conn: number
  inQ1: { id: number; token: string }
  inQ2: { id: number; token: string }
  tagA: number
  tagB: number
  foreignTag: number
  foreignTicket: number
}

async function setup(env: TestEnv): Promise<Setup> {
  const { companyId, adminToken } = await createCompany(env)
  const [q1, q2] = await sys(env, async (tx) =>
    (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#111111'), (${companyId}, 'Suporte', '#222222') returning id`).map((r) => r.id),
  )
  const conn = (await createConnection(env, companyId)).id
  const inQ1 = await createUser(env, companyId)
  const inQ2 = await createUser(env, companyId)
  await sys(env, (tx) => tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${inQ1.id}, ${q1}), (${companyId}, ${inQ2.id}, ${q2})`)
  const [tagA, tagB] = await sys(env, async (tx) =>
    (await tx<{ id: number }[]>`insert into tags (company_id, name, color) values (${companyId}, 'Alfa', '#a00'), (${companyId}, 'Beta', '#b00') returning id`).map((r) => r.id),
  )
  const other = await createCompany(env)
  const otherConn = (await createConnection(env, other.companyId)).id
  const foreignTag = await sys(env, async (tx) => (await tx<{ id: number }[]>`insert into tags (company_id, name) values (${other.companyId}, 'Fora') returning id`)[0].id)
  const foreignTicket = await ticketOf(env, other.companyId, otherConn, {})
  return { companyId, adminToken, q1, q2, conn, inQ1, inQ2, tagA, tagB, foreignTag, foreignTicket }
}

async function ticketOf(env: TestEnv, companyId: number, whatsappId: number, fields: Record<string, unknown>): Promise<number> {
  return sys(env, async (tx) => {
    const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, 'Cliente', ${uniq('5511')}, 'simulator') returning id`
    const row = { companyId, contactId: c.id, whatsappId, channel: 'simulator', status: 'pending', ...fields }
    return (await tx<{ id: number }[]>`insert into tickets ${tx(row)} returning id`)[0].id
  })
}

const tagsOf = (env: TestEnv, ticketId: number) =>
  sys(env, async (tx) => (await tx<{ tagId: number }[]>`select tag_id from ticket_tags where ticket_id = ${ticketId} order by tag_id`).map((r) => r.tagId))

describeEachBackend('ticket tags', (env) => {
  let s: Setup
  beforeAll(async () => {
    s = await setup(env())
  }, 120_000)

  const newTicket = (fields: Record<string, unknown> = {}) => ticketOf(env(), s.companyId, s.conn, { queueId: s.q1, ...fields })
  const put = (token: string, ticketId: number | string, tagId: number | string) => call(env(), 'PUT', `/ticket-tags/${ticketId}/${tagId}`, { token })
  const del = (token: string, ticketId: number | string) => call(env(), 'DELETE', `/ticket-tags/${ticketId}`, { token })

  test('PUT puts a tag on a ticket the user sees and answers the ticket with its tags; a repeat changes nothing', async () => {
    const t = await newTicket()
    const res = await put(s.inQ1.token, t, s.tagA)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: t, tags: [{ id: s.tagA, name: 'Alfa', color: '#a00' }] })
    expect((await put(s.inQ1.token, t, s.tagA)).status).toBe(200)
    expect((await put(s.inQ1.token, t, s.tagB)).body.tags.map((g: { id: number }) => g.id)).toEqual([s.tagA, s.tagB])
    expect(await tagsOf(env(), t)).toEqual([s.tagA, s.tagB])
  })

  test('DELETE takes every tag off the ticket', async () => {
    const t = await newTicket()
    await put(s.adminToken, t, s.tagA)
    await put(s.adminToken, t, s.tagB)
    const res = await del(s.inQ1.token, t)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: t, tags: [] })
    expect(await tagsOf(env(), t)).toEqual([])
    expect((await del(s.inQ1.token, t)).status).toBe(200)
  })

  test('both emit the ticket event with id, uuid, status, userId, queueId and isGroup', async () => {
    const t = await newTicket()
    const events: { type: string; payload: Record<string, any> }[] = []
    const stop = env().services.events.subscribe((e) => events.push(e))
    try {
      expect((await put(s.inQ1.token, t, s.tagA)).status).toBe(200)
      expect((await del(s.inQ1.token, t)).status).toBe(200)
    } finally {
      stop()
    }
    const mine = events.filter((e) => e.type === 'ticket' && e.payload.ticketId === t)
    expect(mine.length).toBe(2)
    for (const e of mine) {
      expect(e.payload).toMatchObject({ action: 'update', ticket: { id: t, status: 'pending', userId: null, queueId: s.q1, isGroup: false } })
      expect(typeof e.payload.ticket.uuid).toBe('string')
    }
    expect(mine[0].payload.ticket.tags.length).toBe(1)
    expect(mine[1].payload.ticket.tags).toEqual([])
  })

  test('a plain user cannot tag or untag a ticket of a queue they are not in (403), and nothing changes', async () => {
    const t = await newTicket()
    await put(s.adminToken, t, s.tagA)
    const add = await put(s.inQ2.token, t, s.tagB)
    expect([add.status, add.body.error]).toEqual([403, 'ERR_NO_PERMISSION'])
    const remove = await del(s.inQ2.token, t)
    expect([remove.status, remove.body.error]).toEqual([403, 'ERR_NO_PERMISSION'])
    expect(await tagsOf(env(), t)).toEqual([s.tagA])
  })

  test('a group ticket needs allowGroup, admins included', async () => {
    const t = await newTicket({ status: 'group', isGroup: true })
    expect((await put(s.adminToken, t, s.tagA)).status).toBe(403)
    expect((await put(s.inQ1.token, t, s.tagA)).status).toBe(403)
    await sys(env(), (tx) => tx`update users set allow_group = true where id = ${s.inQ1.id}`)
    expect((await put(s.inQ1.token, t, s.tagA)).status).toBe(200)
  })

  test('an unknown ticket or another company\'s is 404 ERR_NO_TICKET_FOUND', async () => {
    for (const id of [2147483647, s.foreignTicket]) {
      const res = await put(s.adminToken, id, s.tagA)
      expect([res.status, res.body.error]).toEqual([404, 'ERR_NO_TICKET_FOUND'])
      expect((await del(s.adminToken, id)).status).toBe(404)
    }
  })

  test('an unknown tag or another company\'s is 404 ERR_NO_TAG_FOUND', async () => {
    const t = await newTicket()
    for (const tag of [2147483647, s.foreignTag]) {
      const res = await put(s.adminToken, t, tag)
      expect([res.status, res.body.error]).toEqual([404, 'ERR_NO_TAG_FOUND'])
    }
    expect(await tagsOf(env(), t)).toEqual([])
  })

  test('bad ids are 400 and a missing session 401', async () => {
    for (const [ticket, tag] of [['abc', 1], [0, 1], [1, 'x'], [1, -3], ['99999999999', 1]] as const) {
      expect((await put(s.adminToken, ticket, tag)).status).toBe(400)
    }
    expect((await del(s.adminToken, 'abc')).status).toBe(400)
    expect((await call(env(), 'PUT', `/ticket-tags/1/${s.tagA}`)).status).toBe(401)
    expect((await call(env(), 'DELETE', '/ticket-tags/1')).status).toBe(401)
  })
})
