import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

async function createContact(env: TestEnv, companyId: number): Promise<number> {
  const number = `55${Math.floor(1e10 + Math.random() * 8e10)}`
  const [row] = await q(env, (tx) => tx`insert into contacts ${tx({ companyId, name: 'Cliente', number, channel: 'whatsapp' })} returning id`)
  return row.id
}

async function createTicket(env: TestEnv, companyId: number, o: { contactId: number; whatsappId: number; status?: string; userId?: number | null }) {
  const row = { companyId, contactId: o.contactId, whatsappId: o.whatsappId, status: o.status ?? 'open', userId: o.userId ?? null, channel: 'whatsapp' }
  const [t] = await q(env, (tx) => tx`insert into tickets ${tx(row)} returning id`)
  return t.id as number
}

/** A message stored as the inbound pipeline would (a customer's, unless extra says otherwise). */
async function addMessage(env: TestEnv, companyId: number, ticketId: number, body: string, extra: Record<string, unknown> = {}): Promise<number> {
  const [t] = await q(env, (tx) => tx`select contact_id, whatsapp_id from tickets where id = ${ticketId}`)
  const row = { companyId, ticketId, contactId: t.contactId, whatsappId: t.whatsappId, body, wid: uniq('W'), createdAt: new Date('2026-01-01T00:00:00Z'), ...extra }
  const [m] = await q(env, (tx) => tx`insert into messages ${tx(row)} returning id`)
  return Number(m.id)
}

/** A customer's reaction as app_ingest_message stores it: a reactionMessage row quoting the target. */
const inboundReaction = (env: TestEnv, s: Setup, emoji: string, at: string, contactId = s.contactId) =>
  addMessage(env, s.companyId, s.ticketId, emoji, { mediaType: 'reactionMessage', quotedMsgId: s.messageId, contactId, createdAt: new Date(at) })

/** Our reaction rows aimed at a message, oldest first, with their send jobs. */
const ourReactions = (env: TestEnv, targetId: number) =>
  q(env, (tx) => tx`
    select m.body, m.ticket_id, m.user_id, m.data_json, j.queue, j.payload
      from messages m left join jobs j on j.idempotency_key = 'send:' || m.id
     where m.quoted_msg_id = ${targetId} and m.media_type = 'reactionMessage' and m.from_me order by m.id`)

type Setup = Awaited<ReturnType<typeof setup>>

/** A company with an admin, a whatsapp connection, and a customer's message on an open ticket of the admin. */
async function setup(env: TestEnv) {
  const company = await createCompany(env)
  const conn = await createConnection(env, company.companyId, { channel: 'whatsapp' })
  const contactId = await createContact(env, company.companyId)
  const ticketId = await createTicket(env, company.companyId, { contactId, whatsappId: conn.id, userId: company.adminId })
  await q(env, (tx) => tx`update tickets set last_message = 'o pedido chegou' where id = ${ticketId}`)
  const wid = uniq('CUST')
  const messageId = await addMessage(env, company.companyId, ticketId, 'o pedido chegou', { wid })
  return { ...company, whatsappId: conn.id, contactId, ticketId, messageId, wid }
}

const react = (env: TestEnv, token: string, messageId: number, emoji: string) => call(env, 'POST', `/messages/${messageId}/react`, { token, json: { emoji } })

