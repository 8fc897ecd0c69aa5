import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { FORWARD_SPACING_MS } from '../domain/messages/forward-message.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

async function createQueue(env: TestEnv, companyId: number): Promise<number> {
  const [row] = await q(env, (tx) => tx`insert into queues ${tx({ companyId, name: uniq('Q'), color: `#${uniq('')}` })} returning id`)
  return row.id
}

async function createContact(env: TestEnv, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const number = `55${Math.floor(1e10 + Math.random() * 8e10)}`
  const [row] = await q(env, (tx) => tx`insert into contacts ${tx({ companyId, name: 'Cliente', number, channel: 'whatsapp', ...fields })} returning id`)
  return row.id
}

async function createTicket(env: TestEnv, companyId: number, o: { contactId: number; whatsappId: number; status?: string; userId?: number | null; queueId?: number | null }) {
  const row = { companyId, contactId: o.contactId, whatsappId: o.whatsappId, status: o.status ?? 'open', userId: o.userId ?? null, queueId: o.queueId ?? null, channel: 'whatsapp' }
  const [t] = await q(env, (tx) => tx`insert into tickets ${tx(row)} returning id`)
  return t.id as number
}

/** A message stored as the inbound pipeline would (a customer's, unless extra says otherwise). */
async function addMessage(env: TestEnv, companyId: number, ticketId: number, body: string, extra: Record<string, unknown> = {}): Promise<number> {
  const [t] = await q(env, (tx) => tx`select contact_id, whatsapp_id from tickets where id = ${ticketId}`)
  const row = { companyId, ticketId, contactId: t.contactId, whatsappId: t.whatsappId, body, wid: uniq('W'), ...extra }
  const [m] = await q(env, (tx) => tx`insert into messages ${tx(row)} returning id`)
  return Number(m.id)
}

/** The send jobs of a message (the jobs table is the system's: read outside the tenant scope). */
const jobsOf = (env: TestEnv, messageId: number) =>
  q(env, (tx) => tx`select queue, payload, run_at from jobs where idempotency_key = ${`send:${messageId}`}`)

/** A company with an admin, a whatsapp connection, a customer's message on an open ticket, and a second contact. */
async function setup(env: TestEnv) {
  const company = await createCompany(env)
  const conn = await createConnection(env, company.companyId, { channel: 'whatsapp' })
  const contactId = await createContact(env, company.companyId)
  const ticketId = await createTicket(env, company.companyId, { contactId, whatsappId: conn.id, userId: company.adminId })
  const messageId = await addMessage(env, company.companyId, ticketId, 'o pedido chegou')
  const targetId = await createContact(env, company.companyId, { name: 'Destino' })
  return { ...company, whatsappId: conn.id, contactId, ticketId, messageId, targetId }
}

const forward = (env: TestEnv, token: string, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(env, 'POST', '/message/forward', { token, json, headers })

describeEachBackend('POST /message/forward', (env) => {
  test("stores a forwarded copy on the contact's live ticket as the actor and queues one send, due now", async () => {
    const s = await setup(env())
    const live = await createTicket(env(), s.companyId, { contactId: s.targetId, whatsappId: s.whatsappId, status: 'pending' })
    const res = await forward(env(), s.adminToken, { messageId: s.messageId, contactId: s.targetId, signMessage: false })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ body: 'o pedido chegou', fromMe: true, ack: 0, isForwarded: true, isPrivate: false, ticketId: live, userId: s.adminId })
    expect(res.body.wid).toMatch(/^3EB0/)
    const jobs = await jobsOf(env(), res.body.id)
    expect(jobs.map((j: any) => [j.queue, j.payload])).toEqual([[`send:${s.whatsappId}`, { messageId: res.body.id }]])
    expect(new Date(jobs[0].runAt).getTime()).toBe(env().clock.now.getTime())
    const [t] = await q(env(), (tx) => tx`select status, user_id, last_message from tickets where id = ${live}`)
    expect(t).toEqual({ status: 'pending', userId: null, lastMessage: 'o pedido chegou' })
  })

  test("opens a ticket for the actor in the source ticket's queue when the contact has none, and copies the media reference", async () => {
    const s = await setup(env())
    const queueId = await createQueue(env(), s.companyId)
    await q(env(), (tx) => tx`update tickets set queue_id = ${queueId} where id = ${s.ticketId}`)
    const photo = await addMessage(env(), s.companyId, s.ticketId, 'foto', {
      mediaType: 'image', mediaPath: 'abc.jpg', mediaName: 'nota.jpg', mediaUrl: `media/${s.companyId}/abc.jpg`,
    })
    const res = await forward(env(), s.adminToken, { messageId: photo, contactId: s.targetId })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ mediaType: 'image', mediaName: 'nota.jpg', mediaUrl: `media/${s.companyId}/abc.jpg`, isForwarded: true })
    const [t] = await q(env(), (tx) => tx`select id, status, user_id, queue_id, contact_id from tickets where id = ${res.body.ticketId}`)
    expect(t).toEqual({ id: res.body.ticketId, status: 'open', userId: s.adminId, queueId, contactId: s.targetId })
    const [m] = await q(env(), (tx) => tx`select media_path, data_json from messages where id = ${res.body.id}`)
    expect(m.mediaPath).toBe('abc.jpg')
    expect(m.dataJson.kind).toBe('media')
    const logs = await q(env(), (tx) => tx`select type from ticket_logs where ticket_id = ${t.id} order by id`)
    expect(logs.map((l: any) => l.type)).toEqual(['create', 'open'])
  })

  test("signMessage prefixes the actor's name on its own line", async () => {
    const s = await setup(env())
    const res = await forward(env(), s.adminToken, { messageId: s.messageId, contactId: s.targetId, signMessage: true })
    expect(res.body.body).toBe('*Admin:*\no pedido chegou')
  })

  test('consecutive forwards to one chat are due 900 ms apart; another chat is not held back', async () => {
    const s = await setup(env())
    const now = env().clock.now.getTime()
    const dueOf = async (res: any) => new Date((await jobsOf(env(), res.body.id))[0].runAt).getTime() - now
    const dues: number[] = []
    for (let i = 0; i < 3; i++) dues.push(await dueOf(await forward(env(), s.adminToken, { messageId: s.messageId, contactId: s.targetId })))
    expect(dues).toEqual([0, FORWARD_SPACING_MS, 2 * FORWARD_SPACING_MS])
    const elsewhere = await forward(env(), s.adminToken, { messageId: s.messageId, contactId: await createContact(env(), s.companyId) })
    expect(await dueOf(elsewhere)).toBe(0)
    env().clock.advance(5_000)
    expect(await dueOf(await forward(env(), s.adminToken, { messageId: s.messageId, contactId: s.targetId }))).toBe(5_000)
  })

  test('a repeat with the same Idempotency-Key answers the first copy and stores and queues nothing more', async () => {
    const s = await setup(env())
    const headers = { 'idempotency-key': uniq('fwd') }
    const first = await forward(env(), s.adminToken, { messageId: s.messageId, contactId: s.targetId }, headers)
    const again = await forward(env(), s.adminToken, { messageId: s.messageId, contactId: s.targetId }, headers)
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body.id).toBe(first.body.id)
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from messages where contact_id = ${s.targetId} and is_forwarded`)
    expect(n).toBe(1)
    expect(await jobsOf(env(), first.body.id)).toHaveLength(1)
  })

  test("another company's message or contact, or a message of a ticket the actor cannot see, is 404", async () => {
    const s = await setup(env())
    const other = await setup(env())
    const foreignMessage = await forward(env(), s.adminToken, { messageId: other.messageId, contactId: s.targetId })
    expect(foreignMessage.status).toBe(404)
    expect(foreignMessage.body.error).toBe('ERR_NOT_FOUND')
    const foreignContact = await forward(env(), s.adminToken, { messageId: s.messageId, contactId: other.targetId })
    expect(foreignContact.status).toBe(404)
    expect(foreignContact.body.error).toBe('ERR_NO_CONTACT_FOUND')
    const missing = await forward(env(), s.adminToken, { messageId: 999999999, contactId: s.targetId })
    expect(missing.body.error).toBe('ERR_NOT_FOUND')
    const plain = await createUser(env(), s.companyId)
    const hidden = await forward(env(), plain.token, { messageId: s.messageId, contactId: s.targetId })
    expect(hidden.status).toBe(404)
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from messages where is_forwarded and company_id in (${s.companyId}, ${other.companyId})`)
    expect(n).toBe(0)
  })

  test('a private note, a deleted message or a reaction is refused with ERR_FORWARDING_WAPP_MSG', async () => {
    const s = await setup(env())
    const note = await addMessage(env(), s.companyId, s.ticketId, 'só nosso', { isPrivate: true, fromMe: true, wid: null })
    const deleted = await addMessage(env(), s.companyId, s.ticketId, 'apagada', { isDeleted: true })
    const reaction = await addMessage(env(), s.companyId, s.ticketId, '👍', { mediaType: 'reactionMessage', quotedMsgId: s.messageId })
    for (const messageId of [note, deleted, reaction]) {
      const res = await forward(env(), s.adminToken, { messageId, contactId: s.targetId })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_FORWARDING_WAPP_MSG')
    }
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from messages where is_forwarded and company_id = ${s.companyId}`)
    expect(n).toBe(0)
  })

  test("400 for a body without contactId and for a contact the message's channel cannot reach", async () => {
    const s = await setup(env())
    expect((await forward(env(), s.adminToken, { messageId: s.messageId })).status).toBe(400)
    const psid = await createContact(env(), s.companyId, { channel: 'facebook' })
    const res = await forward(env(), s.adminToken, { messageId: s.messageId, contactId: psid })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('ERR_WAPP_INVALID_CONTACT')
  })
})
