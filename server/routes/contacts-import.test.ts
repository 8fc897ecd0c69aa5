import { expect, test } from 'bun:test'
import { utils, write } from '@e965/xlsx'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { formWith } from '../../test/files.ts'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'

/** The i-th Brazilian mobile of a test, as stored (13 digits, ninth digit present). */
const stored = (i: number) => `551198${String(i).padStart(7, '0')}`
/** The same number as people write it without the ninth digit: '+55 11 8xxx-xxxx'. */
const written = (i: number) => `+55 11 8${String(i).padStart(7, '0').replace(/(\d{3})(\d{4})$/, '$1-$2')}`

function upload(env: TestEnv, token: string, name: string, content: string | Uint8Array<ArrayBuffer>, mapping: Record<string, string> = {}) {
  return call(env, 'POST', '/contacts/upload', { token, form: formWith('file', content, name, 'text/csv', mapping) })
}

async function contactsOf(env: TestEnv, companyId: number): Promise<{ name: string; number: string; email: string }[]> {
  const rows = await withSystem(env.services.db, (tx) =>
    tx<{ name: string; number: string; email: string }[]>`select name, number, email from contacts where company_id = ${companyId} order by number`,
  )
  return [...rows]
}

async function newContact(env: TestEnv, token: string, name: string, number: string) {
  const res = await call(env, 'POST', '/contacts', { token, json: { name, number } })
  if (res.status !== 201) throw new Error(`create contact: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as { id: number; number: string }
}

describeEachBackend('contact import', (env) => {
  test('imports a 1,000-row csv and counts created, duplicated, invalid and ignored rows', async () => {
    const { adminToken, companyId } = await createCompany(env())
    await newContact(env(), adminToken, 'Já existe', stored(5))
    const lines = ['Nome;Telefone;E-mail']
    const expected = { created: 0, duplicated: 0, invalid: 0, ignored: 0, total: 1000 }
    for (let i = 0; i < 1000; i++) {
      if (i % 100 === 0) (lines.push(`;${stored(i)};`), expected.ignored++)
      else if (i % 100 === 1) (lines.push(`Sem número ${i};;`), expected.ignored++)
      else if (i % 100 === 2) (lines.push(`Inválido ${i};12-34;`), expected.invalid++)
      else if (i === 5) (lines.push(`Pessoa ${i};${stored(i)};`), expected.duplicated++) // already in the company
      else if (i >= 990) (lines.push(`Repetido ${i};${stored(i - 900)};`), expected.duplicated++) // rows 90-99, some written without the 9
      else (lines.push(`Pessoa ${i};${i % 2 ? written(i) : stored(i)};p${i}@Example.com`), expected.created++)
    }
    const res = await upload(env(), adminToken, 'contatos.csv', lines.join('\r\n'))
    expect(res.status).toBe(200)
    expect(res.body).toEqual(expected)
    expect(expected.created).toBe(959)
    const stored_ = await contactsOf(env(), companyId)
    expect(stored_).toHaveLength(expected.created + 1)
    expect(stored_.find((c) => c.number === stored(7))).toEqual({ name: 'Pessoa 7', number: stored(7), email: 'p7@example.com' })
    expect(stored_.find((c) => c.number === stored(5))?.name).toBe('Já existe')
    const list = await call(env(), 'GET', '/contacts', { token: adminToken })
    expect(list.body.count).toBe(expected.created + 1)
  })

  test('a second upload of the same file only counts duplicates', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const csv = 'name,number\n' + Array.from({ length: 50 }, (_, i) => `P${i},${stored(i)}`).join('\n')
    expect((await upload(env(), adminToken, 'a.csv', csv)).body).toEqual({ created: 50, duplicated: 0, invalid: 0, ignored: 0, total: 50 })
    expect((await upload(env(), adminToken, 'a.csv', csv)).body).toEqual({ created: 0, duplicated: 50, invalid: 0, ignored: 0, total: 50 })
    expect(await contactsOf(env(), companyId)).toHaveLength(50)
  })

  test('numbers without the Brazilian ninth digit are stored with it and match contacts that have it', async () => {
    const { adminToken, companyId } = await createCompany(env())
    await newContact(env(), adminToken, 'Joao', '5521998765432')
    const csv = 'Nome;Número\nJoao 2;55 21 9876-5432\nMaria;+55 (11) 8765-4321\nFixo;55 11 3456-7890\n'
    const res = await upload(env(), adminToken, 'c.txt', csv)
    expect(res.body).toEqual({ created: 2, duplicated: 1, invalid: 0, ignored: 0, total: 3 })
    expect((await contactsOf(env(), companyId)).map((c) => c.number)).toEqual(['551134567890', '5511987654321', '5521998765432'])
  })

  test("another company's contacts are neither matched nor changed", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    await newContact(env(), b.adminToken, 'Cliente de B', stored(1))
    const before = await contactsOf(env(), b.companyId)
    const res = await upload(env(), a.adminToken, 'c.csv', `Nome;Numero\nCliente de A;${stored(1)}\nOutro;${stored(2)}`)
    expect(res.body).toMatchObject({ created: 2, duplicated: 0 })
    expect(await contactsOf(env(), b.companyId)).toEqual(before)
    expect((await contactsOf(env(), a.companyId)).map((c) => c.name)).toEqual(['Cliente de A', 'Outro'])
  })

  test('the mapping picks the columns; without one they are guessed from the header', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const csv = `Apelido;Celular;Contato;Correio\nzz;${stored(1)};Ana;ana@x.com`
    const mapped = await upload(env(), adminToken, 'c.csv', csv, { name: 'Contato', number: 'Celular', email: 'Correio' })
    expect(mapped.body).toMatchObject({ created: 1 })
    const guessed = await upload(env(), adminToken, 'c.csv', `NOME,NÚMERO,email\nBia,${stored(2)},b@x.com`)
    expect(guessed.body).toMatchObject({ created: 1 })
    expect(await contactsOf(env(), companyId)).toEqual([
      { name: 'Ana', number: stored(1), email: 'ana@x.com' },
      { name: 'Bia', number: stored(2), email: 'b@x.com' },
    ])
  })

  test('a missing or doubled mapping is 400 ERR_VALIDATION naming the fields, and nothing is imported', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const csv = `col1;col2\nAna;${stored(1)}`
    const none = await upload(env(), adminToken, 'c.csv', csv)
    expect(none.status).toBe(400)
    expect(none.body.error).toBe('ERR_VALIDATION')
    expect(none.body.fields).toEqual([
      { field: 'name', message: 'No name field selected' },
      { field: 'number', message: 'No number field selected' },
    ])
    const onlyNumber = await upload(env(), adminToken, 'c.csv', csv, { number: 'col2' })
    expect(onlyNumber.body.fields).toEqual([{ field: 'name', message: 'No name field selected' }])
    const twice = await upload(env(), adminToken, 'c.csv', csv, { name: 'col1', number: 'col1' })
    expect(twice.status).toBe(400)
    expect(twice.body.fields).toEqual([{ field: 'number', message: 'Column already mapped' }])
    const unknown = await upload(env(), adminToken, 'c.csv', csv, { name: 'col1', number: 'Telefone' })
    expect(unknown.body.fields).toEqual([{ field: 'number', message: 'Unknown column' }])
    expect(await contactsOf(env(), companyId)).toEqual([])
  })

  test('reads an xlsx upload', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const book = utils.book_new()
    utils.book_append_sheet(book, utils.aoa_to_sheet([['Nome', 'Número'], ['Ana', Number(stored(1))], ['Bia', written(2)]]), 'Planilha1')
    const bytes = new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }))
    const res = await upload(env(), adminToken, 'contatos.xlsx', bytes)
    expect(res.body).toEqual({ created: 2, duplicated: 0, invalid: 0, ignored: 0, total: 2 })
    expect((await contactsOf(env(), companyId)).map((c) => c.number)).toEqual([stored(1), stored(2)])
  })

  test('an unreadable, missing or oversized file is refused without a 500', async () => {
    const { adminToken } = await createCompany(env())
    const garbage = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256)
    const bad = await upload(env(), adminToken, 'c.xlsx', garbage)
    expect({ status: bad.status, error: bad.body.error }).toEqual({ status: 400, error: 'ERR_INVALID_FILE_TYPE' })
    const pdf = await upload(env(), adminToken, 'c.pdf', 'Nome;Numero\n')
    expect(pdf.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const noFile = await call(env(), 'POST', '/contacts/upload', { token: adminToken, json: {} })
    expect({ status: noFile.status, error: noFile.body.error }).toEqual({ status: 400, error: 'ERR_VALIDATION' })
    const big = await upload(env(), adminToken, 'c.csv', 'Nome;Numero\n' + 'x'.repeat(6 * 1024 * 1024))
    expect({ status: big.status, error: big.body.error }).toEqual({ status: 413, error: 'ERR_FILE_TOO_LARGE' })
  })

  test('needs an admin (spec part 1 §6: import is admin-only), and admins get one import event', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const anonymous = await call(env(), 'POST', '/contacts/upload', { form: formWith('file', 'a,b', 'c.csv', 'text/csv') })
    expect(anonymous.status).toBe(401)
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => e.type === 'contact' && e.companyId === companyId && events.push(e))
    const user = await createUser(env(), companyId)
    const refused = await upload(env(), user.token, 'c.csv', `nome;numero\nAna;${stored(1)}\nBia;${stored(2)}`)
    expect(refused.status).toBe(403)
    expect(events).toEqual([])
    const res = await upload(env(), adminToken, 'c.csv', `nome;numero\nAna;${stored(1)}\nBia;${stored(2)}`)
    stop()
    expect(res.body).toMatchObject({ created: 2 })
    expect(events.map((e) => e.payload)).toEqual([{ action: 'import', created: 2, duplicated: 0, invalid: 0, ignored: 0, total: 2 }])
  })

  describeRow(env)
})

function describeRow(env: () => TestEnv) {
  test('POST /contactsImport creates the contact, then answers the same contact for its number', async () => {
    const { adminToken } = await createCompany(env())
    const created = await call(env(), 'POST', '/contactsImport', {
      token: adminToken,
      json: { name: 'Ana', number: written(1), email: 'Ana@X.com', validateContact: 'false' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Ana', number: stored(1), email: 'ana@x.com', channel: 'whatsapp' })
    const again = await call(env(), 'POST', '/contactsImport', { token: adminToken, json: { name: 'Outra', number: Number(stored(1)), email: '' } })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ id: created.body.id, name: 'Ana', number: stored(1) })
  })

  test('POST /contactsImport answers 400 for bad rows and 403 to a plain user', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const invalid = await call(env(), 'POST', '/contactsImport', { token: adminToken, json: { name: 'Ana', number: '00000000000' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.fields).toEqual([{ field: 'number', message: 'Invalid number' }])
    const missing = await call(env(), 'POST', '/contactsImport', { token: adminToken, json: { email: 'x' } })
    expect(missing.status).toBe(400)
    expect(missing.body.fields.map((f: { field: string }) => f.field)).toEqual(['name', 'number', 'email'])
    await newContact(env(), adminToken, 'Ana', stored(3))
    const user = await createUser(env(), companyId)
    const refused = await call(env(), 'POST', '/contactsImport', { token: user.token, json: { name: 'Bia', number: stored(4) } })
    expect(refused.status).toBe(403)
    const [{ n }] = await withSystem(env().services.db, (tx) => tx`select count(*)::int as n from contacts where company_id = ${companyId} and number = ${stored(4)}`)
    expect(n).toBe(0)
  })
}
