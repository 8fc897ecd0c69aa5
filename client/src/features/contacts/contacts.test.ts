import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { live } from '@electric-sql/pglite/live'
import { IDBFactory } from 'fake-indexeddb'
import { blockContactSchema, createContactSchema, updateContactSchema } from '../../../../server/routes/contacts.schema.ts'
import { linkOutbox } from '../../../../sync/client/optimistic.ts'
import { openOutbox, type Outbox } from '../../../../sync/client/outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { CONTACT_EXPORT_PAGE_SIZE, contactsCsv, csvCell } from './contact-export.ts'
import { contactFormProblems, contactRequestBody, newContactValues, type ContactFormValues } from './contact-form.ts'
import { guessMapping, mappingProblems, previewRows, readContactFile, type ContactFile } from './contact-import.ts'
import {
  contactListQuery, contactLookupQuery, queueCreateContact, queueDeleteContact, queueSetContactActive, queueUpdateContact, readContacts, toContactListItem,
  type ContactListItem,
} from './contacts.ts'

let pg: PGlite & { live: import('@electric-sql/pglite/live').LiveNamespace }
beforeAll(async () => {
  pg = await PGlite.create('memory://', { extensions: { live } })
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from contacts; delete from contact_tags; delete from tags; delete from local_writes; delete from synced_txids;`)
  await pg.exec(`insert into contacts (id, company_id, name, number, email, active, channel, is_group) values
    (1, 1, 'bruno', '5511911110001', 'bruno@x.com', true, 'whatsapp', false),
    (2, 1, 'Ana Paula', '5511922220002', '', true, 'whatsapp', false),
    (3, 1, 'Caio', '5521933330003', 'caio_100%@y.com', false, 'whatsapp', false);
    insert into tags (id, company_id, name, color) values (1, 1, 'VIP', '#f00'), (2, 1, 'Atacado', '#0f0');
    insert into contact_tags (company_id, contact_id, tag_id) values (1, 1, 1), (1, 1, 2)`)
})

async function list(search = '', limit = 100): Promise<ContactListItem[]> {
  return readContacts(pg, { search, limit })
}

/** An outbox that never sends (offline), or answers every request with `answer`. */
function outbox(answer?: () => Response): Promise<Outbox> {
  return openOutbox({
    userKey: crypto.randomUUID(),
    baseUrl: 'http://api.test',
    fetch: async () => (answer ? answer() : Promise.reject(new TypeError('offline'))),
    indexedDB: new IDBFactory(),
    getToken: async () => 't',
    connectivity: answer ? null : { isOnline: () => false, subscribe: () => () => {} },
    lock: null,
    channel: null,
  })
}

const values = (over: Partial<ContactFormValues> = {}): ContactFormValues => ({ name: ' Dora Lima ', number: '+55 (11) 98765-4321', email: 'Dora@X.com ', ...over })

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(5)
  }
}

describe('contact form', () => {
  test('name, number and a valid email pass; the email may be empty', () => {
    expect(contactFormProblems(values())).toEqual({})
    expect(contactFormProblems(values({ email: '' }))).toEqual({})
  })

  test('the name is required, 2 to 250 characters', () => {
    expect(contactFormProblems(values({ name: ' ' })).name).toBe('validation.required')
    expect(contactFormProblems(values({ name: 'A' })).name).toBe('validation.tooShort')
    expect(contactFormProblems(values({ name: 'a'.repeat(251) })).name).toBe('validation.tooLong')
  })

  test('the number takes digits only (spaces, dashes, parentheses and + aside), 8 to 50 of them', () => {
    expect(contactFormProblems(values({ number: '' })).number).toBe('validation.required')
    expect(contactFormProblems(values({ number: '11 9abc' })).number).toBe('contacts.validation.numberDigits')
    expect(contactFormProblems(values({ number: '1234-567' })).number).toBe('validation.tooShort')
    expect(contactFormProblems(values({ number: '1'.repeat(51) })).number).toBe('validation.tooLong')
  })

  test('an email given must be valid', () => {
    expect(contactFormProblems(values({ email: 'dora@' })).email).toBe('validation.invalidEmail')
  })

  test('the body carries the digits, the trimmed name and the lowercase email, as POST /contacts takes it', () => {
    const body = contactRequestBody(values())
    expect(body).toEqual({ name: 'Dora Lima', number: '5511987654321', email: 'dora@x.com' })
    expect(createContactSchema.safeParse(body).success).toBe(true)
    expect(newContactValues()).toEqual({ name: '', number: '', email: '', tagIds: [] })
  })

  test('the tags chosen in the dialog travel with the contact; without the field they are left alone', () => {
    const body = contactRequestBody(values({ tagIds: [3, 7] }))
    expect(body.tags).toEqual([3, 7])
    expect(createContactSchema.parse(body).tags).toEqual([3, 7])
    expect('tags' in contactRequestBody(values())).toBe(false)
  })
})

describe('contactListQuery', () => {
  test('lists the synced contacts by name, case-insensitively, with their tags and status', async () => {
    const contacts = await list()
    expect(contacts.map((c) => c.name)).toEqual(['Ana Paula', 'bruno', 'Caio'])
    expect(contacts[1]).toMatchObject({ key: '1', id: 1, number: '5511911110001', email: 'bruno@x.com', active: true, pending: false, error: null })
    expect(contacts[1].tags.map((t) => t.name)).toEqual(['Atacado', 'VIP'])
    expect(contacts[2]).toMatchObject({ active: false, tags: [] })
  })

  test('searches name or email in lowercase, and the number by its digits', async () => {
    expect((await list('ANA')).map((c) => c.id)).toEqual([2])
    expect((await list('y.com')).map((c) => c.id)).toEqual([3])
    expect((await list('21 9333')).map((c) => c.id)).toEqual([3])
    expect((await list('_100%')).map((c) => c.id)).toEqual([3])
    expect((await list('  ')).length).toBe(3)
  })

  test('reads one window of the list at a time', async () => {
    expect((await readContacts(pg, { search: '', limit: 2 })).map((c) => c.id)).toEqual([2, 1])
    expect((await readContacts(pg, { search: '', limit: 2, offset: 2 })).map((c) => c.id)).toEqual([3])
    expect(contactListQuery({ search: 'x', limit: 5 }).params.at(-2)).toBe(5)
  })
})

describe('writes through the outbox', () => {
  test('a contact created offline shows at once, pending, with the body POST /contacts accepts', async () => {
    const box = await outbox()
    const clientId = await queueCreateContact({ pg, outbox: box }, 1, values({ tagIds: [1] }))
    const created = (await list()).find((c) => c.name === 'Dora Lima')!
    expect(created).toMatchObject({ key: `local-${clientId}`, id: null, clientId, number: '5511987654321', email: 'dora@x.com', active: true, pending: true, error: null })
    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ id: clientId, method: 'POST', path: '/contacts', body: { tags: [1] } })
    expect(createContactSchema.safeParse(write.body).success).toBe(true)
    box.close()
  })

  test('an edit overlays the row at once', async () => {
    const box = await outbox()
    await queueUpdateContact({ pg, outbox: box }, 2, values({ name: 'Ana Maria', number: '5511922220002', email: '' }))
    expect((await list()).find((c) => c.id === 2)).toMatchObject({ name: 'Ana Maria', email: '', pending: true })
    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ method: 'PUT', path: '/contacts/2' })
    expect(updateContactSchema.safeParse(write.body).success).toBe(true)
    box.close()
  })

  test('block and unblock change the status at once through PUT /contacts/block/{id}', async () => {
    const box = await outbox()
    await queueSetContactActive({ pg, outbox: box }, 1, false)
    await queueSetContactActive({ pg, outbox: box }, 3, true)
    const byId = new Map((await list()).map((c) => [c.id, c]))
    expect(byId.get(1)).toMatchObject({ active: false, pending: true })
    expect(byId.get(3)).toMatchObject({ active: true, pending: true })
    const writes = box.snapshot().writes
    expect(writes.map((w) => [w.method, w.path])).toEqual([['PUT', '/contacts/block/1'], ['PUT', '/contacts/block/3']])
    expect(blockContactSchema.parse(writes[0].body)).toEqual({ active: false })
    box.close()
  })

  test('a delete hides the row at once', async () => {
    const box = await outbox()
    await queueDeleteContact({ pg, outbox: box }, 3)
    expect((await list()).map((c) => c.id)).toEqual([2, 1])
    expect(box.snapshot().writes[0]).toMatchObject({ method: 'DELETE', path: '/contacts/3' })
    box.close()
  })

  test('a duplicate number the server refuses stays, marked ERR_DUPLICATED_CONTACT, until discarded', async () => {
    const box = await outbox(() => new Response(JSON.stringify({ error: 'ERR_DUPLICATED_CONTACT' }), { status: 409 }))
    const unlink = await linkOutbox(box, pg)
    const clientId = await queueCreateContact({ pg, outbox: box }, 1, values({ number: '5511911110001' }))
    await until(async () => (await list()).some((c) => c.error === 'ERR_DUPLICATED_CONTACT'))
    expect((await list()).find((c) => c.clientId === clientId)).toMatchObject({ pending: true, error: 'ERR_DUPLICATED_CONTACT' })
    await box.discard(clientId)
    await until(async () => !(await list()).some((c) => c.clientId === clientId))
    unlink()
    box.close()
  })
})

describe('CSV export', () => {
  test('writes the filtered contacts with a header, in pages of 20 rows', async () => {
    expect(CONTACT_EXPORT_PAGE_SIZE).toBe(20)
    await pg.exec(`insert into contacts (id, company_id, name, number, active) select 100 + g, 1, 'Lote ' || lpad(g::text, 2, '0'), '55119000000' || lpad(g::text, 2, '0'), true from generate_series(1, 45) g`)
    const csv = await contactsCsv(pg, 'lote')
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe('name,number,email,tags,active')
    expect(lines.length).toBe(46)
    expect(lines[1]).toBe('Lote 01,5511900000001,,,true')
    expect(lines[45]).toBe('Lote 45,5511900000045,,,true')
  })

  test('quotes cells with separators and tags, and leaves pending creations out', async () => {
    const box = await outbox()
    await queueCreateContact({ pg, outbox: box }, 1, values())
    const lines = (await contactsCsv(pg, '')).trimEnd().split('\r\n')
    expect(lines).toEqual(['name,number,email,tags,active', 'Ana Paula,5511922220002,,,true', 'bruno,5511911110001,bruno@x.com,"Atacado, VIP",true', 'Caio,5521933330003,caio_100%@y.com,,false'])
    box.close()
  })

  test('defuses spreadsheet formulas but keeps phone numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+5511987654321')).toBe('+5511987654321')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
  })
})

describe('contact import', () => {
  const table: ContactFile = { columns: ['Nome', 'Telefone', 'E-mail', 'Cidade'], rows: [['Ana', '5511911110001', 'ana@x.com', 'SP'], ['Bia', '5511911110002', '', 'RJ']] }

  test('guesses the mapping from the column names', () => {
    expect(guessMapping(table.columns)).toEqual({ name: 'Nome', number: 'Telefone', email: 'E-mail', tags: '' })
    expect(guessMapping(['Número', 'Cliente'])).toEqual({ name: 'Cliente', number: 'Número', email: '', tags: '' })
    expect(guessMapping(['a', 'b', 'Etiquetas'])).toEqual({ name: '', number: '', email: '', tags: 'Etiquetas' })
  })

  test('name and number must be mapped', () => {
    expect(mappingProblems(table, { name: '', number: '', email: '', tags: '' })).toEqual({ name: 'contactsImport.errors.noName', number: 'contactsImport.errors.noNumber' })
    expect(mappingProblems(table, { name: 'Nome', number: 'Telefone', email: '', tags: '' })).toEqual({})
  })

  test('a column cannot be mapped twice', () => {
    expect(mappingProblems(table, { name: 'Nome', number: 'Nome', email: '', tags: '' })).toEqual({ number: 'contactsImport.errors.columnTwice' })
  })

  test('a file without data rows has no contact to import', () => {
    expect(mappingProblems({ columns: table.columns, rows: [] }, guessMapping(table.columns))).toEqual({ rows: 'contactsImport.errors.noContacts' })
  })

  test('the preview shows the mapped cells of the first rows', () => {
    expect(previewRows(table, { name: 'Nome', number: 'Telefone', email: '', tags: 'Cidade' })).toEqual([
      { name: 'Ana', number: '5511911110001', email: '', tags: 'SP' },
      { name: 'Bia', number: '5511911110002', email: '', tags: 'RJ' },
    ])
  })

  test('reads a chosen CSV file with the server reader, and refuses other types as ERR_INVALID_FILE_TYPE', async () => {
    const file = new File(['nome;numero\nAna;5511911110001\nBia;5511911110002\n'], 'contatos.csv', { type: 'text/csv' })
    expect(await readContactFile(file)).toEqual({ columns: ['nome', 'numero'], rows: [['Ana', '5511911110001'], ['Bia', '5511911110002']] })
    await expect(readContactFile(new File(['x'], 'contatos.pdf'))).rejects.toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' })
  })
})

test('toContactListItem reads tags given as JSON text', () => {
  const item = toContactListItem({ id: 9, client_id: null, pending: false, error: null, name: null, number: null, email: null, active: null, is_group: null, tags: '[{"id":1,"name":"VIP","color":"#f00"}]' })
  expect(item).toMatchObject({ key: '9', name: '', active: true, isGroup: false, tags: [{ id: 1, name: 'VIP', color: '#f00' }] })
})

describe('contact look-up', () => {
  const lookup = async (term: string) => {
    const q = contactLookupQuery(term)
    return (await pg.query<{ name: string }>(q.sql, q.params)).rows.map((r) => r.name)
  }

  test('finds by any part of the name, case aside, or of the number', async () => {
    expect(await lookup('PAU')).toEqual(['Ana Paula'])
    expect(await lookup('2193333')).toEqual(['Caio'])
    expect(await lookup('O')).toEqual(['bruno', 'Caio'])
  })

  test('takes % and _ literally', async () => {
    expect(await lookup('%')).toEqual([])
    expect(await lookup('_')).toEqual([])
  })
})
