import { describe, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import { frameFor, routeEvent } from '../realtime/route-event.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const sys = <T>(env: TestEnv, fn: (tx: any) => Promise<T>): Promise<T> => withSystem(env.services.db, fn)

let phone = 0
async function newContact(env: TestEnv, companyId: number): Promise<number> {
  const number = `55119${String(70000000 + ++phone * 13 + Math.floor(Math.random() * 7)).padStart(8, '0')}`
  return sys(env, async (tx) => (await tx`insert into contacts (company_id, name, number) values (${companyId}, ${uniq('Contato ')}, ${number}) returning id`)[0].id)
}

async function newTicket(env: TestEnv, companyId: number, contactId: number): Promise<number> {
  const conn = await createConnection(env, companyId)
  return sys(env, async (tx) =>
    (await tx`insert into tickets (company_id, contact_id, whatsapp_id, status, channel) values (${companyId}, ${contactId}, ${conn.id}, 'open', 'simulator') returning id`)[0].id,
  )
}

/** The tag's row as stored, or undefined. */
const tagRow = (env: TestEnv, id: number) => sys(env, async (tx) => (await tx`select * from tags where id = ${id}`)[0])
const contactTagIds = (env: TestEnv, contactId: number): Promise<number[]> =>
  sys(env, async (tx) => (await tx`select tag_id from contact_tags where contact_id = ${contactId} order by tag_id`).map((r: { tagId: number }) => r.tagId))
const tagCount = (env: TestEnv, companyId: number): Promise<number> =>
  sys(env, async (tx) => (await tx`select count(*)::int as n from tags where company_id = ${companyId}`)[0].n)

function captureEvents(env: TestEnv) {
  const events: DomainEvent[] = []
  // As the socket sends them: JSON (dates as ISO strings), so they compare with the HTTP answers.
  const stop = env.services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
  return { tags: () => events.filter((e) => e.type === 'tag'), all: events, stop }
}

describeEachBackend('tags', (env) => {
  describe('create and read', () => {
    test('any user creates a tag, trimmed, recorded as theirs, in the request transaction (x-txid)', async () => {
      const { companyId } = await createCompany(env())
      const ana = await createUser(env(), companyId)
      const events = captureEvents(env())
      const res = await call(env(), 'POST', '/tags', { token: ana.token, json: { name: '  Cliente VIP ', color: '#ff0000' } })
      events.stop()
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        companyId, name: 'Cliente VIP', color: '#ff0000', kanban: 0, timeLane: 0, nextLaneId: null, rollbackLaneId: null,
        greetingMessageLane: '', userId: ana.id, ticketsCount: 0, contactsCount: 0,
      })
      expect(await tagRow(env(), res.body.id)).toMatchObject({ companyId, name: 'Cliente VIP', userId: ana.id, kanban: 0 })
      // The answer's txid is the transaction that wrote the row, as the shape stream will report it.
      const txid = Number(res.headers.get('x-txid'))
      const [logged] = await sys<{ xid: string }[]>(env(), (tx) => tx`
        select (xid % 4294967296)::bigint::text as xid from sync_log where relation = 'tags' and op = 'insert' and (new ->> 'id')::int = ${res.body.id}`)
      expect(Number(logged.xid)).toBe(txid)
      expect(events.tags()).toEqual([{ type: 'tag', companyId, payload: { action: 'create', tag: res.body } }])
      const shown = await call(env(), 'GET', `/tags/${res.body.id}`, { token: ana.token })
      expect(shown.body).toEqual(res.body)
    })

    test('GET /tags/ pages 20 by name with ticket and contact counts; search, kanban and tagId narrow it', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const names = Array.from({ length: 23 }, (_, i) => `Etiqueta ${String(i).padStart(2, '0')}`)
      for (const name of [...names].reverse()) await call(env(), 'POST', '/tags', { token: adminToken, json: { name } })
      const lane = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Em negociação', kanban: 1, color: '#00f' } })
      const counted = (await call(env(), 'GET', '/tags/list', { token: adminToken })).body.find((t: { name: string }) => t.name === 'Etiqueta 05')
      const [c1, c2] = [await newContact(env(), companyId), await newContact(env(), companyId)]
      const ticket = await newTicket(env(), companyId, c1)
      await sys(env(), (tx) => tx`insert into contact_tags (company_id, contact_id, tag_id) values (${companyId}, ${c1}, ${counted.id}), (${companyId}, ${c2}, ${counted.id})`)
      await sys(env(), (tx) => tx`insert into ticket_tags (company_id, ticket_id, tag_id) values (${companyId}, ${ticket}, ${counted.id})`)

      const first = await call(env(), 'GET', '/tags/?kanban=0', { token: adminToken })
      expect(first.status).toBe(200)
      expect(Object.keys(first.body).sort()).toEqual(['hasMore', 'tags'])
      expect(first.body.tags.map((t: { name: string }) => t.name)).toEqual(names.slice(0, 20))
      expect(first.body.hasMore).toBe(true)
      expect(first.body.tags[5]).toMatchObject({ id: counted.id, ticketsCount: 1, contactsCount: 2 })
      const second = await call(env(), 'GET', '/tags/?kanban=0&pageNumber=2', { token: adminToken })
      expect(second.body).toMatchObject({ hasMore: false })
      expect(second.body.tags.map((t: { name: string }) => t.name)).toEqual(names.slice(20))
      const all = await call(env(), 'GET', '/tags', { token: adminToken })
      expect(all.body.tags[0].name).toBe('Em negociação')

      const search = await call(env(), 'GET', '/tags/?searchParam=ETIQUETA%2001', { token: adminToken })
      expect(search.body.tags.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 01'])
      const lanes = await call(env(), 'GET', '/tags/?kanban=1', { token: adminToken })
      expect(lanes.body.tags.map((t: { id: number }) => t.id)).toEqual([lane.body.id])
      const one = await call(env(), 'GET', `/tags/?tagId=${counted.id}`, { token: adminToken })
      expect(one.body).toEqual({ tags: [counted].map((t) => ({ ...t, ticketsCount: 1, contactsCount: 2 })), hasMore: false })
      expect((await call(env(), 'GET', '/tags/?kanban=2', { token: adminToken })).status).toBe(400)
    })

    test('GET /tags/list answers every tag of the company by name, optionally only lanes', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const user = await createUser(env(), companyId)
      for (const name of ['zebra', 'Abacate', 'moranga']) await call(env(), 'POST', '/tags', { token: adminToken, json: { name } })
      await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Lane', kanban: 1 } })
      await createCompany(env()).then((o) => call(env(), 'POST', '/tags', { token: o.adminToken, json: { name: 'Alheia' } }))
      const list = await call(env(), 'GET', '/tags/list', { token: user.token })
      expect(list.body.map((t: { name: string }) => t.name)).toEqual(['Abacate', 'Lane', 'moranga', 'zebra'])
      const lanes = await call(env(), 'GET', '/tags/list?kanban=1', { token: user.token })
      expect(lanes.body.map((t: { name: string }) => t.name)).toEqual(['Lane'])
    })
  })

  describe('validation', () => {
    test("the name is required ('Obrigatório') and at least 3 characters ('Mensagem muito curta'); nothing is written", async () => {
      const { companyId, adminToken } = await createCompany(env())
      const cases: [unknown, string][] = [[{}, 'Obrigatório'], [{ name: '   ' }, 'Obrigatório'], [{ name: ' ab ' }, 'Mensagem muito curta'], [{ name: 'x'.repeat(51) }, 'Too Long!']]
      for (const [json, message] of cases) {
        const res = await call(env(), 'POST', '/tags', { token: adminToken, json })
        expect([res.status, res.body.error, res.body.fields]).toEqual([400, 'ERR_VALIDATION', [{ field: 'name', message }]])
      }
      expect(await tagCount(env(), companyId)).toBe(0)
    })

    test('control characters are refused in every text field, on create and update', async () => {
      const { companyId, adminToken } = await createCompany(env())
      for (const json of [{ name: 'VIP\u0000' }, { name: 'Bell\u0007' }, { name: 'Cor', color: '#fff\u001b' }, { name: 'Lane', greetingMessageLane: 'Olá\u0000' }]) {
        const res = await call(env(), 'POST', '/tags', { token: adminToken, json })
        expect([res.status, res.body.fields?.[0]?.message]).toEqual([400, 'Caractere inválido'])
      }
      expect(await tagCount(env(), companyId)).toBe(0)
      const tag = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Limpa' } })
      expect((await call(env(), 'PUT', `/tags/${tag.body.id}`, { token: adminToken, json: { name: 'Su\u0000ja' } })).status).toBe(400)
      expect((await tagRow(env(), tag.body.id)).name).toBe('Limpa')
    })

    test('a name taken in the company, in any case, is 409 ERR_NAME_ALREADY_EXISTS; another company may use it', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const vip = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'VIP' } })
      const dup = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'vip' } })
      expect([dup.status, dup.body.error]).toEqual([409, 'ERR_NAME_ALREADY_EXISTS'])
      const other = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Outra' } })
      expect((await call(env(), 'PUT', `/tags/${other.body.id}`, { token: adminToken, json: { name: 'Vip' } })).status).toBe(409)
      // Renaming a tag to its own name in another case is not a clash with itself.
      expect((await call(env(), 'PUT', `/tags/${vip.body.id}`, { token: adminToken, json: { name: 'Vip' } })).body.name).toBe('Vip')
      expect(await tagCount(env(), companyId)).toBe(2)
      const elsewhere = await createCompany(env())
      expect((await call(env(), 'POST', '/tags', { token: elsewhere.adminToken, json: { name: 'VIP' } })).status).toBe(201)
    })

    test("lane links must be the company's tags and never the tag itself", async () => {
      const { adminToken } = await createCompany(env())
      const foreign = await createCompany(env()).then((o) => call(env(), 'POST', '/tags', { token: o.adminToken, json: { name: 'Alheia' } }))
      const bad = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Lane A', kanban: 1, nextLaneId: foreign.body.id } })
      expect([bad.status, bad.body.fields]).toEqual([400, [{ field: 'nextLaneId', message: 'Unknown tag' }]])
      const a = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Lane A', kanban: 1 } })
      const self = await call(env(), 'PUT', `/tags/${a.body.id}`, { token: adminToken, json: { rollbackLaneId: a.body.id } })
      expect([self.status, self.body.fields]).toEqual([400, [{ field: 'rollbackLaneId', message: 'A lane cannot lead to itself' }]])
      const b = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Lane B', kanban: 1, timeLane: '30', nextLaneId: a.body.id, greetingMessageLane: 'Oi' } })
      expect(b.body).toMatchObject({ kanban: 1, timeLane: 30, nextLaneId: a.body.id, rollbackLaneId: null, greetingMessageLane: 'Oi' })
    })
  })

  describe('update and delete', () => {
    test('PUT changes only the fields sent and emits the update; an empty PUT changes nothing', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const tag = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Lead', color: '#111', kanban: 1 } })
      const events = captureEvents(env())
      const res = await call(env(), 'PUT', `/tags/${tag.body.id}`, { token: adminToken, json: { timeLane: 15, greetingMessageLane: 'Bem-vindo' } })
      const same = await call(env(), 'PUT', `/tags/${tag.body.id}`, { token: adminToken, json: {} })
      events.stop()
      expect(res.body).toMatchObject({ name: 'Lead', color: '#111', kanban: 1, timeLane: 15, greetingMessageLane: 'Bem-vindo' })
      expect(await tagRow(env(), tag.body.id)).toMatchObject({ name: 'Lead', timeLane: 15, greetingMessageLane: 'Bem-vindo' })
      expect(same.body).toEqual(res.body)
      expect(events.tags()).toEqual([{ type: 'tag', companyId, payload: { action: 'update', tag: res.body } }])
    })

    test('DELETE takes the tag off contacts and tickets, unlinks lanes that led to it, and emits the delete', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const gone = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Antiga', kanban: 1 } })
      const lane = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Anterior', kanban: 1, nextLaneId: gone.body.id } })
      const contact = await newContact(env(), companyId)
      const ticket = await newTicket(env(), companyId, contact)
      await sys(env(), (tx) => tx`insert into contact_tags (company_id, contact_id, tag_id) values (${companyId}, ${contact}, ${gone.body.id})`)
      await sys(env(), (tx) => tx`insert into ticket_tags (company_id, ticket_id, tag_id) values (${companyId}, ${ticket}, ${gone.body.id})`)
      const events = captureEvents(env())
      const res = await call(env(), 'DELETE', `/tags/${gone.body.id}`, { token: adminToken })
      events.stop()
      expect(res.body).toEqual({ message: 'Tag deleted' })
      expect(await tagRow(env(), gone.body.id)).toBeUndefined()
      expect(await contactTagIds(env(), contact)).toEqual([])
      expect(await sys(env(), (tx) => tx`select 1 from ticket_tags where ticket_id = ${ticket}`)).toHaveLength(0)
      expect((await tagRow(env(), lane.body.id)).nextLaneId).toBeNull()
      expect(events.tags()).toEqual([{ type: 'tag', companyId, payload: { action: 'delete', tagId: gone.body.id } }])
      expect((await call(env(), 'GET', `/tags/${gone.body.id}`, { token: adminToken })).status).toBe(404)
    })

    test("another company's tag is 404 ERR_NO_TAG_FOUND on read, update and delete, and stays as it was", async () => {
      const owner = await createCompany(env())
      const tag = await call(env(), 'POST', '/tags', { token: owner.adminToken, json: { name: 'Privada' } })
      const intruder = await createCompany(env())
      for (const [method, json] of [['GET'], ['PUT', { name: 'Roubada' }], ['DELETE']] as const) {
        const res = await call(env(), method, `/tags/${tag.body.id}`, { token: intruder.adminToken, json })
        expect([method, res.status, res.body.error]).toEqual([method, 404, 'ERR_NO_TAG_FOUND'])
      }
      expect(await tagRow(env(), tag.body.id)).toMatchObject({ name: 'Privada', companyId: owner.companyId })
      expect((await call(env(), 'GET', '/tags/list', { token: intruder.adminToken })).body).toEqual([])
    })
  })

  describe('permissions', () => {
    test('a plain user creates plain tags but may not change or delete them; an admin may', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const user = await createUser(env(), companyId)
      const tag = await call(env(), 'POST', '/tags', { token: user.token, json: { name: 'Do atendente' } })
      expect(tag.status).toBe(201)
      const put = await call(env(), 'PUT', `/tags/${tag.body.id}`, { token: user.token, json: { name: 'Mudada' } })
      const del = await call(env(), 'DELETE', `/tags/${tag.body.id}`, { token: user.token })
      expect([put.status, put.body.error, del.status, del.body.error]).toEqual([403, 'ERR_NO_PERMISSION', 403, 'ERR_NO_PERMISSION'])
      expect((await tagRow(env(), tag.body.id)).name).toBe('Do atendente')
      expect((await call(env(), 'PUT', `/tags/${tag.body.id}`, { token: adminToken, json: { name: 'Mudada' } })).body.name).toBe('Mudada')
      expect((await call(env(), 'DELETE', `/tags/${tag.body.id}`, { token: adminToken })).status).toBe(200)
      expect(await tagRow(env(), tag.body.id)).toBeUndefined()
    })

    test('lanes need dashboard:view: a plain user may not create one, a user with showDashboard manages lanes only', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const plain = await createUser(env(), companyId)
      const board = await createUser(env(), companyId, { showDashboard: 'enabled' })
      const refused = await call(env(), 'POST', '/tags', { token: plain.token, json: { name: 'Coluna', kanban: 1 } })
      expect([refused.status, refused.body.error]).toEqual([403, 'ERR_NO_PERMISSION'])
      expect(await tagCount(env(), companyId)).toBe(0)
      const lane = await call(env(), 'POST', '/tags', { token: board.token, json: { name: 'Coluna', kanban: 1 } })
      expect(lane.status).toBe(201)
      expect((await call(env(), 'PUT', `/tags/${lane.body.id}`, { token: board.token, json: { timeLane: 5 } })).body.timeLane).toBe(5)
      // Turning the lane into a plain tag would leave it with a rule the user does not hold.
      expect((await call(env(), 'PUT', `/tags/${lane.body.id}`, { token: board.token, json: { kanban: 0 } })).status).toBe(403)
      const plainTag = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Comum' } })
      expect((await call(env(), 'PUT', `/tags/${plainTag.body.id}`, { token: board.token, json: { kanban: 1 } })).status).toBe(403)
      expect((await call(env(), 'DELETE', `/tags/${plainTag.body.id}`, { token: board.token })).status).toBe(403)
      expect((await call(env(), 'DELETE', `/tags/${lane.body.id}`, { token: board.token })).status).toBe(200)
      expect(await tagRow(env(), lane.body.id)).toBeUndefined()
    })

    test('a lane needs the plan useKanban; plain tags do not', async () => {
      const { adminToken, companyId } = await createCompany(env(), { plan: { useKanban: false } })
      const res = await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Coluna', kanban: 1 } })
      expect([res.status, res.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
      expect((await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Comum' } })).status).toBe(201)
      expect(await tagCount(env(), companyId)).toBe(1)
    })

    test('every route needs a session', async () => {
      for (const [method, path] of [['GET', '/tags/'], ['GET', '/tags/list'], ['GET', '/tags/1'], ['POST', '/tags'], ['PUT', '/tags/1'], ['DELETE', '/tags/1'], ['DELETE', '/tags-contacts/1/1']]) {
        expect([method, path, (await call(env(), method, path, { json: method === 'POST' || method === 'PUT' ? { name: 'abc' } : undefined })).status]).toEqual([method, path, 401])
      }
    })
  })

  describe("a contact's tags", () => {
    test('POST /tags/sync sets exactly the tags sent and replaces them on the next call; counts follow', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const user = await createUser(env(), companyId)
      const [t1, t2, t3] = await Promise.all(['Um1', 'Dois', 'Tres'].map(async (name) => (await call(env(), 'POST', '/tags', { token: adminToken, json: { name } })).body.id as number))
      const contact = await newContact(env(), companyId)
      const first = await call(env(), 'POST', '/tags/sync', { token: user.token, json: { contactId: contact, tags: [{ id: t1, name: 'Um1' }, { id: t2 }] } })
      expect(first.status).toBe(200)
      expect(await contactTagIds(env(), contact)).toEqual([t1, t2].sort((a, b) => a - b))
      await call(env(), 'POST', '/tags/sync', { token: user.token, json: { contactId: contact, tags: [{ id: t2 }, { id: t3 }] } })
      expect(await contactTagIds(env(), contact)).toEqual([t2, t3].sort((a, b) => a - b))
      const listed = await call(env(), 'GET', `/contactTags/${contact}`, { token: user.token })
      expect(listed.body.tags.map((t: { id: number }) => t.id).sort()).toEqual([t2, t3].sort())
      const counts = (await call(env(), 'GET', '/tags/list', { token: user.token })).body.map((t: { name: string; contactsCount: number }) => [t.name, t.contactsCount])
      expect(counts).toEqual([['Dois', 1], ['Tres', 1], ['Um1', 0]])
    })

    test("a contact or tag of another company is refused and nothing changes", async () => {
      const { companyId, adminToken } = await createCompany(env())
      const other = await createCompany(env())
      const mine = (await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Minha' } })).body.id
      const theirs = (await call(env(), 'POST', '/tags', { token: other.adminToken, json: { name: 'Deles' } })).body.id
      const theirContact = await newContact(env(), other.companyId)
      const myContact = await newContact(env(), companyId)
      const foreignContact = await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { contactId: theirContact, tags: [{ id: mine }] } })
      expect([foreignContact.status, foreignContact.body.error]).toEqual([404, 'ERR_NO_CONTACT_FOUND'])
      const foreignTag = await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { contactId: myContact, tags: [{ id: mine }, { id: theirs }] } })
      expect(foreignTag.status).toBe(400)
      expect(await contactTagIds(env(), theirContact)).toEqual([])
      expect(await contactTagIds(env(), myContact)).toEqual([])
      expect((await call(env(), 'GET', `/contactTags/${theirContact}`, { token: adminToken })).status).toBe(404)
    })

    test('DELETE /tags-contacts/{tagId}/{contactId} takes one contact off the tag and answers the tag', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const user = await createUser(env(), companyId)
      const [tag, kept] = await Promise.all(['Remover', 'Manter'].map(async (name) => (await call(env(), 'POST', '/tags', { token: adminToken, json: { name } })).body.id as number))
      const [a, b] = [await newContact(env(), companyId), await newContact(env(), companyId)]
      await sys(env(), (tx) => tx`insert into contact_tags (company_id, contact_id, tag_id) values (${companyId}, ${a}, ${tag}), (${companyId}, ${a}, ${kept}), (${companyId}, ${b}, ${tag})`)
      const events = captureEvents(env())
      const res = await call(env(), 'DELETE', `/tags-contacts/${tag}/${a}`, { token: user.token })
      events.stop()
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: tag, name: 'Remover', contactsCount: 1 })
      expect(await contactTagIds(env(), a)).toEqual([kept])
      expect(await contactTagIds(env(), b)).toEqual([tag])
      expect(events.tags()).toEqual([{ type: 'tag', companyId, payload: { action: 'update', tag: res.body } }])
      expect(events.all.some((e) => e.type === 'contact' && (e.payload.contact as { id: number }).id === a)).toBe(true)
      // Again: nothing left to remove, nothing changes, nobody is told.
      const again = captureEvents(env())
      expect((await call(env(), 'DELETE', `/tags-contacts/${tag}/${a}`, { token: user.token })).body.contactsCount).toBe(1)
      again.stop()
      expect(again.all).toEqual([])
    })

    test("DELETE /tags-contacts refuses another company's tag or contact", async () => {
      const { companyId, adminToken } = await createCompany(env())
      const other = await createCompany(env())
      const mine = (await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Minha' } })).body.id
      const theirs = (await call(env(), 'POST', '/tags', { token: other.adminToken, json: { name: 'Deles' } })).body.id
      const myContact = await newContact(env(), companyId)
      const theirContact = await newContact(env(), other.companyId)
      await sys(env(), (tx) => tx`insert into contact_tags (company_id, contact_id, tag_id) values (${other.companyId}, ${theirContact}, ${theirs})`)
      const a = await call(env(), 'DELETE', `/tags-contacts/${theirs}/${myContact}`, { token: adminToken })
      const b = await call(env(), 'DELETE', `/tags-contacts/${mine}/${theirContact}`, { token: adminToken })
      expect([a.status, a.body.error, b.status, b.body.error]).toEqual([404, 'ERR_NO_TAG_FOUND', 404, 'ERR_NO_CONTACT_FOUND'])
      expect(await contactTagIds(env(), theirContact)).toEqual([theirs])
    })
  })

  test('the tag event reaches the company on company{id}-tag', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const events = captureEvents(env())
    await call(env(), 'POST', '/tags', { token: adminToken, json: { name: 'Ao vivo' } })
    events.stop()
    const [event] = events.tags()
    expect(frameFor(routeEvent(event), companyId).event).toBe(`company${companyId}-tag`)
  })
})