describeEachBackend('POST /messages/:messageId/react', (env) => {
  test("stores a reactionMessage quoting the target and queues one 'reaction' send aimed at its wid", async () => {
    const s = await setup(env())
    const res = await react(env(), s.adminToken, s.messageId, '👍')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: s.messageId, body: 'o pedido chegou', reactions: [{ emoji: '👍', fromMe: true, contactId: null, userId: s.adminId }] })
    const rows = await ourReactions(env(), s.messageId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ body: '👍', ticketId: s.ticketId, userId: s.adminId, queue: `send:${s.whatsappId}` })
    expect(rows[0].dataJson).toEqual({ kind: 'reaction', target: { externalId: s.wid, fromMe: false } })
    const [t] = await q(env(), (tx) => tx`select last_message from tickets where id = ${s.ticketId}`)
    expect(t.lastMessage).toBe('o pedido chegou')
  })

  test('an empty emoji takes our reaction back; the same reaction again, or a removal of none, queues nothing', async () => {
    const s = await setup(env())
    expect((await react(env(), s.adminToken, s.messageId, '')).body.reactions).toEqual([])
    expect(await ourReactions(env(), s.messageId)).toEqual([])
    await react(env(), s.adminToken, s.messageId, '❤️')
    await react(env(), s.adminToken, s.messageId, '❤️')
    expect(await ourReactions(env(), s.messageId)).toHaveLength(1)
    env().clock.advance(1000)
    const removed = await react(env(), s.adminToken, s.messageId, '')
    expect(removed.status).toBe(200)
    expect(removed.body.reactions).toEqual([])
    const rows = await ourReactions(env(), s.messageId)
    expect(rows.map((r: any) => [r.body, r.payload?.messageId !== undefined])).toEqual([['❤️', true], ['', true]])
  })

  test('GET /messages folds reactions into their message: the latest per reactor, no reaction rows, a count without them', async () => {
    const s = await setup(env())
    const other = await createContact(env(), s.companyId)
    await inboundReaction(env(), s, '😂', '2026-01-01T00:01:00Z')
    await inboundReaction(env(), s, '🙏', '2026-01-01T00:02:00Z')
    await inboundReaction(env(), s, '👀', '2026-01-01T00:03:00Z', other)
    await inboundReaction(env(), s, '', '2026-01-01T00:04:00Z', other)
    await react(env(), s.adminToken, s.messageId, '👍')
    env().clock.advance(1000)
    await react(env(), s.adminToken, s.messageId, '🎉')
    const res = await call(env(), 'GET', `/messages/${s.ticketId}`, { token: s.adminToken })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(1)
    expect(res.body.messages).toHaveLength(1)
    expect(res.body.messages[0].reactions).toEqual([
      { emoji: '🙏', fromMe: false, contactId: s.contactId, userId: null },
      { emoji: '🎉', fromMe: true, contactId: null, userId: s.adminId },
    ])
  })

  test('a message of an earlier closed ticket is reacted to on the open ticket of the same chat; a pending chat is refused', async () => {
    const s = await setup(env())
    await q(env(), (tx) => tx`update tickets set status = 'closed' where id = ${s.ticketId}`)
    const refused = await react(env(), s.adminToken, s.messageId, '👍')
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('ERR_INVALID_TICKET_STATUS')
    const open = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: s.whatsappId, userId: s.adminId })
    expect((await react(env(), s.adminToken, s.messageId, '👍')).status).toBe(200)
    expect((await ourReactions(env(), s.messageId))[0].ticketId).toBe(open)
  })

  test("another company's message, or one of a ticket the actor cannot see, is 404 ERR_NOT_FOUND", async () => {
    const s = await setup(env())
    const other = await setup(env())
    const foreign = await react(env(), s.adminToken, other.messageId, '👍')
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toBe('ERR_NOT_FOUND')
    const plain = await createUser(env(), s.companyId)
    expect((await react(env(), plain.token, s.messageId, '👍')).status).toBe(404)
    expect(await ourReactions(env(), other.messageId)).toEqual([])
    expect(await ourReactions(env(), s.messageId)).toEqual([])
  })

  test('a private note, a deleted message, a reaction or a message without a channel id is refused; so is text that is not an emoji', async () => {
    const s = await setup(env())
    const note = await addMessage(env(), s.companyId, s.ticketId, 'nota', { isPrivate: true, fromMe: true, wid: null })
    const deleted = await addMessage(env(), s.companyId, s.ticketId, 'apagada', { isDeleted: true })
    const reaction = await inboundReaction(env(), s, '😂', '2026-01-01T00:01:00Z')
    const unsent = await addMessage(env(), s.companyId, s.ticketId, 'ainda não', { fromMe: true, wid: null })
    for (const messageId of [note, deleted, reaction, unsent]) {
      const res = await react(env(), s.adminToken, messageId, '👍')
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_REACTING_WAPP_MSG')
    }
    for (const emoji of ['ok', '👍 👍', '1']) expect((await react(env(), s.adminToken, s.messageId, emoji)).status).toBe(400)
    expect((await react(env(), s.adminToken, s.messageId, '🇧🇷')).status).toBe(200)
  })
})
