import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection } from '../../test/factories.ts'
import { formWith } from '../../test/files.ts'
import { withSystem } from '../db/tenant.ts'
import { FakeSocket } from '../../workers/channels/baileys/fake-socket.ts'
import { fakePhoneHost } from '../../workers/channels/baileys/test-support.ts'
import { answerNumberChecks, numberChecksThroughDatabase } from '../domain/contacts/number-check-requests.ts'

/** A phone that knows some numbers, and answers one Belo Horizonte number without its ninth digit. */
class CheckingPhone extends FakeSocket {
  override async onWhatsApp(...numbers: string[]) {
    this.numberLookups.push(numbers)
    return numbers.map((n) => {
      if (n === '5531988887777') return { jid: '553188887777@s.whatsapp.net', exists: true }
      return { jid: `${n}@s.whatsapp.net`, exists: !n.endsWith('0') }
    })
  }
}

/** A worker's channel host holding a Baileys session of the company, its socket the fake phone. */
async function sessionFor(env: TestEnv, companyId: number, phone: FakeSocket) {
  const s = env.services
  const conn = await createConnection(env, companyId, { channel: 'whatsapp' })
  const host = fakePhoneHost(s, phone, () => env.clock.now)
  const driver = (await host.attach(conn.id, { session: true }))!
  await driver.start()
  return host
}

async function contactByNumber(env: TestEnv, companyId: number, number: string) {
  const [row] = await withSystem(env.services.db, (tx) => tx<{ id: number; waNumber: string | null; tags: string[] }[]>`
    select c.id, w.wa_number,
           coalesce((select array_agg(t.name order by t.name) from contact_tags ct join tags t on t.id = ct.tag_id where ct.contact_id = c.id), '{}') as tags
      from contacts c left join contact_wa_numbers w on w.contact_id = c.id
     where c.company_id = ${companyId} and c.number = ${number}`)
  return row ?? null
}

