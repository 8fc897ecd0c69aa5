import { describe, expect, test } from 'bun:test'
import { utils, write } from '@e965/xlsx'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import { frameFor, routeEvent } from '../realtime/route-event.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser, type PlanOptions } from '../../test/factories.ts'
import { formWith } from '../../test/files.ts'
import { call } from '../../test/http.ts'

const sys = <T>(env: TestEnv, fn: (tx: any) => Promise<T>): Promise<T> => withSystem(env.services.db, fn)

/** A company whose admin may use campaigns: the plan's useCampaigns (on by default) and the company switch, turned on through PUT /companySettings. */
async function campaignCompany(env: TestEnv, plan: PlanOptions = {}) {
  const company = await createCompany(env, { plan })
  const on = await call(env, 'PUT', '/companySettings', { token: company.adminToken, json: { column: 'campaignsEnabled', data: true } })
  expect(on.status).toBe(200)
  return company
}

/** An .xlsx of the rows, the first one the header. */
function xlsx(rows: unknown[][]): Uint8Array<ArrayBuffer> {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Contatos')
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }))
}

/** Route tests make many calls; PGlite on a busy 2-core machine needs more than bun's 5 s. */
const SLOW = 30_000
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const itemsOf = (env: TestEnv, listId: number) =>
  sys<{ name: string; number: string; email: string; isWhatsappValid: boolean }[]>(env, (tx) => tx`
    select name, number, email, is_whatsapp_valid from contact_list_items where contact_list_id = ${listId} order by number`)

function captureEvents(env: TestEnv) {
  const events: DomainEvent[] = []
  const stop = env.services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
  return { of: (type: string) => events.filter((e) => e.type === type), stop }
}

