import { expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { withSystem } from '../db/tenant.ts'
import { eraseIfLgpd } from '../domain/messages/lgpd-erase.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser, loginToken, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

async function createQueue(env: TestEnv, companyId: number): Promise<number> {
  const [row] = await q(env, (tx) => tx`insert into queues ${tx({ companyId, name: uniq('Q'), color: `#${uniq('')}` })} returning id`)
  return row.id
}

async function giveQueue(env: TestEnv, companyId: number, userId: number, queueId: number) {
  await q(env, (tx) => tx`insert into user_queues ${tx({ companyId, userId, queueId })}`)
}

async function createContact(env: TestEnv, companyId: number, name = 'Cliente'): Promise<number> {
  const number = `55${Math.floor(1e10 + Math.random() * 8e10)}`
  const [row] = await q(env, (tx) => tx`insert into contacts ${tx({ companyId, name, number, channel: 'whatsapp' })} returning id`)
  return row.id
}

interface TicketOpts {
  contactId: number
  whatsappId: number
  status?: string
  userId?: number | null
  queueId?: number | null
  channel?: string
}

async function createTicket(env: TestEnv, companyId: number, o: TicketOpts): Promise<number> {
  const row = { companyId, contactId: o.contactId, whatsappId: o.whatsappId, status: o.status ?? 'open', userId: o.userId ?? null, queueId: o.queueId ?? null, channel: o.channel ?? 'whatsapp' }
  const [t] = await q(env, (tx) => tx`insert into tickets ${tx(row)} returning id`)
  return t.id
}

/** Messages stored as the inbound pipeline would, one minute apart from `from`. */
async function addMessages(env: TestEnv, companyId: number, ticketId: number, bodies: string[], from = '2026-01-01T00:00:00Z', extra: Record<string, unknown> = {}): Promise<number[]> {
  const [t] = await q(env, (tx) => tx`select contact_id, whatsapp_id from tickets where id = ${ticketId}`)
  const ids: number[] = []
  for (const [i, body] of bodies.entries()) {
    const createdAt = new Date(new Date(from).getTime() + i * 60_000)
    const row = { companyId, ticketId, contactId: t.contactId, whatsappId: t.whatsappId, body, createdAt, wid: uniq('W'), ...extra }
    const [m] = await q(env, (tx) => tx`insert into messages ${tx(row)} returning id`)
    ids.push(Number(m.id))
  }
  return ids
}

const jobsOf = (env: TestEnv, messageId: number) =>
  q(env, (tx) => tx`select queue, payload, idempotency_key from jobs where idempotency_key = ${`send:${messageId}`}`)

/** A company with an admin, a whatsapp connection, a contact and an open ticket. */
async function setup(env: TestEnv) {
  const company = await createCompany(env)
  const conn = await createConnection(env, company.companyId, { channel: 'whatsapp' })
  const contactId = await createContact(env, company.companyId)
  const ticketId = await createTicket(env, company.companyId, { contactId, whatsappId: conn.id, userId: company.adminId })
  return { ...company, whatsappId: conn.id, contactId, ticketId }
}

const bodies = (res: { body: { messages: { body: string }[] } }) => res.body.messages.map((m) => m.body)

describeEachBackend('GET /messages/:ticketId', (env) => {
  test('answers 20 per page, newest page first and oldest-first within a page, with count and hasMore', async () => {
    const s = await setup(env())
    await addMessages(env(), s.companyId, s.ticketId, Array.from({ length: 25 }, (_, i) => `m${i + 1}`))
    const first = await call(env(), 'GET', `/messages/${s.ticketId}`, { token: s.adminToken })
    expect(first.status).toBe(200)
    expect(bodies(first)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`))
    expect(first.body.count).toBe(25)
    expect(first.body.hasMore).toBe(true)
    const second = await call(env(), 'GET', `/messages/${s.ticketId}?pageNumber=2`, { token: s.adminToken })
    expect(bodies(second)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
    expect(second.body.hasMore).toBe(false)
  })

  test("the owner's first page zeroes the ticket's unread count; another reader leaves it", async () => {
    const s = await setup(env())
    const other = await createUser(env(), s.companyId, { profile: 'admin' })
    await q(env(), (tx) => tx`update tickets set unread_messages = 3 where id = ${s.ticketId}`)
    const unread = async () => (await q(env(), (tx) => tx`select unread_messages from tickets where id = ${s.ticketId}`))[0].unreadMessages
    expect((await call(env(), 'GET', `/messages/${s.ticketId}`, { token: other.token })).status).toBe(200)
    expect(await unread()).toBe(3)
    expect((await call(env(), 'GET', `/messages/${s.ticketId}?pageNumber=2`, { token: s.adminToken })).status).toBe(200)
    expect(await unread()).toBe(3)
    expect((await call(env(), 'GET', `/messages/${s.ticketId}`, { token: s.adminToken })).status).toBe(200)
    expect(await unread()).toBe(0)
  })

  test("merges the contact's earlier tickets on the same connection, not other connections or contacts", async () => {
    const s = await setup(env())
    const other = await createConnection(env(), s.companyId, { channel: 'whatsapp' })
    const older = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: s.whatsappId, status: 'closed' })
    const elsewhere = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: other.id, status: 'closed' })
    const stranger = await createTicket(env(), s.companyId, { contactId: await createContact(env(), s.companyId), whatsappId: s.whatsappId, status: 'closed' })
    // The ticket under test is newer than `older`: recreate it so ids follow the story.
    const current = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: s.whatsappId, status: 'closed', userId: s.adminId })
    await addMessages(env(), s.companyId, older, ['earlier'], '2026-01-01T00:00:00Z')
    await addMessages(env(), s.companyId, elsewhere, ['other connection'], '2026-01-02T00:00:00Z')
    await addMessages(env(), s.companyId, stranger, ['other contact'], '2026-01-02T00:00:00Z')
    await addMessages(env(), s.companyId, current, ['now'], '2026-01-03T00:00:00Z')
    const res = await call(env(), 'GET', `/messages/${current}`, { token: s.adminToken })
    expect(bodies(res)).toEqual(['earlier', 'now'])
    expect(res.body.count).toBe(2)
  })

  test('without allHistoric a user gets earlier tickets only when they were theirs or in their queues; with it, all', async () => {
    const s = await setup(env())
    const [mine, theirs] = [await createQueue(env(), s.companyId), await createQueue(env(), s.companyId)]
    const plain = await createUser(env(), s.companyId)
    const historic = await createUser(env(), s.companyId, { allHistoric: 'enabled' })
    for (const u of [plain, historic]) await giveQueue(env(), s.companyId, u.id, mine)
    await q(env(), (tx) => tx`update tickets set status = 'closed' where id = ${s.ticketId}`)
    const hidden = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: s.whatsappId, status: 'closed', queueId: theirs, userId: s.adminId })
    const inQueue = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: s.whatsappId, status: 'closed', queueId: mine })
    const own = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: s.whatsappId, status: 'closed', userId: plain.id })
    const current = await createTicket(env(), s.companyId, { contactId: s.contactId, whatsappId: s.whatsappId, status: 'open', queueId: mine })
    await addMessages(env(), s.companyId, s.ticketId, ['no queue, admin'], '2026-01-01T00:00:00Z')
    await addMessages(env(), s.companyId, hidden, ['other queue'], '2026-01-02T00:00:00Z')
    await addMessages(env(), s.companyId, inQueue, ['my queue'], '2026-01-03T00:00:00Z')
    await addMessages(env(), s.companyId, own, ['mine, no queue'], '2026-01-04T00:00:00Z')
    await addMessages(env(), s.companyId, current, ['current'], '2026-01-05T00:00:00Z')
    const forPlain = await call(env(), 'GET', `/messages/${current}`, { token: plain.token })
    expect(forPlain.status).toBe(200)
    expect(bodies(forPlain)).toEqual(['my queue', 'mine, no queue', 'current'])
    const forHistoric = await call(env(), 'GET', `/messages/${current}`, { token: historic.token })
    expect(bodies(forHistoric)).toEqual(['no queue, admin', 'other queue', 'my queue', 'mine, no queue', 'current'])
  })

  test('carries the quoted message summary and the sender contact name', async () => {
    const s = await setup(env())
    const [quoted] = await addMessages(env(), s.companyId, s.ticketId, ['pergunta'])
    await addMessages(env(), s.companyId, s.ticketId, ['resposta'], '2026-01-02T00:00:00Z', { quotedMsgId: quoted, fromMe: true })
    const res = await call(env(), 'GET', `/messages/${s.ticketId}`, { token: s.adminToken })
    const answer = res.body.messages[1]
    expect(answer.body).toBe('resposta')
    expect(answer.quotedMsg).toMatchObject({ id: quoted, body: 'pergunta', fromMe: false, contactName: 'Cliente' })
    expect(res.body.messages[0].contact).toEqual({ id: s.contactId, name: 'Cliente' })
    expect(res.body.messages[0].quotedMsg).toBeNull()
  })

  test('a ticket the user cannot see, or of another company, is 404 ERR_NO_TICKET_FOUND', async () => {
    const s = await setup(env())
    const queueId = await createQueue(env(), s.companyId)
    await q(env(), (tx) => tx`update tickets set queue_id = ${queueId}, user_id = null where id = ${s.ticketId}`)
    const plain = await createUser(env(), s.companyId)
    const res = await call(env(), 'GET', `/messages/${s.ticketId}`, { token: plain.token })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_NO_TICKET_FOUND')
    await q(env(), (tx) => tx`update tickets set user_id = ${plain.id} where id = ${s.ticketId}`)
    expect((await call(env(), 'GET', `/messages/${s.ticketId}`, { token: plain.token })).status).toBe(200)
    const other = await createCompany(env())
    expect((await call(env(), 'GET', `/messages/${s.ticketId}`, { token: other.adminToken })).status).toBe(404)
    expect((await call(env(), 'GET', '/messages/abc', { token: s.adminToken })).status).toBe(400)
  })
})

describeEachBackend('POST /messages/:ticketId', (env) => {
  test('stores a text at ack 0 as the actor and queues exactly one send job', async () => {
    const s = await setup(env())
    const res = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'Olá!', read: 1, fromMe: true } })
    expect(res.status).toBe(201)
    const [m] = res.body.messages
    expect(m).toMatchObject({ body: 'Olá!', fromMe: true, ack: 0, userId: s.adminId, isPrivate: false, ticketId: s.ticketId })
    expect(m.wid).toMatch(/^3EB0/)
    const jobs = await jobsOf(env(), m.id)
    expect(jobs).toEqual([{ queue: `send:${s.whatsappId}`, payload: { messageId: m.id }, idempotencyKey: `send:${m.id}` }])
  })

  test('a private note is stored and queues nothing', async () => {
    const s = await setup(env())
    const res = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'nota interna', isPrivate: true } })
    expect(res.status).toBe(201)
    expect(res.body.messages[0]).toMatchObject({ isPrivate: true, wid: null })
    expect(await jobsOf(env(), res.body.messages[0].id)).toEqual([])
  })

  test('multipart stores one message per file, the body on the first, and the files on disk', async () => {
    const s = await setup(env())
    const form = new FormData()
    form.append('body', 'segue')
    form.append('medias', new File(['%PDF-1.4 hello'], 'a.pdf', { type: 'application/pdf' }))
    form.append('medias', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'b.png', { type: 'image/png' }))
    const res = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, form })
    expect(res.status).toBe(201)
    expect(res.body.messages.map((m: any) => [m.body, m.mediaType, m.mediaName])).toEqual([
      ['segue', 'application', 'a.pdf'],
      ['', 'image', 'b.png'],
    ])
    const fileName = res.body.messages[0].mediaUrl.split('/').pop()
    const path = env().services.media.pathOf(s.companyId, fileName)!
    expect(existsSync(path)).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.4 hello')
    for (const m of res.body.messages) expect(await jobsOf(env(), m.id)).toHaveLength(1)
  })

  test('a repeat with the same clientId answers the stored message, with no second row or job', async () => {
    const s = await setup(env())
    const clientId = crypto.randomUUID()
    const first = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'uma vez', clientId } })
    const again = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'uma vez', clientId } })
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.messages[0].id).toBe(first.body.messages[0].id)
    expect(again.body.messages[0].clientId).toBe(clientId)
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from messages where client_id = ${clientId}`)
    expect(n).toBe(1)
    const [{ jobs }] = await q(env(), (tx) => tx`select count(*)::int as jobs from jobs where payload->>'messageId' = ${String(first.body.messages[0].id)}`)
    expect(jobs).toBe(1)
    expect((await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'x', clientId: 'not-a-uuid' } })).status).toBe(400)
  })

  test('refuses closed and pending tickets with ERR_INVALID_TICKET_STATUS but takes private notes there', async () => {
    const s = await setup(env())
    for (const status of ['closed', 'pending']) {
      await q(env(), (tx) => tx`update tickets set status = ${status} where id = ${s.ticketId}`)
      const res = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'oi' } })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_INVALID_TICKET_STATUS')
      const note = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'nota', isPrivate: true } })
      expect(note.status).toBe(201)
    }
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from messages where ticket_id = ${s.ticketId} and not is_private`)
    expect(n).toBe(0)
  })

  test('404 on a ticket the user cannot see; 400 for an empty text or a quote from another chat', async () => {
    const s = await setup(env())
    const plain = await createUser(env(), s.companyId)
    const hidden = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: plain.token, json: { body: 'oi' } })
    expect(hidden.status).toBe(404)
    expect(hidden.body.error).toBe('ERR_NO_TICKET_FOUND')
    expect((await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: '   ' } })).status).toBe(400)
    const strangerTicket = await createTicket(env(), s.companyId, { contactId: await createContact(env(), s.companyId), whatsappId: s.whatsappId })
    const [foreign] = await addMessages(env(), s.companyId, strangerTicket, ['alheia'])
    const quoted = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'oi', quotedMsg: { id: foreign } } })
    expect(quoted.status).toBe(400)
    const [own] = await addMessages(env(), s.companyId, s.ticketId, ['daqui'])
    const ok = await call(env(), 'POST', `/messages/${s.ticketId}`, { token: s.adminToken, json: { body: 'oi', quotedMsg: { id: own } } })
    expect(ok.body.messages[0].quotedMsg).toMatchObject({ id: own, body: 'daqui' })
  })
})

describeEachBackend('editing and deleting messages', (env) => {
  async function sent(s: Awaited<ReturnType<typeof setup>>, token = s.adminToken, json: Record<string, unknown> = { body: 'original' }) {
    const res = await call(env(), 'POST', `/messages/${s.ticketId}`, { token, json })
    expect(res.status).toBe(201)
    return res.body.messages[0]
  }
  /** The edit/delete jobs queued on a message (they act on the message itself; no row is added). */
  const actionJobs = (kind: string, messageId: number) =>
    q(env(), (tx) => tx`select payload from jobs where payload->>'messageId' = ${String(messageId)} and payload->>'kind' = ${kind}`)

  test('edits an own message within 15 minutes, queues one edit aimed at its wid, and lists it once', async () => {
    const s = await setup(env())
    const m = await sent(s)
    env().clock.advance(14 * 60_000)
    const res = await call(env(), 'POST', `/messages/edit/${m.id}`, { token: s.adminToken, json: { body: 'corrigido' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: m.id, body: 'corrigido', isEdited: true })
    const edits = await actionJobs('edit', m.id)
    expect(edits.map((j: { payload: unknown }) => j.payload)).toEqual([{ messageId: m.id, kind: 'edit' }])
    const list = await call(env(), 'GET', `/messages/${s.ticketId}`, { token: s.adminToken })
    expect(bodies(list)).toEqual(['corrigido'])
    const [t] = await q(env(), (tx) => tx`select last_message from tickets where id = ${s.ticketId}`)
    expect(t.lastMessage).toBe('corrigido')
  })

  test('refuses an edit after 15 minutes with ERR_EDIT_WINDOW_EXPIRED and keeps the text', async () => {
    const s = await setup(env())
    const m = await sent(s)
    env().clock.advance(15 * 60_000 + 1000)
    // The access token lives 15 minutes as well: sign in again at the new time.
    const token = await loginToken(env(), s.adminEmail, 'admin-pass')
    const res = await call(env(), 'PUT', `/messages/${m.id}`, { token, json: { body: 'tarde' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('ERR_EDIT_WINDOW_EXPIRED')
    const [row] = await q(env(), (tx) => tx`select body, is_edited from messages where id = ${m.id}`)
    expect(row).toEqual({ body: 'original', isEdited: false })
    expect(await actionJobs('edit', m.id)).toEqual([])
  })

  test("refuses editing or deleting a colleague's or the customer's message; an admin may act on a colleague's", async () => {
    const s = await setup(env())
    const queueId = await createQueue(env(), s.companyId)
    await q(env(), (tx) => tx`update tickets set queue_id = ${queueId} where id = ${s.ticketId}`)
    const [alice, bob] = [await createUser(env(), s.companyId), await createUser(env(), s.companyId)]
    for (const u of [alice, bob]) await giveQueue(env(), s.companyId, u.id, queueId)
    const m = await sent(s, alice.token)
    const edit = await call(env(), 'POST', `/messages/edit/${m.id}`, { token: bob.token, json: { body: 'x' } })
    expect(edit.status).toBe(403)
    expect(edit.body.error).toBe('ERR_NO_PERMISSION')
    expect((await call(env(), 'DELETE', `/messages/${m.id}`, { token: bob.token })).status).toBe(403)
    const [inbound] = await addMessages(env(), s.companyId, s.ticketId, ['do cliente'], '2026-11-20T12:00:00Z')
    expect((await call(env(), 'DELETE', `/messages/${inbound}`, { token: s.adminToken })).status).toBe(403)
    const outsider = await createUser(env(), s.companyId)
    expect((await call(env(), 'DELETE', `/messages/${m.id}`, { token: outsider.token })).status).toBe(404)
    expect((await call(env(), 'POST', `/messages/edit/${m.id}`, { token: s.adminToken, json: { body: 'pelo admin' } })).status).toBe(200)
    const [row] = await q(env(), (tx) => tx`select body, is_deleted from messages where id = ${m.id}`)
    expect(row).toEqual({ body: 'pelo admin', isDeleted: false })
  })

  test('delete marks is_deleted and queues one delete aimed at the wid; a second delete is ERR_DELETE_WAPP_MSG', async () => {
    const s = await setup(env())
    const m = await sent(s)
    const res = await call(env(), 'DELETE', `/messages/${m.id}`, { token: s.adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: m.id, isDeleted: true })
    const deletes = await actionJobs('delete', m.id)
    expect(deletes.map((j: { payload: unknown }) => j.payload)).toEqual([{ messageId: m.id, kind: 'delete' }])
    const again = await call(env(), 'DELETE', `/messages/${m.id}`, { token: s.adminToken })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('ERR_DELETE_WAPP_MSG')
    const [t] = await q(env(), (tx) => tx`select last_message from tickets where id = ${s.ticketId}`)
    expect(t.lastMessage).toBe('original')
    const list = await call(env(), 'GET', `/messages/${s.ticketId}`, { token: s.adminToken })
    expect(list.body.messages).toHaveLength(1)
    expect(list.body.messages[0].isDeleted).toBe(true)
  })

  test('Cloud API, Messenger and Instagram refuse edit and delete up front; their notes stay editable', async () => {
    for (const channel of ['whatsappapi', 'facebook', 'instagram']) {
      const s = await setup(env())
      const m = await sent(s)
      const note = await sent(s, s.adminToken, { body: 'nota', isPrivate: true })
      await q(env(), (tx) => tx`update tickets set channel = ${channel} where id = ${s.ticketId}`)
      await q(env(), (tx) => tx`update messages set wid = ${'mid.' + m.id} where id = ${m.id}`)
      const edit = await call(env(), 'POST', `/messages/edit/${m.id}`, { token: s.adminToken, json: { body: 'mudado' } })
      expect(edit.status).toBe(400)
      expect(edit.body.error).toBe('ERR_EDITING_WAPP_MSG')
      const del = await call(env(), 'DELETE', `/messages/${m.id}`, { token: s.adminToken })
      expect(del.status).toBe(400)
      expect(del.body.error).toBe('ERR_DELETE_WAPP_MSG')
      const [row] = await q(env(), (tx) => tx`select body, is_edited, is_deleted from messages where id = ${m.id}`)
      expect(row).toEqual({ body: 'original', isEdited: false, isDeleted: false })
      expect([...(await actionJobs('edit', m.id)), ...(await actionJobs('delete', m.id))]).toEqual([])
      expect((await call(env(), 'POST', `/messages/edit/${note.id}`, { token: s.adminToken, json: { body: 'nota 2' } })).status).toBe(200)
    }
  })

  test('with lgpdDeleteMessage our delete erases the text and the preview; without it the text stays (issue 15 item 15)', async () => {
    for (const on of [true, false]) {
      const s = await setup(env())
      await q(env(), (tx) => tx`insert into company_settings (company_id, lgpd_delete_message) values (${s.companyId}, ${on ? 'enabled' : 'disabled'})
                               on conflict (company_id) do update set lgpd_delete_message = excluded.lgpd_delete_message`)
      const m = await sent(s, s.adminToken, { body: 'dados sensíveis' })
      const res = await call(env(), 'DELETE', `/messages/${m.id}`, { token: s.adminToken })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ isDeleted: true, body: on ? '' : 'dados sensíveis' })
      const [row] = await q(env(), (tx) => tx`select m.body, t.last_message from messages m join tickets t on t.id = m.ticket_id where m.id = ${m.id}`)
      expect(row).toEqual(on ? { body: '', lastMessage: '' } : { body: 'dados sensíveis', lastMessage: 'dados sensíveis' })
      // The delete still reaches the channel (it aims at the wid, which stays).
      expect(await actionJobs('delete', m.id)).toHaveLength(1)
    }
  })

  test('an erased message gives up its file only when nothing else names it (a flow sends one file many times)', async () => {
    const s = await setup(env())
    await q(env(), (tx) => tx`insert into company_settings (company_id, lgpd_delete_message) values (${s.companyId}, 'enabled')
                             on conflict (company_id) do update set lgpd_delete_message = excluded.lgpd_delete_message`)
    const shared = await sent(s, s.adminToken, { body: 'folheto' })
    const own = await sent(s, s.adminToken, { body: 'foto' })
    await q(env(), (tx) => tx`update messages set media_path = case id when ${shared.id} then 'a1b2.png' else 'c3d4.png' end where id in (${shared.id}, ${own.id})`)
    const graph = { nodes: [{ id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} }, { id: 'x', type: 'img', position: { x: 1, y: 0 }, data: { url: 'a1b2.png' } }], connections: [] }
    await q(env(), (tx) => tx`insert into flows (company_id, name, flow) values (${s.companyId}, 'Folheto', ${tx.json(graph)})`)
    const removed = await q(env(), (tx) => eraseIfLgpd(tx, s.companyId, [shared.id, own.id]))
    expect(removed).toEqual(['c3d4.png'])
  })

  test('editing and deleting a private note queues nothing', async () => {
    const s = await setup(env())
    const note = await sent(s, s.adminToken, { body: 'nota', isPrivate: true })
    expect((await call(env(), 'POST', `/messages/edit/${note.id}`, { token: s.adminToken, json: { body: 'nota 2' } })).status).toBe(200)
    expect((await call(env(), 'DELETE', `/messages/${note.id}`, { token: s.adminToken })).status).toBe(200)
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from jobs j join messages m on m.id = (j.payload->>'messageId')::bigint where m.ticket_id = ${s.ticketId}`)
    expect(n).toBe(0)
  })
})

