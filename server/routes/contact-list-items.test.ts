import { describe, expect, test } from 'bun:test'
import { utils, write } from '@e965/xlsx'
import type { DomainEvent } from '../domain/context.ts'
import type { NumberChecker } from '../domain/contacts/number-check.ts'
import { frameFor, routeEvent } from '../realtime/route-event.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser, type PlanOptions } from '../../test/factories.ts'
import { formWith } from '../../test/files.ts'
import { call } from '../../test/http.ts'

/** Route tests make many calls; PGlite on a busy 2-core machine needs more than bun's 5 s. */
const SLOW = 30_000

/** A company whose admin may use campaigns: the plan's useCampaigns (on by default) and the company switch on. */
async function campaignCompany(env: TestEnv, plan: PlanOptions = {}) {
  const company = await createCompany(env, { plan })
  await call(env, 'PUT', '/companySettings', { token: company.adminToken, json: { column: 'campaignsEnabled', data: true } })
  return company
}

function xlsx(rows: unknown[][]): Uint8Array<ArrayBuffer> {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Contatos')
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }))
}

function captureEvents(env: TestEnv) {
  const events: DomainEvent[] = []
  const stop = env.services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
  return { of: (type: string) => events.filter((e) => e.type === type), stop }
}

/** A company allowed campaigns, one list of it, and a way to add items. */
async function listOf(env: TestEnv) {
  const company = await campaignCompany(env)
  const { body: list } = await call(env, 'POST', '/contact-lists', { token: company.adminToken, json: { name: 'Clientes' } })
  const add = (json: Record<string, unknown>) => call(env, 'POST', '/contact-list-items', { token: company.adminToken, json: { contactListId: list.id, ...json } })
  return { ...company, listId: list.id as number, add }
}

/** A phone that knows numbers not ending in 0, counting the questions; or one whose session cannot answer. */
function fakeChecker(mode: 'answers' | 'fails' = 'answers') {
  const asked: string[] = []
  const checker: NumberChecker = {
    async check(_companyId, number) {
      asked.push(number)
      if (mode === 'fails') throw new Error('the session did not answer')
      return number.endsWith('0') ? null : number
    },
  }
  return { asked, checker }
}

/** Runs fn with the process's number checker replaced. */
async function withChecker<T>(env: TestEnv, checker: NumberChecker | undefined, fn: () => Promise<T>): Promise<T> {
  const before = env.services.numbers
  env.services.numbers = checker
  try {
    return await fn()
  } finally {
    env.services.numbers = before
  }
}