describeEachBackend('contact lists', (env) => {
  describe('create, read, update, delete', () => {
    test('an admin creates a list, trimmed, with no contacts; it reads back by id; the event goes to company-{id}-ContactList', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      const events = captureEvents(env())
      const res = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: '  Clientes VIP  ' } })
      events.stop()
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ companyId, name: 'Clientes VIP', contactsCount: 0 })
      expect(typeof res.body.id).toBe('number')
      expect((await call(env(), 'GET', `/contact-lists/${res.body.id}`, { token: adminToken })).body).toEqual(res.body)
      const [event] = events.of('contactList')
      expect(event).toEqual({ type: 'contactList', companyId, payload: { action: 'create', record: res.body } })
      const route = routeEvent(event)
      expect(frameFor(route, companyId)).toEqual({ event: `company-${companyId}-ContactList`, data: { action: 'create', record: res.body } })
      expect(route.audiences).toEqual([{ to: 'company', companyId, adminsOnly: true }])
    }, SLOW)

    test('GET /contact-lists/ pages 20 by name with the count and contactsCount; search narrows it; /list answers id and name of all', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      const names = Array.from({ length: 22 }, (_, i) => `Lista ${String(i).padStart(2, '0')}`)
      for (const name of [...names].reverse()) await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name } })
      const [{ id: firstId }] = await sys<{ id: number }[]>(env(), (tx) => tx`select id from contact_lists where company_id = ${companyId} and name = 'Lista 00'`)
      await sys(env(), (tx) => tx`insert into contact_list_items (company_id, contact_list_id, name, number) values
        (${companyId}, ${firstId}, 'Ana', '5511987650001'), (${companyId}, ${firstId}, 'Bia', '5511987650002')`)

      const first = await call(env(), 'GET', '/contact-lists/', { token: adminToken })
      expect(first.status).toBe(200)
      expect(Object.keys(first.body).sort()).toEqual(['count', 'hasMore', 'records'])
      expect(first.body.records.map((r: { name: string }) => r.name)).toEqual(names.slice(0, 20))
      expect(first.body).toMatchObject({ count: 22, hasMore: true })
      expect(first.body.records[0]).toMatchObject({ id: firstId, contactsCount: 2 })
      const second = await call(env(), 'GET', '/contact-lists/?pageNumber=2', { token: adminToken })
      expect(second.body).toMatchObject({ count: 22, hasMore: false })
      expect(second.body.records.map((r: { name: string }) => r.name)).toEqual(names.slice(20))

      const found = await call(env(), 'GET', '/contact-lists/?searchParam=LISTA%2001', { token: adminToken })
      expect(found.body).toMatchObject({ count: 1, hasMore: false, records: [{ name: 'Lista 01' }] })
      const options = await call(env(), 'GET', '/contact-lists/list', { token: adminToken })
      expect(options.body.length).toBe(22)
      expect(options.body[0]).toEqual({ id: firstId, name: 'Lista 00' })
    }, SLOW)

    test('PUT renames and DELETE removes the list with its items; both tell the admins', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      const { body: list } = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Antiga' } })
      await call(env(), 'POST', '/contact-list-items', { token: adminToken, json: { name: 'Ana', number: '5511987650001', contactListId: list.id } })
      const events = captureEvents(env())
      const renamed = await call(env(), 'PUT', `/contact-lists/${list.id}`, { token: adminToken, json: { name: 'Nova' } })
      expect(renamed.status).toBe(200)
      expect(renamed.body).toMatchObject({ id: list.id, name: 'Nova', contactsCount: 1 })
      const removed = await call(env(), 'DELETE', `/contact-lists/${list.id}`, { token: adminToken })
      events.stop()
      expect(removed.status).toBe(200)
      expect((await call(env(), 'GET', `/contact-lists/${list.id}`, { token: adminToken })).status).toBe(404)
      expect(await itemsOf(env(), list.id)).toEqual([])
      expect(events.of('contactList').map((e) => e.payload)).toEqual([
        { action: 'update', record: renamed.body },
        { action: 'delete', id: list.id },
      ])
      expect(frameFor(routeEvent(events.of('contactList')[1]), companyId).event).toBe(`company-${companyId}-ContactList`)
    }, SLOW)
  })

  describe('validation', () => {
    test('the name is required, 2-50 characters, and cannot hold a NUL: 400 with the field list', async () => {
      const { adminToken } = await campaignCompany(env())
      for (const [name, message] of [[undefined, 'Required'], ['a', 'Too Short!'], ['  b  ', 'Too Short!'], ['x'.repeat(51), 'Too Long!'], ['Lista\u0000', 'Caractere inválido']] as const) {
        const res = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name } })
        expect({ name, status: res.status, error: res.body.error, fields: res.body.fields }).toEqual({ name, status: 400, error: 'ERR_VALIDATION', fields: [{ field: 'name', message }] })
      }
      const { body: list } = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Boa' } })
      const bad = await call(env(), 'PUT', `/contact-lists/${list.id}`, { token: adminToken, json: { name: '' } })
      expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'Too Short!' }] })
    }, SLOW)
  })

  describe('gates', () => {
    test('a plan without useCampaigns is 403 ERR_PLAN_FEATURE_DISABLED', async () => {
      const { adminToken } = await campaignCompany(env(), { useCampaigns: false })
      const res = await call(env(), 'GET', '/contact-lists/', { token: adminToken })
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' })
    }, SLOW)

    test('a profile user is 403 ERR_NO_PERMISSION, on every route', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      const { body: list } = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Equipe' } })
      const user = await createUser(env(), companyId)
      for (const [method, path] of [['GET', '/contact-lists/'], ['GET', '/contact-lists/list'], ['GET', `/contact-lists/${list.id}`], ['POST', '/contact-lists'],
        ['PUT', `/contact-lists/${list.id}`], ['DELETE', `/contact-lists/${list.id}`], ['POST', `/contact-lists/${list.id}/upload`]]) {
        const res = await call(env(), method, path, { token: user.token, json: method === 'GET' || method === 'DELETE' ? undefined : { name: 'X Y' } })
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' })
      }
    }, SLOW)

    test('with the company switch off an admin gets 403 ERR_CAMPAIGNS_DISABLED; turning it on opens the routes', async () => {
      const { adminToken } = await createCompany(env())
      const off = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Fechada' } })
      expect({ status: off.status, error: off.body.error }).toEqual({ status: 403, error: 'ERR_CAMPAIGNS_DISABLED' })
      await call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column: 'campaignsEnabled', data: true } })
      expect((await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Aberta' } })).status).toBe(201)
    }, SLOW)

    test('without a token: 401', async () => {
      expect((await call(env(), 'GET', '/contact-lists/')).status).toBe(401)
    }, SLOW)

    test('another company cannot see, change, fill or delete a list: 404', async () => {
      const a = await campaignCompany(env())
      const b = await campaignCompany(env())
      const { body: list } = await call(env(), 'POST', '/contact-lists', { token: a.adminToken, json: { name: 'Só da A' } })
      const form = formWith('file', xlsx([['nome', 'numero'], ['Ana', '5511987650001']]), 'l.xlsx', XLSX_TYPE)
      for (const [method, path, opts] of [['GET', `/contact-lists/${list.id}`, {}], ['PUT', `/contact-lists/${list.id}`, { json: { name: 'Roubada' } }],
        ['DELETE', `/contact-lists/${list.id}`, {}], ['POST', `/contact-lists/${list.id}/upload`, { form }]] as const) {
        const res = await call(env(), method, path, { token: b.adminToken, ...opts })
        expect({ method, status: res.status, error: res.body.error }).toEqual({ method, status: 404, error: 'ERR_NOT_FOUND' })
      }
      expect((await call(env(), 'GET', '/contact-lists/', { token: b.adminToken })).body).toEqual({ records: [], count: 0, hasMore: false })
      expect((await call(env(), 'GET', `/contact-lists/${list.id}`, { token: a.adminToken })).body).toMatchObject({ name: 'Só da A', contactsCount: 0 })
    }, SLOW)
  })

  describe('upload', () => {
    test('an .xlsx creates its items, normalised as contacts, skipping rows without name or number and bad numbers', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      await createConnection(env(), companyId, { channel: 'simulator' })
      const { body: list } = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Planilha' } })
      await call(env(), 'POST', '/contact-list-items', { token: adminToken, json: { name: 'Já estava', number: '5511987650009', contactListId: list.id } })
      const file = xlsx([
        ['Nome', 'Número', 'E-mail'],
        ['Ana', '+55 (11) 98765-0001', 'ANA@Example.com'],
        // A phone typed as a number, and an 8-digit Brazilian mobile that gets its ninth digit.
        ['Bia', 5511987650002, ''],
        ['Caio', '55 31 8888-7777', 'não é email'],
        ['', '5511987650004', ''],
        ['Sem número', '', ''],
        ['Número ruim', '123', ''],
        ['Ana de novo', '5511987650001', ''],
        ['Já estava', '5511987650009', ''],
      ])
      const events = captureEvents(env())
      const res = await call(env(), 'POST', `/contact-lists/${list.id}/upload`, { token: adminToken, form: formWith('file', file, 'contatos.xlsx', XLSX_TYPE) })
      events.stop()
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ created: 3, duplicated: 2, skipped: 3, total: 8 })
      expect(await itemsOf(env(), list.id)).toEqual([
        { name: 'Ana', number: '5511987650001', email: 'ana@example.com', isWhatsappValid: true },
        { name: 'Bia', number: '5511987650002', email: '', isWhatsappValid: true },
        { name: 'Já estava', number: '5511987650009', email: '', isWhatsappValid: true },
        { name: 'Caio', number: '5531988887777', email: '', isWhatsappValid: true },
      ])
      expect(events.of('contactListItem').map((e) => e.payload)).toEqual([{ action: 'import', contactListId: list.id, created: 3 }])
      expect(events.of('contactList').map((e) => e.payload)).toEqual([{ action: 'update', record: expect.objectContaining({ id: list.id, contactsCount: 4 }) }])
      expect(frameFor(routeEvent(events.of('contactListItem')[0]), companyId).event).toBe(`company-${companyId}-ContactListItem`)

      // The same file again adds nothing.
      const again = await call(env(), 'POST', `/contact-lists/${list.id}/upload`, { token: adminToken, form: formWith('file', file, 'contatos.xlsx', XLSX_TYPE) })
      expect(again.body).toEqual({ created: 0, duplicated: 5, skipped: 3, total: 8 })
    }, SLOW)

    test('English headers name, number and email are read too', async () => {
      const { adminToken } = await campaignCompany(env())
      const { body: list } = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Inglês' } })
      const file = xlsx([['email', 'number', 'name'], ['x@y.com', '5511987650011', 'Xavier']])
      const res = await call(env(), 'POST', `/contact-lists/${list.id}/upload`, { token: adminToken, form: formWith('file', file, 'l.XLSX', XLSX_TYPE) })
      expect(res.body).toEqual({ created: 1, duplicated: 0, skipped: 0, total: 1 })
      expect(await itemsOf(env(), list.id)).toEqual([{ name: 'Xavier', number: '5511987650011', email: 'x@y.com', isWhatsappValid: false }])
    }, SLOW)

    test('a file that is no spreadsheet, a csv, a sheet without name and number columns, or no file: 400 and nothing written', async () => {
      const { adminToken } = await campaignCompany(env())
      const { body: list } = await call(env(), 'POST', '/contact-lists', { token: adminToken, json: { name: 'Intacta' } })
      const send = (form: FormData) => call(env(), 'POST', `/contact-lists/${list.id}/upload`, { token: adminToken, form })
      const csv = 'nome;numero\nAna;5511987650001'
      const cases: [string, FormData, string][] = [
        ['bytes renamed .xlsx', formWith('file', new Uint8Array([0, 1, 2, 3, 0xff, 0xfe, 0, 0]), 'falsa.xlsx', XLSX_TYPE), 'ERR_INVALID_FILE_TYPE'],
        // Text named .xlsx is read as the contact import reads it (systems export csv as "xls"): no name column here.
        ['text renamed .xlsx', formWith('file', 'isto não é uma planilha', 'falsa.xlsx', XLSX_TYPE), 'ERR_VALIDATION'],
        ['png', formWith('file', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'foto.png', 'image/png'), 'ERR_INVALID_FILE_TYPE'],
        ['csv', formWith('file', csv, 'contatos.csv', 'text/csv'), 'ERR_INVALID_FILE_TYPE'],
        ['no columns', formWith('file', xlsx([['Cliente X', 'Fone Y'], ['Ana', '5511987650001']]), 'l.xlsx', XLSX_TYPE), 'ERR_VALIDATION'],
        ['other field', formWith('attachment', xlsx([['nome', 'numero'], ['Ana', '5511987650001']]), 'l.xlsx', XLSX_TYPE), 'ERR_VALIDATION'],
      ]
      for (const [label, form, error] of cases) {
        const res = await send(form)
        expect({ label, status: res.status, error: res.body.error }).toEqual({ label, status: 400, error })
      }
      const json = await call(env(), 'POST', `/contact-lists/${list.id}/upload`, { token: adminToken, json: { file: 'x' } })
      expect(json.status).toBe(400)
      expect(await itemsOf(env(), list.id)).toEqual([])
    }, SLOW)
  })
})