describeEachBackend('GET /messages-allMe', (env) => {
  test('counts sent and received messages between two days, for dashboard users only', async () => {
    const s = await setup(env())
    await addMessages(env(), s.companyId, s.ticketId, ['a', 'b'], '2026-03-10T15:00:00Z')
    await addMessages(env(), s.companyId, s.ticketId, ['c'], '2026-03-11T15:00:00Z', { fromMe: true })
    await addMessages(env(), s.companyId, s.ticketId, ['nota'], '2026-03-11T16:00:00Z', { fromMe: true, isPrivate: true })
    await addMessages(env(), s.companyId, s.ticketId, ['fora'], '2026-03-20T15:00:00Z')
    const count = async (query: string) => (await call(env(), 'GET', `/messages-allMe?${query}`, { token: s.adminToken })).body
    expect(await count('dateStart=2026-03-10&dateEnd=2026-03-11')).toEqual({ count: 3 })
    expect(await count('fromMe=true&dateStart=2026-03-10&dateEnd=2026-03-11')).toEqual({ count: 1 })
    expect(await count('fromMe=false&dateStart=2026-03-10&dateEnd=2026-03-11')).toEqual({ count: 2 })
    expect(await count('')).toEqual({ count: 4 })
    const plain = await createUser(env(), s.companyId)
    expect((await call(env(), 'GET', '/messages-allMe', { token: plain.token })).status).toBe(403)
    expect((await call(env(), 'GET', '/messages-allMe?dateStart=2026-02-31', { token: s.adminToken })).status).toBe(400)
  })
})
