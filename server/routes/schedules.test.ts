import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

async function createContact(env: TestEnv, companyId: number, name = uniq('Maria ')) {
  return withSystem(env.services.db, async (tx) => {
    const [c] = await tx<{ id: number }[]>`
      insert into contacts ${tx({ companyId, name, number: String(5511900000000 + Math.floor(Math.random() * 1e7)), channel: 'simulator' })}
      returning id`
    return c.id
  })
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'lembrete.png', { type: 'image/png' })

describeEachBackend('schedules', (env) => {
  test('a schedule is created, shown, listed by contact and searched; a sendAt without offset is in the company time zone', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const maria = await createContact(env(), companyId, 'Maria Souza')
    const joao = await createContact(env(), companyId, 'João Lima')
    const created = await call(env(), 'POST', '/schedules', {
      token: adminToken,
      json: { body: 'Lembrete da consulta', contactId: maria, sendAt: '2026-11-21T10:00', intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 6, assinar: true },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      body: 'Lembrete da consulta', contactId: maria, status: 'PENDENTE', sentAt: null, openTicket: 'disabled', statusTicket: 'closed',
      intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 6, assinar: true, repeatCount: 0, contact: { id: maria, name: 'Maria Souza' },
    })
    // America/Sao_Paulo, the default company time zone, is UTC-3.
    expect(new Date(created.body.sendAt).toISOString()).toBe('2026-11-21T13:00:00.000Z')
    await call(env(), 'POST', '/schedules', { token: adminToken, json: { body: 'Pagamento amanhã', contactId: joao, sendAt: '2026-11-22T12:00:00Z' } })

    const shown = await call(env(), 'GET', `/schedules/${created.body.id}`, { token: adminToken })
    expect(shown.body.id).toBe(created.body.id)
    const all = await call(env(), 'GET', '/schedules', { token: adminToken })
    expect(all.body).toMatchObject({ count: 2, hasMore: false })
    expect(all.body.schedules.map((s: { contact: { name: string } }) => s.contact.name)).toEqual(['Maria Souza', 'João Lima'])
    const ofJoao = await call(env(), 'GET', `/schedules?contactId=${joao}`, { token: adminToken })
    expect(ofJoao.body.schedules.map((s: { body: string }) => s.body)).toEqual(['Pagamento amanhã'])
    const searched = await call(env(), 'GET', '/schedules?searchParam=CONSULTA', { token: adminToken })
    expect(searched.body.count).toBe(1)
  })

  test('missing fields are Obrigatório and a short text is Mensagem muito curta', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const missing = await call(env(), 'POST', '/schedules', { token: adminToken, json: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.fields).toEqual([
      { field: 'body', message: 'Obrigatório' },
      { field: 'contactId', message: 'Obrigatório' },
      { field: 'sendAt', message: 'Obrigatório' },
    ])
    const contactId = await createContact(env(), companyId)
    const short = await call(env(), 'POST', '/schedules', { token: adminToken, json: { body: 'oi', contactId, sendAt: '2026-11-21T10:00' } })
    expect(short.body.fields).toEqual([{ field: 'body', message: 'Mensagem muito curta' }])
  })

  test('interval, count and business-day rule out of range are refused', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const contactId = await createContact(env(), companyId)
    const bad = await call(env(), 'POST', '/schedules', {
      token: adminToken,
      json: { body: 'Lembrete', contactId, sendAt: '2026-11-21T10:00', intervalo: 5, valorIntervalo: -1, enviarQuantasVezes: 0, tipoDias: 7 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['enviarQuantasVezes', 'intervalo', 'tipoDias', 'valorIntervalo'])
  })

  test('a sent schedule cannot be edited nor its media changed, but may be deleted', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const contactId = await createContact(env(), companyId)
    const json = { body: 'Lembrete', contactId, sendAt: '2026-11-21T10:00' }
    const s = await call(env(), 'POST', '/schedules', { token: adminToken, json })
    await withSystem(env().services.db, (tx) => tx`update schedules set status = 'ENVIADA', sent_at = now() where id = ${s.body.id}`)
    const edit = await call(env(), 'PUT', `/schedules/${s.body.id}`, { token: adminToken, json: { ...json, body: 'Outro texto' } })
    expect(edit.status).toBe(400)
    expect(edit.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT')
    const form = new FormData()
    form.set('file', png())
    expect((await call(env(), 'POST', `/schedules/${s.body.id}/media-upload`, { token: adminToken, form })).body.error).toBe('ERR_SCHEDULE_ALREADY_SENT')
    expect((await call(env(), 'DELETE', `/schedules/${s.body.id}`, { token: adminToken })).status).toBe(200)
    expect((await call(env(), 'GET', `/schedules/${s.body.id}`, { token: adminToken })).status).toBe(404)
  })

  test('the author or an admin edits and deletes; another user only reads', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const ana = await createUser(env(), companyId)
    const bia = await createUser(env(), companyId)
    const contactId = await createContact(env(), companyId)
    const json = { body: 'Lembrete da Ana', contactId, sendAt: '2026-11-21T10:00' }
    const s = await call(env(), 'POST', '/schedules', { token: ana.token, json })
    expect(s.body.userId).toBe(ana.id)
    expect((await call(env(), 'GET', `/schedules/${s.body.id}`, { token: bia.token })).status).toBe(200)
    expect((await call(env(), 'PUT', `/schedules/${s.body.id}`, { token: bia.token, json })).status).toBe(403)
    expect((await call(env(), 'DELETE', `/schedules/${s.body.id}`, { token: bia.token })).status).toBe(403)
    const byAna = await call(env(), 'PUT', `/schedules/${s.body.id}`, { token: ana.token, json: { ...json, body: 'Lembrete mudado' } })
    expect(byAna.body.body).toBe('Lembrete mudado')
    const byAdmin = await call(env(), 'PUT', `/schedules/${s.body.id}`, { token: adminToken, json: { ...json, openTicket: 'enabled', statusTicket: 'open' } })
    expect(byAdmin.body).toMatchObject({ openTicket: 'enabled', statusTicket: 'open', userId: ana.id })
    expect((await call(env(), 'DELETE', `/schedules/${s.body.id}`, { token: adminToken })).status).toBe(200)
  })

  test('an image is uploaded and removed; other file types are refused', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const contactId = await createContact(env(), companyId)
    const s = await call(env(), 'POST', '/schedules', { token: adminToken, json: { body: 'Com imagem', contactId, sendAt: '2026-11-21T10:00' } })
    const form = new FormData()
    form.set('file', png())
    const up = await call(env(), 'POST', `/schedules/${s.body.id}/media-upload`, { token: adminToken, form })
    expect(up.status).toBe(200)
    expect(up.body.mediaName).toBe('lembrete.png')
    const pdf = new FormData()
    pdf.set('file', new File([new TextEncoder().encode('%PDF-1.4')], 'boleto.pdf', { type: 'application/pdf' }))
    const refused = await call(env(), 'POST', `/schedules/${s.body.id}/media-upload`, { token: adminToken, form: pdf })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const removed = await call(env(), 'DELETE', `/schedules/${s.body.id}/media-upload`, { token: adminToken })
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null })
  })

  test('without useSchedules in the plan every schedule route is refused as other plan features are', async () => {
    const { companyId, adminToken } = await createCompany(env(), { plan: { useSchedules: false } })
    const contactId = await createContact(env(), companyId)
    const list = await call(env(), 'GET', '/schedules', { token: adminToken })
    expect(list.status).toBe(403)
    expect(list.body.error).toBe('ERR_PLAN_FEATURE_DISABLED')
    const create = await call(env(), 'POST', '/schedules', { token: adminToken, json: { body: 'Lembrete', contactId, sendAt: '2026-11-21T10:00' } })
    expect(create.body.error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })

  test('another company neither sees a schedule nor schedules for its contacts', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const contactId = await createContact(env(), companyId)
    const s = await call(env(), 'POST', '/schedules', { token: adminToken, json: { body: 'Só nossa', contactId, sendAt: '2026-11-21T10:00' } })
    const other = await createCompany(env())
    expect((await call(env(), 'GET', `/schedules/${s.body.id}`, { token: other.adminToken })).status).toBe(404)
    expect((await call(env(), 'DELETE', `/schedules/${s.body.id}`, { token: other.adminToken })).status).toBe(404)
    expect((await call(env(), 'GET', '/schedules', { token: other.adminToken })).body.count).toBe(0)
    const foreign = await call(env(), 'POST', '/schedules', { token: other.adminToken, json: { body: 'Contato alheio', contactId, sendAt: '2026-11-21T10:00' } })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toBe('ERR_NO_CONTACT_FOUND')
  })
})