describeEachBackend('contact list items', (env) => {
  describe('create, read, update, delete', () => {
    test('an admin adds a person: number normalised as contacts, email lowercase; events for the item and the list count', async () => {
      const { companyId, adminToken, listId, add } = await listOf(env())
      const events = captureEvents(env())
      const res = await add({ name: ' Ana Souza ', number: '+55 (31) 8888-7777', email: ' ANA@Example.com ', companyId: 999 })
      events.stop()
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ companyId, contactListId: listId, name: 'Ana Souza', number: '5531988887777', email: 'ana@example.com', isWhatsappValid: false })
      expect((await call(env(), 'GET', `/contact-list-items/${res.body.id}`, { token: adminToken })).body).toEqual(res.body)
      const [event] = events.of('contactListItem')
      expect(event.payload).toEqual({ action: 'create', record: res.body })
      expect(frameFor(routeEvent(event), companyId)).toEqual({ event: `company-${companyId}-ContactListItem`, data: { action: 'create', record: res.body } })
      expect(routeEvent(event).audiences).toEqual([{ to: 'company', companyId, adminsOnly: true }])
      expect(events.of('contactList').map((e) => e.payload)).toEqual([{ action: 'update', record: expect.objectContaining({ id: listId, contactsCount: 1 }) }])
    }, SLOW)

    test('GET /contact-list-items pages one list by name with count and hasMore; search reads name, number and email', async () => {
      const { adminToken, listId, add } = await listOf(env())
      for (let i = 21; i >= 0; i--) await add({ name: `Pessoa ${String(i).padStart(2, '0')}`, number: `55119876500${String(i).padStart(2, '0')}`, email: i === 7 ? 'sete@x.com' : '' })
      const page = (q: string) => call(env(), 'GET', `/contact-list-items?contactListId=${listId}${q}`, { token: adminToken })
      const first = await page('')
      expect(first.status).toBe(200)
      expect(Object.keys(first.body).sort()).toEqual(['contacts', 'count', 'hasMore'])
      expect(first.body).toMatchObject({ count: 22, hasMore: true })
      expect(first.body.contacts.length).toBe(20)
      expect(first.body.contacts[0].name).toBe('Pessoa 00')
      expect((await page('&pageNumber=2')).body).toMatchObject({ count: 22, hasMore: false, contacts: [{ name: 'Pessoa 20' }, { name: 'Pessoa 21' }] })
      expect((await page('&searchParam=PESSOA%2003')).body).toMatchObject({ count: 1, contacts: [{ name: 'Pessoa 03' }] })
      expect((await page('&searchParam=98765000')).body.count).toBe(10)
      expect((await page('&searchParam=sete')).body).toMatchObject({ count: 1, contacts: [{ name: 'Pessoa 07' }] })
      const missing = await call(env(), 'GET', '/contact-list-items', { token: adminToken })
      expect({ status: missing.status, fields: missing.body.fields }).toEqual({ status: 400, fields: [{ field: 'contactListId', message: expect.any(String) }] })
    }, SLOW)

    test('PUT changes only what is sent; DELETE removes the item and tells the admins', async () => {
      const { companyId, adminToken, listId, add } = await listOf(env())
      const { body: item } = await add({ name: 'Bia', number: '5511987650001', email: 'bia@x.com' })
      const events = captureEvents(env())
      const renamed = await call(env(), 'PUT', `/contact-list-items/${item.id}`, { token: adminToken, json: { name: 'Beatriz' } })
      expect(renamed.body).toMatchObject({ id: item.id, name: 'Beatriz', number: '5511987650001', email: 'bia@x.com' })
      const cleared = await call(env(), 'PUT', `/contact-list-items/${item.id}`, { token: adminToken, json: { email: '', number: '55 11 98765-0002' } })
      expect(cleared.body).toMatchObject({ name: 'Beatriz', number: '5511987650002', email: '' })
      const removed = await call(env(), 'DELETE', `/contact-list-items/${item.id}`, { token: adminToken })
      events.stop()
      expect(removed.status).toBe(200)
      expect((await call(env(), 'GET', `/contact-list-items/${item.id}`, { token: adminToken })).status).toBe(404)
      expect(events.of('contactListItem').map((e) => e.payload)).toEqual([
        { action: 'update', record: renamed.body },
        { action: 'update', record: cleared.body },
        { action: 'delete', id: item.id, contactListId: listId },
      ])
      expect(frameFor(routeEvent(events.of('contactListItem')[2]), companyId).data).toEqual({ action: 'delete', id: item.id, contactListId: listId })
    }, SLOW)
  })

  describe('validation', () => {
    test('name 2-50, number 8-50 and a plausible phone, email valid or empty: 400 with the field list', async () => {
      const { listId, add } = await listOf(env())
      const bad = await add({ name: 'A', number: '123', email: 'não-é-email' })
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'name', message: 'Too Short!' }, { field: 'number', message: 'Too Short!' }, { field: 'email', message: 'Invalid email' }],
      })
      const long = await add({ name: 'x'.repeat(51), number: '1'.repeat(51) })
      expect(long.body.fields).toEqual([{ field: 'name', message: 'Too Long!' }, { field: 'number', message: 'Too Long!' }])
      const missing = await call(env(), 'POST', '/contact-list-items', { token: (await listOf(env())).adminToken, json: {} })
      expect(missing.body.fields.map((f: { field: string }) => f.field)).toEqual(['name', 'number', 'contactListId'])
      const implausible = await add({ name: 'Ana', number: '00000000000' })
      expect(implausible.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'number', message: 'Invalid number' }] })
      const nul = await add({ name: 'Ana\u0000', number: '5511987650001' })
      expect(nul.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'Caractere inválido' }] })
      expect((await add({ name: 'Ana', number: '5511987650001', email: null })).body).toMatchObject({ contactListId: listId, email: '' })
    }, SLOW)

    test('a number twice in one list is 409 ERR_CONTACT_LIST_ITEM_DUPLICATED, on create and on update; another list may have it', async () => {
      const { adminToken, add } = await listOf(env())
      const { body: first } = await add({ name: 'Ana', number: '5511987650001' })
      const again = await add({ name: 'Outra Ana', number: '+55 11 98765-0001' })
      expect({ status: again.status, error: again.body.error, field: again.body.field }).toEqual({ status: 409, error: 'ERR_CONTACT_LIST_ITEM_DUPLICATED', field: 'number' })
      const { body: second } = await add({ name: 'Bia', number: '5511987650002' })
      const moved = await call(env(), 'PUT', `/contact-list-items/${second.id}`, { token: adminToken, json: { number: first.number } })
      expect({ status: moved.status, error: moved.body.error }).toEqual({ status: 409, error: 'ERR_CONTACT_LIST_ITEM_DUPLICATED' })
      // Its own number again is no conflict.
      expect((await call(env(), 'PUT', `/contact-list-items/${first.id}`, { token: adminToken, json: { number: first.number, name: 'Ana Maria' } })).status).toBe(200)
      const { body: other } = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Outra lista' } })
      expect((await call(env(), 'POST', '/contact-list-items', { token: adminToken, json: { name: 'Ana', number: first.number, contactListId: other.id } })).status).toBe(201)
    }, SLOW)
  })

  describe('WhatsApp validity', () => {
    test('a company whose only connection is the simulator: valid, as the simulator answers', async () => {
      const { companyId, add } = await listOf(env())
      await createConnection(env(), companyId, { channel: 'simulator' })
      expect((await add({ name: 'Ana', number: '5511987650001' })).body.isWhatsappValid).toBe(true)
    }, SLOW)

    test('a connected WhatsApp session decides, on create, on a changed number and on import; the simulator does not speak for it', async () => {
      const { companyId, adminToken, listId, add } = await listOf(env())
      await createConnection(env(), companyId, { channel: 'simulator' })
      await createConnection(env(), companyId, { channel: 'whatsapp', status: 'CONNECTED' })
      const phone = fakeChecker()
      await withChecker(env(), phone.checker, async () => {
        const known = await add({ name: 'Ana', number: '5511987650001' })
        const unknown = await add({ name: 'Bia', number: '5511987650010' })
        expect([known.body.isWhatsappValid, unknown.body.isWhatsappValid]).toEqual([true, false])
        // A new name alone asks nothing; a new number asks again.
        await call(env(), 'PUT', `/contact-list-items/${unknown.body.id}`, { token: adminToken, json: { name: 'Beatriz' } })
        expect(phone.asked).toEqual(['5511987650001', '5511987650010'])
        const fixed = await call(env(), 'PUT', `/contact-list-items/${unknown.body.id}`, { token: adminToken, json: { number: '5511987650011' } })
        expect(fixed.body.isWhatsappValid).toBe(true)
        const file = xlsx([['nome', 'numero'], ['Caio', '5511987650021'], ['Dora', '5511987650030'], ['Ana', '5511987650001']])
        const res = await call(env(), 'POST', `/contact-lists/${listId}/upload`, { token: adminToken, form: formWith('file', file, 'l.xlsx', 'application/octet-stream') })
        expect(res.body).toEqual({ created: 2, duplicated: 1, skipped: 0, total: 3 })
        // Numbers already in the list are not asked about again.
        expect(phone.asked.slice(3).sort()).toEqual(['5511987650021', '5511987650030'])
        const { body } = await call(env(), 'GET', `/contact-list-items?contactListId=${listId}&searchParam=5511987650`, { token: adminToken })
        expect(Object.fromEntries(body.contacts.map((c: { number: string; isWhatsappValid: boolean }) => [c.number, c.isWhatsappValid]))).toEqual({
          '5511987650001': true, '5511987650011': true, '5511987650021': true, '5511987650030': false,
        })
      })
    }, SLOW)

    test('a session that cannot answer leaves the numbers invalid and is asked once per request', async () => {
      const { companyId, adminToken, listId } = await listOf(env())
      await createConnection(env(), companyId, { channel: 'whatsapp', status: 'CONNECTED' })
      const phone = fakeChecker('fails')
      await withChecker(env(), phone.checker, async () => {
        const file = xlsx([['nome', 'numero'], ...Array.from({ length: 12 }, (_, i) => [`P${i}`, `55119876501${String(i).padStart(2, '0')}`])])
        const res = await call(env(), 'POST', `/contact-lists/${listId}/upload`, { token: adminToken, form: formWith('file', file, 'l.xlsx', 'application/octet-stream') })
        expect(res.body.created).toBe(12)
        // The four questions in flight when the session failed, and no more.
        expect(phone.asked.length).toBeLessThanOrEqual(4)
        const { body } = await call(env(), 'GET', `/contact-list-items?contactListId=${listId}`, { token: adminToken })
        expect(body.contacts.every((c: { isWhatsappValid: boolean }) => !c.isWhatsappValid)).toBe(true)
      })
    }, SLOW)

    test('a WhatsApp connection that is not connected, or no checker in this process: invalid, nobody asked', async () => {
      const { companyId, add } = await listOf(env())
      await createConnection(env(), companyId, { channel: 'whatsapp', status: 'DISCONNECTED' })
      const phone = fakeChecker()
      await withChecker(env(), phone.checker, async () => {
        expect((await add({ name: 'Ana', number: '5511987650001' })).body.isWhatsappValid).toBe(false)
      })
      expect(phone.asked).toEqual([])
      await createConnection(env(), companyId, { channel: 'whatsapp', status: 'CONNECTED' })
      await withChecker(env(), undefined, async () => {
        expect((await add({ name: 'Bia', number: '5511987650002' })).body.isWhatsappValid).toBe(false)
      })
    }, SLOW)
  })

  describe('gates and tenancy', () => {
    test('plan off 403 ERR_PLAN_FEATURE_DISABLED; profile user 403 ERR_NO_PERMISSION; switch off 403 ERR_CAMPAIGNS_DISABLED', async () => {
      const { companyId, listId, add } = await listOf(env())
      const { body: item } = await add({ name: 'Ana', number: '5511987650001' })
      const user = await createUser(env(), companyId)
      for (const [method, path] of [['GET', `/contact-list-items?contactListId=${listId}`], ['GET', `/contact-list-items/${item.id}`], ['POST', '/contact-list-items'],
        ['PUT', `/contact-list-items/${item.id}`], ['DELETE', `/contact-list-items/${item.id}`]]) {
        const res = await call(env(), method, path, { token: user.token, json: method === 'POST' || method === 'PUT' ? { name: 'Xi' } : undefined })
        expect({ method, status: res.status, error: res.body.error }).toEqual({ method, status: 403, error: 'ERR_NO_PERMISSION' })
      }
      const noPlan = await campaignCompany(env(), { useCampaigns: false })
      const plan = await call(env(), 'GET', `/contact-list-items/${item.id}`, { token: noPlan.adminToken })
      expect({ status: plan.status, error: plan.body.error }).toEqual({ status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' })
      const off = await createCompany(env())
      const closed = await call(env(), 'GET', `/contact-list-items/${item.id}`, { token: off.adminToken })
      expect({ status: closed.status, error: closed.body.error }).toEqual({ status: 403, error: 'ERR_CAMPAIGNS_DISABLED' })
    }, SLOW)

    test('another company cannot read, change, delete or add to the items of a list: 404', async () => {
      const a = await listOf(env())
      const b = await campaignCompany(env())
      const { body: item } = await a.add({ name: 'Ana', number: '5511987650001' })
      const cases = [
        ['GET', `/contact-list-items/${item.id}`, undefined],
        ['PUT', `/contact-list-items/${item.id}`, { name: 'Roubada' }],
        ['DELETE', `/contact-list-items/${item.id}`, undefined],
        ['GET', `/contact-list-items?contactListId=${a.listId}`, undefined],
        ['POST', '/contact-list-items', { name: 'Intrusa', number: '5511987650099', contactListId: a.listId }],
      ] as const
      for (const [method, path, json] of cases) {
        const res = await call(env(), method, path, { token: b.adminToken, json })
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 404, error: 'ERR_NOT_FOUND' })
      }
      expect((await call(env(), 'GET', `/contact-list-items/${item.id}`, { token: a.adminToken })).body).toMatchObject({ name: 'Ana' })
      const { body } = await call(env(), 'GET', `/contact-list-items?contactListId=${a.listId}`, { token: a.adminToken })
      expect(body.count).toBe(1)
    }, SLOW)
  })
})