describeEachBackend('contact import: WhatsApp check, tags and chosen rows', (env) => {
  test('validateContact asks the company\'s WhatsApp session; no session means ERR_WAPP_CHECK_CONTACT and nothing stored', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const row = (number: string, extra: Record<string, unknown> = {}) =>
      call(env(), 'POST', '/contactsImport', { token: adminToken, json: { name: 'Pessoa', number, validateContact: true, ...extra } })
    // This API process alone, without workers (on Postgres it would otherwise ask them through the database).
    const before = env().services.numbers
    env().services.numbers = undefined

    const unchecked = await row('5511987650001')
    expect({ status: unchecked.status, error: unchecked.body.error }).toEqual({ status: 400, error: 'ERR_WAPP_CHECK_CONTACT' })
    expect(await contactByNumber(env(), companyId, '5511987650001')).toBeNull()

    const phone = new CheckingPhone()
    const host = await sessionFor(env(), companyId, phone)
    // Not open yet: the session cannot ask either.
    const closed = await row('5511987650001')
    expect(closed.body.error).toBe('ERR_WAPP_CHECK_CONTACT')
    phone.open()
    env().services.numbers = { check: (company, number) => host.checkNumber(company, number) }
    try {
      const created = await row('5511987650001', { tags: 'Lead, Lead , vip' })
      expect(created.status).toBe(201)
      expect(created.body.tags.map((t: { name: string }) => t.name).sort()).toEqual(['Lead', 'vip'])
      expect(await contactByNumber(env(), companyId, '5511987650001')).toMatchObject({ waNumber: null, tags: ['Lead', 'vip'] })

      const absent = await row('5511987650000')
      expect({ status: absent.status, error: absent.body.error }).toEqual({ status: 400, error: 'ERR_WAPP_INVALID_CONTACT' })
      expect(await contactByNumber(env(), companyId, '5511987650000')).toBeNull()

      // WhatsApp knows this one without the ninth digit: stored as usual, sends use WhatsApp's number.
      const older = await row('5531988887777')
      expect(older.status).toBe(201)
      expect(await contactByNumber(env(), companyId, '5531988887777')).toMatchObject({ waNumber: '553188887777' })

      // A number the company has is answered as is, without asking WhatsApp again.
      const asked = phone.numberLookups.length
      const again = await row('5511987650001', { name: 'Outro nome' })
      expect({ status: again.status, name: again.body.name }).toEqual({ status: 200, name: 'Pessoa' })
      expect(phone.numberLookups.length).toBe(asked)

      // Another company's sessions never answer for this one.
      const other = await createCompany(env())
      const foreign = await call(env(), 'POST', '/contactsImport', { token: other.adminToken, json: { name: 'X', number: '5511987650002', validateContact: true } })
      expect(foreign.body.error).toBe('ERR_WAPP_CHECK_CONTACT')
    } finally {
      env().services.numbers = before
      await host.stop()
    }
  })

  test('an API process without sessions asks the worker that holds one through the database', async () => {
    // Embedded PGlite is one connection held by the request: there the workers always run in the API's
    // process and answer directly (services.ts sets no database checker), so this path is Postgres's.
    if (env().backend !== 'postgres') return expect(env().services.numbers).toBeUndefined()
    const { adminToken, companyId } = await createCompany(env())
    const phone = new CheckingPhone()
    const host = await sessionFor(env(), companyId, phone)
    phone.open()
    const before = env().services.numbers
    env().services.numbers = numberChecksThroughDatabase(env().services.db, { timeoutMs: 5_000, pollMs: 10 })
    let running = true
    const answering = (async () => {
      while (running) {
        const worker = { owner: host.owner, companies: host.sessionCompanies(), check: (c: number, n: string) => host.checkNumber(c, n) }
        await answerNumberChecks(env().services.db, worker, new Date())
        await Bun.sleep(10)
      }
    })()
    try {
      const created = await call(env(), 'POST', '/contactsImport', { token: adminToken, json: { name: 'Via banco', number: '5511987652001', validateContact: true } })
      expect(created.status).toBe(201)
      const absent = await call(env(), 'POST', '/contactsImport', { token: adminToken, json: { name: 'Sem conta', number: '5511987652000', validateContact: true } })
      expect(absent.body.error).toBe('ERR_WAPP_INVALID_CONTACT')
      expect(phone.numberLookups.flat()).toEqual(['5511987652001', '5511987652000'])
    } finally {
      running = false
      await answering
      env().services.numbers = before
      await host.stop()
    }
  })

  test('the upload imports only the chosen rows and puts the tags column on the new contacts', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const csv = ['Nome;Telefone;Tags', 'Ana;5511987651001;VIP, Lead', 'Bia;5511987651002;Lead', 'Caio;5511987651003;VIP', 'Dora;5511987651004;'].join('\n')
    const send = (fields: Record<string, string>) =>
      call(env(), 'POST', '/contacts/upload', { token: adminToken, form: formWith('file', csv, 'c.csv', 'text/csv', fields) })
    await withSystem(env().services.db, (tx) => tx`insert into tags (company_id, name, color) values (${companyId}, 'vip', '#000000')`)

    const res = await send({ name: 'Nome', number: 'Telefone', tags: 'Tags', rows: JSON.stringify([0, 2, 3, 0]) })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ created: 3, duplicated: 0, invalid: 0, ignored: 0, total: 3 })
    expect(await contactByNumber(env(), companyId, '5511987651001')).toMatchObject({ tags: ['Lead', 'vip'] })
    expect(await contactByNumber(env(), companyId, '5511987651002')).toBeNull()
    expect(await contactByNumber(env(), companyId, '5511987651003')).toMatchObject({ tags: ['vip'] })
    expect(await contactByNumber(env(), companyId, '5511987651004')).toMatchObject({ tags: [] })
    const [{ n }] = await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from tags where company_id = ${companyId}`)
    expect(n).toBe(2)

    for (const rows of ['[9]', 'not json', '[-1]']) {
      const bad = await send({ name: 'Nome', number: 'Telefone', rows })
      expect({ rows, status: bad.status, error: bad.body.error }).toEqual({ rows, status: 400, error: 'ERR_VALIDATION' })
    }
    expect(await contactByNumber(env(), companyId, '5511987651002')).toBeNull()
  })
})
