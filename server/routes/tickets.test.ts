import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'

interface Setup {
  companyId: number
  adminId: number
  adminToken: string
  q1: number
  q2: number
  conn: number
  /** Users of queue 1 (a, b), of queue 2 only (c), and one with userClosePendingTicket disabled in queue 1 (d). */
  a: { id: number; token: string }
  b: { id: number; token: string }
  c: { id: number; token: string }
  d: { id: number; token: string }
}

const sys = <T>(env: TestEnv, fn: Parameters<typeof withSystem<T>>[1]) => withSystem(env.services.db, fn)

async function setup(env: TestEnv): Promise<Setup> {
  const { companyId, adminId, adminToken } = await createCompany(env)
  const [q1, q2] = await sys(env, async (tx) => {
    const rows = await tx<{ id: number }[]>`
      insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#111111'), (${companyId}, 'Suporte', '#222222')
      returning id`
    return rows.map((r) => r.id)
  })
  const conn = (await createConnection(env, companyId, { complationMessage: 'Tchau da conexão' })).id
  const a = await createUser(env, companyId, { name: 'Ana' })
  const b = await createUser(env, companyId, { name: 'Bruno' })
  const c = await createUser(env, companyId, { name: 'Carla' })
  const d = await createUser(env, companyId, { name: 'Davi', userClosePendingTicket: 'disabled' })
  await sys(env, (tx) => tx`
    insert into user_queues (company_id, user_id, queue_id)
    values (${companyId}, ${a.id}, ${q1}), (${companyId}, ${b.id}, ${q1}), (${companyId}, ${c.id}, ${q2}), (${companyId}, ${d.id}, ${q1})`)
  return { companyId, adminId, adminToken, q1, q2, conn, a, b, c, d }
}

/** A contact and its ticket on the setup's connection, inserted as the inbound pipeline would. */
async function ticketOf(env: TestEnv, s: Setup, fields: Record<string, unknown> = {}) {
  return sys(env, async (tx) => {
    const [contact] = await tx<{ id: number }[]>`
      insert into contacts (company_id, name, number, channel) values (${s.companyId}, 'Cliente', ${uniq('5511')}, 'simulator') returning id`
    const row = { companyId: s.companyId, contactId: contact.id, whatsappId: s.conn, channel: 'simulator', status: 'pending', queueId: s.q1, ...fields }
    const [t] = await tx<{ id: number; uuid: string; contactId: number }[]>`insert into tickets ${tx(row)} returning id, uuid::text as uuid, contact_id`
    return t
  })
}

const row = (env: TestEnv, id: number) =>
  sys(env, async (tx) => (await tx`select status, user_id, queue_id, accepted_at, closed_at, is_transfered from tickets where id = ${id}`)[0])
const logs = (env: TestEnv, id: number) =>
  sys(env, async (tx) => await tx<{ type: string; userId: number | null }[]>`select type, user_id from ticket_logs where ticket_id = ${id} order by id`)
const put = (env: TestEnv, token: string, id: number, json: unknown) => call(env, 'PUT', `/tickets/${id}`, { token, json })

