import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser, uniq } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'

/** A Brazilian mobile, written with its ninth digit; each call gives a new one. */
let seq = 0
const mobile = () => `55119${String(87000000 + ++seq * 7 + Math.floor(Math.random() * 5)).padStart(8, '0')}`

async function newContact(env: TestEnv, token: string, fields: Record<string, unknown> = {}) {
  const res = await call(env, 'POST', '/contacts', { token, json: { name: uniq('Cliente '), number: mobile(), ...fields } })
  if (res.status !== 201) throw new Error(`create contact: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as { id: number; number: string; name: string }
}

async function hideNumbers(env: TestEnv, companyId: number) {
  await withSystem(env.services.db, (tx) => tx`update company_settings set lgpd_hide_number = 'enabled' where company_id = ${companyId}`)
}

async function createTag(env: TestEnv, companyId: number, name = uniq('Tag ')) {
  return withSystem(env.services.db, async (tx) => {
    const [t] = await tx<{ id: number }[]>`insert into tags (company_id, name, color) values (${companyId}, ${name}, '#00ff00') returning id`
    return t.id
  })
}

describeEachBackend('contacts', (env) => {
  test('create normalises the number, keeps email and extraInfo, and shows with defaults', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const res = await call(env(), 'POST', '/contacts', {
      token: adminToken,
      json: { name: 'Maria Souza', number: '+55 (11) 8765-4321', email: 'Maria@Example.com', companyId: 999, extraInfo: [{ name: 'CPF', value: '123' }] },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Maria Souza',
      number: '5511987654321',
      email: 'maria@example.com',
      companyId,
      active: true,
      acceptAudioMessage: true,
      disableBot: false,
      channel: 'whatsapp',
      isGroup: false,
      tags: [],
    })
    expect(res.body.extraInfo).toEqual([{ id: expect.any(Number), name: 'CPF', value: '123' }])
    expect(res.body.lid).toBeUndefined()
    const shown = await call(env(), 'GET', `/contacts/${res.body.id}`, { token: adminToken })
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ id: res.body.id, number: '5511987654321' })
  })

  test('validation answers 400 with the form messages', async () => {
    const { adminToken } = await createCompany(env())
    const res = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'A', number: '123', email: 'nope' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('ERR_VALIDATION')
    const byField = Object.fromEntries(res.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]))
    expect(byField).toEqual({ name: 'Too Short!', number: 'Too Short!', email: 'Invalid email' })
    const missing = await call(env(), 'POST', '/contacts', { token: adminToken, json: {} })
    expect(missing.body.fields.map((f: { message: string }) => f.message)).toEqual(['Required', 'Required'])
    const long = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'x'.repeat(251), number: '1'.repeat(51) } })
    expect(long.body.fields.map((f: { message: string }) => f.message)).toEqual(['Too Long!', 'Too Long!'])
    const implausible = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Ana', number: '00000000000' } })
    expect(implausible.status).toBe(400)
    expect(implausible.body.fields).toEqual([{ field: 'number', message: 'Invalid number' }])
    const badExtra = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Ana', number: mobile(), extraInfo: [{ name: '', value: 'x' }] } })
    expect(badExtra.status).toBe(400)
    const badJson = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Ana', number: mobile(), disableBot: 'yes' } })
    expect(badJson.status).toBe(400)
  })

  test('a number with or without the ninth digit is the same contact: 409 ERR_DUPLICATED_CONTACT', async () => {
    const { adminToken } = await createCompany(env())
    const first = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Joao', number: '5521998765432' } })
    expect(first.status).toBe(201)
    const dup = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Joao 2', number: '552198765432' } })
    expect(dup.status).toBe(409)
    expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT')
    const other = await newContact(env(), adminToken)
    const upd = await call(env(), 'PUT', `/contacts/${other.id}`, { token: adminToken, json: { number: '55 21 9876-5432' } })
    expect(upd.status).toBe(409)
    expect(upd.body.error).toBe('ERR_DUPLICATED_CONTACT')
    // Another company may hold the same number.
    const b = await createCompany(env())
    const elsewhere = await call(env(), 'POST', '/contacts', { token: b.adminToken, json: { name: 'Joao', number: '552198765432' } })
    expect(elsewhere.status).toBe(201)
    expect(elsewhere.body.number).toBe('5521998765432')
  })

  test('update changes fields and replaces extraInfo as a set', async () => {
    const { adminToken } = await createCompany(env())
    const created = await call(env(), 'POST', '/contacts', {
      token: adminToken,
      json: { name: 'Carla', number: mobile(), extraInfo: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] },
    })
    const [a] = created.body.extraInfo
    const number = mobile()
    const res = await call(env(), 'PUT', `/contacts/${created.body.id}`, {
      token: adminToken,
      json: { name: 'Carla Lima', number, email: '', disableBot: true, acceptAudioMessage: false, extraInfo: [{ id: a.id, name: 'A', value: '10' }, { name: 'C', value: '3' }] },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Carla Lima', number, email: '', disableBot: true, acceptAudioMessage: false })
    expect(res.body.extraInfo.map((f: { name: string; value: string }) => [f.name, f.value])).toEqual([['A', '10'], ['C', '3']])
    expect(res.body.extraInfo[0].id).toBe(a.id)
    const cleared = await call(env(), 'PUT', `/contacts/${created.body.id}`, { token: adminToken, json: { extraInfo: [] } })
    expect(cleared.body.extraInfo).toEqual([])
    expect(cleared.body.name).toBe('Carla Lima')
    const missing = await call(env(), 'PUT', '/contacts/2147483000', { token: adminToken, json: { name: 'Nobody' } })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('ERR_NO_CONTACT_FOUND')
  })

  test('list pages by 20, searches name or number in lowercase, and filters by tag', async () => {
    const { adminToken, companyId } = await createCompany(env())
    for (let i = 0; i < 21; i++) await newContact(env(), adminToken, { name: `Pessoa ${String(i).padStart(2, '0')}` })
    const special = await newContact(env(), adminToken, { name: 'Zélia Especial', number: '5531987651111' })
    const page1 = await call(env(), 'GET', '/contacts?pageNumber=1', { token: adminToken })
    expect(page1.status).toBe(200)
    expect(page1.body.contacts).toHaveLength(20)
    expect(page1.body).toMatchObject({ count: 22, hasMore: true })
    const page2 = await call(env(), 'GET', '/contacts?pageNumber=2', { token: adminToken })
    expect(page2.body).toMatchObject({ count: 22, hasMore: false })
    expect(page2.body.contacts).toHaveLength(2)
    const byName = await call(env(), 'GET', '/contacts?searchParam=ZÉLIA', { token: adminToken })
    expect(byName.body.contacts.map((c: { id: number }) => c.id)).toEqual([special.id])
    const byNumber = await call(env(), 'GET', '/contacts?searchParam=8765-1111', { token: adminToken })
    expect(byNumber.body.contacts.map((c: { id: number }) => c.id)).toEqual([special.id])
    const tagId = await createTag(env(), companyId)
    await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { contactId: special.id, tags: [{ id: tagId }] } })
    const byTag = await call(env(), 'GET', `/contacts?contactTag=${encodeURIComponent(JSON.stringify([tagId]))}`, { token: adminToken })
    expect(byTag.body).toMatchObject({ count: 1 })
    expect(byTag.body.contacts[0].tags.map((t: { id: number }) => t.id)).toEqual([tagId])
    const badTag = await call(env(), 'GET', '/contacts?contactTag=notjson', { token: adminToken })
    expect(badTag.status).toBe(400)
    const options = await call(env(), 'GET', '/contacts/list?searchParam=pessoa', { token: adminToken })
    expect(options.status).toBe(200)
    expect(options.body).toHaveLength(21)
    expect(Object.keys(options.body[0]).sort()).toEqual(['channel', 'id', 'isGroup', 'name', 'number'])
  })

  test('block, unblock and the two toggles flip their flags and emit contact events', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => events.push(e))
    const c = await newContact(env(), adminToken)
    const blocked = await call(env(), 'PUT', `/contacts/block/${c.id}`, { token: adminToken, json: { active: false } })
    expect(blocked.status).toBe(200)
    expect(blocked.body.active).toBe(false)
    const unblocked = await call(env(), 'PUT', `/contacts/block/${c.id}`, { token: adminToken, json: { active: true } })
    expect(unblocked.body.active).toBe(true)
    const noBody = await call(env(), 'PUT', `/contacts/block/${c.id}`, { token: adminToken, json: {} })
    expect(noBody.status).toBe(400)
    const audio = await call(env(), 'PUT', `/contacts/toggleAcceptAudio/${c.id}`, { token: adminToken })
    expect(audio.body.acceptAudioMessage).toBe(false)
    expect((await call(env(), 'PUT', `/contacts/toggleAcceptAudio/${c.id}`, { token: adminToken })).body.acceptAudioMessage).toBe(true)
    const bot = await call(env(), 'PUT', `/contacts/toggleDisableBot/${c.id}`, { token: adminToken })
    expect(bot.body.disableBot).toBe(true)
    await call(env(), 'DELETE', `/contacts/${c.id}`, { token: adminToken })
    stop()
    const mine = events.filter((e) => e.type === 'contact' && e.companyId === companyId)
    expect(mine.map((e) => e.payload.action)).toEqual(['create', 'update', 'update', 'update', 'update', 'update', 'delete'])
    expect(mine[1].payload.contact).toMatchObject({ id: c.id, active: false })
    expect(mine[6].payload).toEqual({ action: 'delete', contactId: c.id })
    const gone = [`/contacts/block/${c.id}`, `/contacts/toggleAcceptAudio/${c.id}`, `/contacts/toggleDisableBot/${c.id}`]
    for (const path of [...gone, `/contacts/block/2147483000`, `/contacts/toggleAcceptAudio/2147483000`, `/contacts/toggleDisableBot/2147483000`]) {
      const res = await call(env(), 'PUT', path, { token: adminToken, json: { active: true } })
      expect(res.status).toBe(404)
    }
  })

  test('delete needs admin; the contact is then gone', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const plain = await createUser(env(), companyId)
    const c = await newContact(env(), adminToken)
    const refused = await call(env(), 'DELETE', `/contacts/${c.id}`, { token: plain.token })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe('ERR_NO_PERMISSION')
    const res = await call(env(), 'DELETE', `/contacts/${c.id}`, { token: adminToken })
    expect(res.status).toBe(200)
    expect((await call(env(), 'GET', `/contacts/${c.id}`, { token: adminToken })).status).toBe(404)
    expect((await call(env(), 'DELETE', `/contacts/${c.id}`, { token: adminToken })).status).toBe(404)
  })

  test('plain users work contacts; with lgpdHideNumber their answers carry masked numbers', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const plain = await createUser(env(), companyId)
    const c = await newContact(env(), adminToken, { name: 'Mascarado', number: '5511987659876' })
    expect((await call(env(), 'GET', `/contacts/${c.id}`, { token: plain.token })).body.number).toBe('5511987659876')
    await hideNumbers(env(), companyId)
    const masked = '***********76'
    expect((await call(env(), 'GET', `/contacts/${c.id}`, { token: plain.token })).body.number).toBe(masked)
    expect((await call(env(), 'GET', `/contacts/${c.id}`, { token: adminToken })).body.number).toBe('5511987659876')
    const list = await call(env(), 'GET', '/contacts?searchParam=mascarado', { token: plain.token })
    expect(list.body.contacts[0].number).toBe(masked)
    // A masked viewer cannot find a contact by its digits.
    expect((await call(env(), 'GET', '/contacts?searchParam=987659876', { token: plain.token })).body.count).toBe(0)
    expect((await call(env(), 'GET', '/contacts/list', { token: plain.token })).body[0].number).toBe(masked)
    // Sending the masked number back keeps the stored one.
    const upd = await call(env(), 'PUT', `/contacts/${c.id}`, { token: plain.token, json: { name: 'Mascarado 2', number: masked } })
    expect(upd.status).toBe(200)
    expect(upd.body).toMatchObject({ name: 'Mascarado 2', number: masked })
    expect((await call(env(), 'GET', `/contacts/${c.id}`, { token: adminToken })).body.number).toBe('5511987659876')
    for (const res of [
      await call(env(), 'PUT', `/contacts/block/${c.id}`, { token: plain.token, json: { active: false } }),
      await call(env(), 'PUT', `/contacts/toggleDisableBot/${c.id}`, { token: plain.token }),
      await call(env(), 'POST', '/contacts', { token: plain.token, json: { name: 'Novo', number: mobile() } }),
    ]) {
      expect(res.status).toBeLessThan(300)
      expect(res.body.number).toMatch(/^\*+\d\d$/)
    }
  })

  test("another company's contact is 404 everywhere", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const c = await newContact(env(), a.adminToken)
    const t = b.adminToken
    for (const [method, path, json] of [
      ['GET', `/contacts/${c.id}`, undefined],
      ['PUT', `/contacts/${c.id}`, { name: 'Hijack' }],
      ['DELETE', `/contacts/${c.id}`, undefined],
      ['PUT', `/contacts/block/${c.id}`, { active: false }],
      ['PUT', `/contacts/toggleAcceptAudio/${c.id}`, undefined],
      ['PUT', `/contacts/toggleDisableBot/${c.id}`, undefined],
      ['GET', `/contactTags/${c.id}`, undefined],
      ['POST', '/tags/sync', { contactId: c.id, tags: [] }],
      ['GET', `/contacts/profile/${c.number}`, undefined],
    ] as const) {
      const res = await call(env(), method, path, { token: t, json })
      expect(`${method} ${path} ${res.status} ${res.body.error}`).toBe(`${method} ${path} 404 ERR_NO_CONTACT_FOUND`)
    }
    expect((await call(env(), 'GET', '/contacts', { token: t })).body.count).toBe(0)
    const shown = await call(env(), 'GET', `/contacts/${c.id}`, { token: a.adminToken })
    expect(shown.body).toMatchObject({ name: c.name, active: true })
  })

  test('tags sync replaces the set; unknown or foreign tags are refused', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const other = await createCompany(env())
    const [t1, t2, t3] = [await createTag(env(), companyId), await createTag(env(), companyId), await createTag(env(), companyId)]
    const foreign = await createTag(env(), other.companyId)
    const c = await newContact(env(), adminToken)
    const first = await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { contactId: c.id, tags: [{ id: t1 }, { id: t2 }] } })
    expect(first.status).toBe(200)
    expect(first.body.tags.map((t: { id: number }) => t.id).sort()).toEqual([t1, t2].sort())
    const second = await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { contactId: c.id, tags: [t2, t3] } })
    expect(second.body.tags.map((t: { id: number }) => t.id).sort()).toEqual([t2, t3].sort())
    const listed = await call(env(), 'GET', `/contactTags/${c.id}`, { token: adminToken })
    expect(listed.body.tags.map((t: { id: number }) => t.id).sort()).toEqual([t2, t3].sort())
    const refused = await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { contactId: c.id, tags: [foreign] } })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('ERR_VALIDATION')
    const cleared = await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { contactId: c.id, tags: [] } })
    expect(cleared.body.tags).toEqual([])
    expect((await call(env(), 'POST', '/tags/sync', { token: adminToken, json: { tags: [] } })).status).toBe(400)
  })

  test('the contact dialog writes tags with the contact; an unknown tag refuses the whole write', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const other = await createCompany(env())
    const [t1, t2] = [await createTag(env(), companyId), await createTag(env(), companyId)]
    const foreign = await createTag(env(), other.companyId)
    const created = await newContact(env(), adminToken, { tags: [t1, { id: t2 }] })
    const listed = await call(env(), 'GET', `/contactTags/${created.id}`, { token: adminToken })
    expect(listed.body.tags.map((t: { id: number }) => t.id).sort()).toEqual([t1, t2].sort())
    const edited = await call(env(), 'PUT', `/contacts/${created.id}`, { token: adminToken, json: { name: 'Renomeado', tags: [t2] } })
    expect(edited.status).toBe(200)
    expect(edited.body.tags.map((t: { id: number }) => t.id)).toEqual([t2])
    const untouched = await call(env(), 'PUT', `/contacts/${created.id}`, { token: adminToken, json: { name: 'Sem tags no corpo' } })
    expect(untouched.body.tags.map((t: { id: number }) => t.id)).toEqual([t2])
    const number = mobile()
    const refused = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Recusado', number, tags: [foreign] } })
    expect({ status: refused.status, error: refused.body.error, fields: refused.body.fields }).toEqual({
      status: 400,
      error: 'ERR_VALIDATION',
      fields: [{ field: 'tags', message: 'Unknown tag' }],
    })
    const search = await call(env(), 'GET', `/contacts?searchParam=${number}`, { token: adminToken })
    expect(search.body.count).toBe(0)
    const refusedEdit = await call(env(), 'PUT', `/contacts/${created.id}`, { token: adminToken, json: { name: 'Não gravado', tags: [foreign] } })
    expect(refusedEdit.status).toBe(400)
    expect((await call(env(), 'GET', `/contacts/${created.id}`, { token: adminToken })).body.name).toBe('Sem tags no corpo')
  })

  test('profile lookup by number finds the contact with or without the ninth digit', async () => {
    const { adminToken } = await createCompany(env())
    const c = await newContact(env(), adminToken, { number: '5541987654000' })
    const res = await call(env(), 'GET', '/contacts/profile/554187654000', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ contactId: c.id, urlPicture: null })
    expect((await call(env(), 'GET', '/contacts/profile/5599999999999', { token: adminToken })).status).toBe(404)
  })

  test('every call needs a session', async () => {
    expect((await call(env(), 'GET', '/contacts')).status).toBe(401)
    expect((await call(env(), 'POST', '/tags/sync', { json: {} })).status).toBe(401)
    expect((await call(env(), 'GET', '/contactTags/1')).status).toBe(401)
  })
})