describeEachBackend('tickets: transitions', (env) => {
  let s: Setup
  beforeAll(async () => {
    s = await setup(env())
  }, 60_000)

  test('accept moves pending to open with the actor as owner, sets accepted_at and logs open', async () => {
    const t = await ticketOf(env(), s)
    const res = await put(env(), s.a.token, t.id, { status: 'open', userId: s.a.id })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: t.id, status: 'open', userId: s.a.id, user: { id: s.a.id, name: 'Ana' }, queue: { id: s.q1 } })
    const r = await row(env(), t.id)
    expect(r.acceptedAt).toBeInstanceOf(Date)
    expect((await logs(env(), t.id)).map((l) => [l.type, l.userId])).toEqual([['open', s.a.id]])
  })

  test('accept of a group ticket puts it in the group status', async () => {
    await sys(env(), (tx) => tx`update users set allow_group = true where id = ${s.a.id}`)
    const t = await ticketOf(env(), s, { isGroup: true })
    const res = await put(env(), s.a.token, t.id, { status: 'open' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'group', userId: s.a.id })
  })

  test('a plain user outside the ticket queue cannot accept it', async () => {
    const t = await ticketOf(env(), s)
    const res = await put(env(), s.c.token, t.id, { status: 'open', userId: s.c.id })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('ERR_NO_PERMISSION')
    expect((await row(env(), t.id)).status).toBe('pending')
  })

  test('a plain user accepts a ticket without queue only by choosing one of their queues; an admin may without', async () => {
    await sys(env(), (tx) => tx`update users set all_ticket = 'enable' where id = ${s.a.id}`)
    const t = await ticketOf(env(), s, { queueId: null })
    const bare = await put(env(), s.a.token, t.id, { status: 'open' })
    expect(bare.status).toBe(403)
    const foreign = await put(env(), s.a.token, t.id, { status: 'open', queueId: s.q2 })
    expect(foreign.status).toBe(403)
    const ok = await put(env(), s.a.token, t.id, { status: 'open', queueId: s.q1 })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ status: 'open', queueId: s.q1, userId: s.a.id })
    const t2 = await ticketOf(env(), s, { queueId: null })
    const admin = await put(env(), s.adminToken, t2.id, { status: 'open' })
    expect(admin.status).toBe(200)
    expect(admin.body).toMatchObject({ status: 'open', queueId: null, userId: s.adminId })
  })

  test('accepting a ticket another user took meanwhile answers the ticket as it is, unchanged', async () => {
    const t = await ticketOf(env(), s)
    expect((await put(env(), s.a.token, t.id, { status: 'open', userId: s.a.id })).status).toBe(200)
    const late = await put(env(), s.b.token, t.id, { status: 'open', userId: s.b.id })
    expect(late.status).toBe(200)
    expect(late.body).toMatchObject({ id: t.id, status: 'open', userId: s.a.id, user: { name: 'Ana' }, queue: { name: 'Vendas' } })
    expect((await row(env(), t.id)).userId).toBe(s.a.id)
    expect((await logs(env(), t.id)).length).toBe(1)
  })

  test('accept with sendGreetingAccepted queues the greeting as a system message', async () => {
    await sys(env(), (tx) => tx`update company_settings set send_greeting_accepted = 'enabled', greeting_accepted_message = 'Olá {{name}}!'
                               where company_id = ${s.companyId}`)
    try {
      const t = await ticketOf(env(), s)
      expect((await put(env(), s.a.token, t.id, { status: 'open' })).status).toBe(200)
      const msgs = await sys(env(), (tx) => tx`select id, body, is_system from messages where ticket_id = ${t.id}`)
      expect(msgs.map((m) => [m.body, m.isSystem])).toEqual([['Olá Cliente!', true]])
      const jobs = await sys(env(), (tx) => tx`select id from jobs where idempotency_key = ${`send:${msgs[0].id}`}`)
      expect(jobs.length).toBe(1)
    } finally {
      await sys(env(), (tx) => tx`update company_settings set send_greeting_accepted = 'disabled' where company_id = ${s.companyId}`)
    }
  })

  test('return to queue moves open to pending and removes the owner; another plain user cannot do it', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    expect((await put(env(), s.b.token, t.id, { status: 'pending' })).status).toBe(403)
    const res = await put(env(), s.a.token, t.id, { status: 'pending' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'pending', userId: null, queueId: s.q1 })
    expect((await logs(env(), t.id)).map((l) => l.type)).toEqual(['pending'])
  })

  test('resolve closes an open ticket with closed_at and logs closed', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const res = await put(env(), s.a.token, t.id, { status: 'closed', userId: s.a.id })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'closed', userId: s.a.id })
    expect((await row(env(), t.id)).closedAt).toBeInstanceOf(Date)
    expect((await logs(env(), t.id)).map((l) => [l.type, l.userId])).toEqual([['closed', s.a.id]])
  })

  test("a plain user cannot resolve another user's open ticket; an admin can", async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const refused = await put(env(), s.b.token, t.id, { status: 'closed', userId: s.b.id })
    expect(refused.status).toBe(403)
    expect((await row(env(), t.id)).status).toBe('open')
    const res = await put(env(), s.adminToken, t.id, { status: 'closed' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'closed', userId: s.a.id })
  })

  test('ignore closes a pending ticket for a user with userClosePendingTicket, and never sends a farewell', async () => {
    const t = await ticketOf(env(), s)
    const res = await put(env(), s.a.token, t.id, { status: 'closed', sendFarewellMessage: true })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'closed', userId: null })
    expect((await logs(env(), t.id)).map((l) => l.type)).toEqual(['closed'])
    expect((await sys(env(), (tx) => tx`select id from messages where ticket_id = ${t.id}`)).length).toBe(0)
  })

  test('ignore is refused when userClosePendingTicket is disabled', async () => {
    const t = await ticketOf(env(), s)
    const res = await put(env(), s.d.token, t.id, { status: 'closed' })
    expect(res.status).toBe(403)
    expect((await row(env(), t.id)).status).toBe('pending')
  })

  test('closing a closed ticket again changes nothing', async () => {
    const t = await ticketOf(env(), s, { status: 'closed', userId: s.a.id })
    const res = await put(env(), s.a.token, t.id, { status: 'closed' })
    expect(res.status).toBe(200)
    expect((await logs(env(), t.id)).length).toBe(0)
  })

  test('toggling integration use (spec part 1 §4) changes only the flag and the bot counter, logging nothing', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const on = await put(env(), s.a.token, t.id, { useIntegration: true, amountUsedBotQueues: 0 })
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ id: t.id, status: 'open', userId: s.a.id, useIntegration: true, amountUsedBotQueues: 0 })
    const off = await put(env(), s.a.token, t.id, { useIntegration: false })
    expect(off.body.useIntegration).toBe(false)
    expect((await logs(env(), t.id)).length).toBe(0)
    expect((await put(env(), s.a.token, t.id, { useIntegration: 'yes' })).status).toBe(400)
  })

  test('reopen moves closed to open for an admin, owned by the admin, and logs reopen', async () => {
    const t = await ticketOf(env(), s, { status: 'closed', userId: s.a.id, closedAt: new Date() })
    const res = await put(env(), s.adminToken, t.id, { status: 'open' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'open', userId: s.adminId, closedAt: null })
    expect((await logs(env(), t.id)).map((l) => l.type)).toEqual(['reopen'])
  })

  test('a plain user reopens a closed ticket of their queue for themselves (spec part 1 §4 "current user")', async () => {
    const t = await ticketOf(env(), s, { status: 'closed', userId: s.b.id, closedAt: new Date() })
    expect((await put(env(), s.a.token, t.id, { status: 'open', userId: s.b.id })).status).toBe(403)
    expect((await row(env(), t.id)).status).toBe('closed')
    expect((await put(env(), s.c.token, t.id, { status: 'open', userId: s.c.id })).status).toBe(403)
    const res = await put(env(), s.a.token, t.id, { status: 'open', userId: s.a.id })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'open', userId: s.a.id, queueId: s.q1, closedAt: null })
    expect((await logs(env(), t.id)).map((l) => [l.type, l.userId])).toEqual([['reopen', s.a.id]])
  })

  test('a plain user reopens a queue-less ticket only into one of their queues', async () => {
    const t = await ticketOf(env(), s, { status: 'closed', userId: s.a.id, queueId: null, closedAt: new Date() })
    expect((await put(env(), s.a.token, t.id, { status: 'open', userId: s.a.id })).status).toBe(403)
    expect((await put(env(), s.a.token, t.id, { status: 'open', userId: s.a.id, queueId: s.q2 })).status).toBe(403)
    expect((await row(env(), t.id)).status).toBe('closed')
    const res = await put(env(), s.a.token, t.id, { status: 'open', userId: s.a.id, queueId: s.q1 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'open', userId: s.a.id, queueId: s.q1 })
  })

  test('reopening while the contact has another live ticket on the connection answers 409 with its details', async () => {
    const old = await ticketOf(env(), s, { status: 'closed' })
    await sys(env(), (tx) => tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id, queue_id)
                               values (${s.companyId}, ${old.contactId}, ${s.conn}, 'simulator', 'open', ${s.b.id}, ${s.q1})`)
    const live = await sys(env(), async (tx) => (await tx`select uuid::text as uuid from tickets where contact_id = ${old.contactId} and status = 'open'`)[0])
    const res = await put(env(), s.adminToken, old.id, { status: 'open' })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', userId: s.b.id, userName: 'Bruno', queueName: 'Vendas', uuid: live.uuid, status: 'open' })
    expect(JSON.parse(res.body.message)).toEqual({ userId: s.b.id, userName: 'Bruno', queueName: 'Vendas', uuid: live.uuid, status: 'open' })
    expect((await row(env(), old.id)).status).toBe('closed')
  })

  test('transfer to a user and another queue opens the ticket for them and logs both sides', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const res = await put(env(), s.a.token, t.id, { userId: s.c.id, queueId: s.q2, status: 'open', isTransfered: true, msgTransfer: 'veja isto' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'open', userId: s.c.id, queueId: s.q2, isTransfered: true })
    expect((await logs(env(), t.id)).map((l) => [l.type, l.userId])).toEqual([['transfered', s.a.id], ['receivedTransfer', s.c.id]])
    const notes = await sys(env(), (tx) => tx`select body, is_private from messages where ticket_id = ${t.id}`)
    expect(notes.map((n) => [n.body, n.isPrivate])).toEqual([['veja isto', true]])
  })

  test('transfer to a queue without a user leaves the ticket pending', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const res = await put(env(), s.a.token, t.id, { queueId: s.q2, status: 'pending', isTransfered: true })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'pending', userId: null, queueId: s.q2 })
  })

  test("a plain user cannot transfer another user's ticket", async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const res = await put(env(), s.b.token, t.id, { userId: s.b.id, queueId: s.q1, isTransfered: true })
    expect(res.status).toBe(403)
    expect((await row(env(), t.id)).userId).toBe(s.a.id)
  })

  test('an update emits one ticket event with the fields realtime routing needs', async () => {
    const t = await ticketOf(env(), s)
    const events: { type: string; payload: Record<string, any> }[] = []
    const stop = env().services.events.subscribe((e) => events.push(e))
    try {
      expect((await put(env(), s.a.token, t.id, { status: 'open' })).status).toBe(200)
    } finally {
      stop()
    }
    const mine = events.filter((e) => e.type === 'ticket' && e.payload.ticket.id === t.id)
    expect(mine.length).toBe(1)
    expect(mine[0].payload).toMatchObject({ action: 'update', ticket: { id: t.id, uuid: t.uuid, status: 'open', userId: s.a.id, queueId: s.q1, isGroup: false } })
  })

  test('a status change that fits no transition is 400 ERR_INVALID_TICKET_STATUS', async () => {
    await sys(env(), (tx) => tx`update users set allow_group = true where id = ${s.b.id}`)
    const t = await ticketOf(env(), s, { status: 'group', isGroup: true })
    const res = await put(env(), s.b.token, t.id, { status: 'open' })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('ERR_INVALID_TICKET_STATUS')
    expect((await row(env(), t.id)).status).toBe('group')
  })

  test('an unknown ticket is 404 and a bad body is 400', async () => {
    expect((await put(env(), s.adminToken, 2147483000, { status: 'open' })).body.error).toBe('ERR_NO_TICKET_FOUND')
    const t = await ticketOf(env(), s)
    const bad = await put(env(), s.adminToken, t.id, { status: 'weird' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('ERR_VALIDATION')
  })
})

describeEachBackend('tickets: close rules', (env) => {
  let s: Setup
  beforeAll(async () => {
    s = await setup(env())
  }, 60_000)

  test('with requiredTag enabled, an untagged ticket cannot be resolved; a tagged one can', async () => {
    await sys(env(), (tx) => tx`update company_settings set required_tag = 'enabled' where company_id = ${s.companyId}`)
    try {
      const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
      const res = await put(env(), s.a.token, t.id, { status: 'closed' })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_TICKET_TAG_REQUIRED')
      expect((await row(env(), t.id)).status).toBe('open')
      await sys(env(), async (tx) => {
        const [tag] = await tx`insert into tags (company_id, name) values (${s.companyId}, ${uniq('vip')}) returning id`
        await tx`insert into ticket_tags (company_id, ticket_id, tag_id) values (${s.companyId}, ${t.id}, ${tag.id})`
      })
      const ok = await put(env(), s.a.token, t.id, { status: 'closed' })
      expect(ok.status).toBe(200)
      expect(ok.body.status).toBe('closed')
    } finally {
      await sys(env(), (tx) => tx`update company_settings set required_tag = 'disabled' where company_id = ${s.companyId}`)
    }
  })

  test('the farewell asked for is queued exactly once, with the connection message when the user has none', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const res = await put(env(), s.a.token, t.id, { status: 'closed', sendFarewellMessage: true })
    expect(res.status).toBe(200)
    const msgs = await sys(env(), (tx) => tx`select id, body, is_system, from_me from messages where ticket_id = ${t.id}`)
    expect(msgs.map((m) => [m.body, m.isSystem, m.fromMe])).toEqual([['Tchau da conexão', true, true]])
    const jobs = await sys(env(), (tx) => tx`select id from jobs where idempotency_key like ${`send:${msgs[0].id}`}`)
    expect(jobs.length).toBe(1)
  })

  test("the owner's farewell message wins over the connection's", async () => {
    await sys(env(), (tx) => tx`update users set farewell_message = 'Até logo, {{name}}' where id = ${s.b.id}`)
    const t = await ticketOf(env(), s, { status: 'open', userId: s.b.id })
    expect((await put(env(), s.b.token, t.id, { status: 'closed', sendFarewellMessage: true })).status).toBe(200)
    const msgs = await sys(env(), (tx) => tx`select body from messages where ticket_id = ${t.id}`)
    expect(msgs.map((m) => m.body)).toEqual(['Até logo, Cliente'])
  })

  test('no farewell is queued when the caller does not ask for it', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    expect((await put(env(), s.a.token, t.id, { status: 'closed', sendFarewellMessage: false })).status).toBe(200)
    expect((await sys(env(), (tx) => tx`select id from messages where ticket_id = ${t.id}`)).length).toBe(0)
  })

  test('resolving a pending ticket sends the farewell only with sendFarewellWaitingTicket', async () => {
    const t = await ticketOf(env(), s)
    expect((await put(env(), s.a.token, t.id, { status: 'closed', userId: s.a.id, sendFarewellMessage: true })).status).toBe(200)
    expect((await sys(env(), (tx) => tx`select id from messages where ticket_id = ${t.id}`)).length).toBe(0)
    await sys(env(), (tx) => tx`update company_settings set send_farewell_waiting_ticket = 'enabled' where company_id = ${s.companyId}`)
    const t2 = await ticketOf(env(), s)
    const res = await put(env(), s.a.token, t2.id, { status: 'closed', userId: s.a.id, sendFarewellMessage: true })
    expect(res.body).toMatchObject({ status: 'closed', userId: s.a.id })
    expect((await sys(env(), (tx) => tx`select id from messages where ticket_id = ${t2.id}`)).length).toBe(1)
  })
})

describeEachBackend('tickets: create, close all, delete, show, log', (env) => {
  let s: Setup
  beforeAll(async () => {
    s = await setup(env())
  }, 60_000)

  const contact = () =>
    sys(env(), async (tx) => (await tx<{ id: number }[]>`
      insert into contacts (company_id, name, number, channel) values (${s.companyId}, 'Novo', ${uniq('5521')}, 'simulator') returning id`)[0].id)

  test('POST /tickets opens a ticket owned by the actor and logs create and open', async () => {
    const contactId = await contact()
    const res = await call(env(), 'POST', '/tickets', { token: s.a.token, json: { contactId, queueId: s.q1, whatsappId: s.conn } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'open', userId: s.a.id, queueId: s.q1, whatsappId: s.conn, contactId })
    expect(typeof res.body.uuid).toBe('string')
    expect((await logs(env(), res.body.id)).map((l) => l.type)).toEqual(['create', 'open'])
  })

  test('POST /tickets on a contact with a live ticket answers 409 ERR_OTHER_OPEN_TICKET with its holder', async () => {
    const contactId = await contact()
    const first = await call(env(), 'POST', '/tickets', { token: s.a.token, json: { contactId, queueId: s.q1, whatsappId: s.conn } })
    expect(first.status).toBe(201)
    const res = await call(env(), 'POST', '/tickets', { token: s.adminToken, json: { contactId, queueId: s.q2, whatsappId: s.conn, status: 'pending' } })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', userId: s.a.id, userName: 'Ana', queueName: 'Vendas', uuid: first.body.uuid, status: 'open' })
  })

  test('POST /tickets requires contact, queue and connection with the form messages', async () => {
    const res = await call(env(), 'POST', '/tickets', { token: s.a.token, json: {} })
    expect(res.status).toBe(400)
    const byField = Object.fromEntries(res.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]))
    expect(byField).toEqual({ contactId: 'Selecione um contato', queueId: 'Selecione uma fila', whatsappId: 'Selecione uma conexão' })
  })

  test('POST /tickets refuses a plain user creating for another user or outside their queues', async () => {
    const contactId = await contact()
    expect((await call(env(), 'POST', '/tickets', { token: s.a.token, json: { contactId, queueId: s.q1, whatsappId: s.conn, userId: s.b.id } })).status).toBe(403)
    expect((await call(env(), 'POST', '/tickets', { token: s.a.token, json: { contactId, queueId: s.q2, whatsappId: s.conn } })).status).toBe(403)
    const missing = await call(env(), 'POST', '/tickets', { token: s.adminToken, json: { contactId: 2147483000, queueId: s.q1, whatsappId: s.conn } })
    expect(missing.body.error).toBe('ERR_NO_CONTACT_FOUND')
  })

  test('closeAll closes the pending tickets of the selected queues only, and logs each', async () => {
    const inQ1 = await ticketOf(env(), s)
    const inQ2 = await ticketOf(env(), s, { queueId: s.q2 })
    const open = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const res = await call(env(), 'POST', '/tickets/closeAll', { token: s.adminToken, json: { status: 'pending', selectedQueueIds: [s.q1] } })
    expect(res.status).toBe(200)
    expect(res.body.count).toBeGreaterThanOrEqual(1)
    expect((await row(env(), inQ1.id)).status).toBe('closed')
    expect((await row(env(), inQ2.id)).status).toBe('pending')
    expect((await row(env(), open.id)).status).toBe('open')
    expect((await logs(env(), inQ1.id)).map((l) => [l.type, l.userId])).toEqual([['closed', s.adminId]])
  })

  test('closeAll needs a status and a queue list; an empty list closes nothing; a plain user is refused', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const body = { status: 'open', selectedQueueIds: [s.q1] }
    expect((await call(env(), 'POST', '/tickets/closeAll', { token: s.a.token, json: body })).status).toBe(403)
    expect((await row(env(), t.id)).status).toBe('open')
    const bare = await call(env(), 'POST', '/tickets/closeAll', { token: s.adminToken, json: {} })
    expect(bare.status).toBe(400)
    expect(JSON.stringify(bare.body)).toContain('status')
    expect((await row(env(), t.id)).status).toBe('open')
    const empty = await call(env(), 'POST', '/tickets/closeAll', { token: s.adminToken, json: { status: 'open', selectedQueueIds: [] } })
    expect(empty.body).toEqual({ count: 0 })
    expect((await row(env(), t.id)).status).toBe('open')
    expect((await call(env(), 'POST', '/tickets/closeAll', { token: s.adminToken, json: body })).status).toBe(200)
    expect((await row(env(), t.id)).status).toBe('closed')
  })

  test('an admin deletes a ticket; a plain user cannot', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    expect((await call(env(), 'DELETE', `/tickets/${t.id}`, { token: s.a.token })).status).toBe(403)
    const res = await call(env(), 'DELETE', `/tickets/${t.id}`, { token: s.adminToken })
    expect(res.status).toBe(200)
    expect(await row(env(), t.id)).toBeUndefined()
    expect((await call(env(), 'DELETE', `/tickets/${t.id}`, { token: s.adminToken })).body.error).toBe('ERR_NO_TICKET_FOUND')
    // The record of the deletion outlives the ticket, its messages and its log (issue 15 item 18).
    const kept = await sys(env(), (tx) => tx`select ticket_id, ticket_uuid::text as ticket_uuid, status, contact_name, deleted_by
                                               from ticket_deletions where ticket_id = ${t.id}`)
    expect([...kept]).toEqual([{ ticketId: t.id, ticketUuid: t.uuid, status: 'open', contactName: 'Cliente', deletedBy: s.adminId }])
  })

  test('GET /tickets/u/:uuid answers the ticket with contact, queue, user and connection to a queue member', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const res = await call(env(), 'GET', `/tickets/u/${t.uuid}`, { token: s.b.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: t.id,
      uuid: t.uuid,
      contact: { id: t.contactId, name: 'Cliente' },
      queue: { id: s.q1, name: 'Vendas', color: '#111111' },
      user: { id: s.a.id, name: 'Ana' },
      whatsapp: { id: s.conn },
      tags: [],
    })
  })

  test('opening a ticket (GET /tickets/u/:uuid) is logged access, once per visit', async () => {
    const t = await ticketOf(env(), s, { status: 'open', userId: s.a.id })
    const types = async () => (await call(env(), 'GET', `/tickets-log/${t.id}`, { token: s.adminToken })).body.map((l: { type: string; user: { name: string } | null }) => [l.type, l.user?.name])
    await call(env(), 'GET', `/tickets/u/${t.uuid}`, { token: s.b.token })
    await call(env(), 'GET', `/tickets/u/${t.uuid}`, { token: s.b.token })
    expect(await types()).toEqual([['access', 'Bruno']])
    await call(env(), 'GET', `/tickets/u/${t.uuid}`, { token: s.a.token })
    await call(env(), 'GET', `/tickets/u/${t.uuid}`, { token: s.b.token })
    expect(await types()).toEqual([['access', 'Bruno'], ['access', 'Ana'], ['access', 'Bruno']])
    // Refused reads write nothing.
    await call(env(), 'GET', `/tickets/u/${t.uuid}`, { token: s.c.token })
    expect(await types()).toHaveLength(3)
  })

  test('GET /tickets/u/:uuid is 404 for a plain user outside the queue, and 400 for a malformed uuid', async () => {
    const t = await ticketOf(env(), s)
    const res = await call(env(), 'GET', `/tickets/u/${t.uuid}`, { token: s.c.token })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_NO_TICKET_FOUND')
    expect((await call(env(), 'GET', '/tickets/u/not-a-uuid', { token: s.c.token })).status).toBe(400)
  })

  test('GET /tickets-log lists who did what and when, and is 404 outside the ticket visibility', async () => {
    const t = await ticketOf(env(), s)
    await put(env(), s.a.token, t.id, { status: 'open' })
    await put(env(), s.a.token, t.id, { status: 'closed' })
    const res = await call(env(), 'GET', `/tickets-log/${t.id}`, { token: s.adminToken })
    expect(res.status).toBe(200)
    expect(res.body.map((l: { type: string; user: { name: string } }) => [l.type, l.user.name])).toEqual([['open', 'Ana'], ['closed', 'Ana']])
    expect(typeof res.body[0].createdAt).toBe('string')
    expect((await call(env(), 'GET', `/tickets-log/${t.id}`, { token: s.c.token })).status).toBe(404)
  })
})
