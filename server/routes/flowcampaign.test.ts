import { describe, expect, test } from 'bun:test'
import type { DomainEvent } from '../domain/context.ts'
import { routeEvent } from '../realtime/route-event.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

/** Route tests make many calls; PGlite on a busy 2-core machine needs more than bun's 5 s. */
const SLOW = 30_000

function captureEvents(env: TestEnv) {
  const events: DomainEvent[] = []
  const stop = env.services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
  return { of: (type: string) => events.filter((e) => e.type === type), stop }
}

/** A company with a flow and a connection to point phrase campaigns at. */
async function setup(env: TestEnv) {
  const company = await createCompany(env)
  const flow = await call(env, 'POST', '/flowbuilder', { token: company.adminToken, json: { name: 'Promoção' } })
  const conn = await createConnection(env, company.companyId, { name: 'Loja' })
  return { ...company, flowId: flow.body.flow.id as number, whatsappId: conn.id }
}

describeEachBackend('phrase campaigns', (env) => {
  describe('create, read, update, delete', () => {
    test('POST creates an active campaign with its flow and connection names; GET lists it under `flow`; admins are told', async () => {
      const { companyId, adminToken, flowId, whatsappId } = await setup(env())
      const events = captureEvents(env())
      const res = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { name: ' Black Friday ', flowId, whatsappId, phrase: '  quero desconto ' } })
      events.stop()
      expect(res.status).toBe(201)
      expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'flowId', 'flowName', 'id', 'name', 'phrase', 'status', 'updatedAt', 'whatsappId', 'whatsappName'])
      expect(res.body).toMatchObject({ name: 'Black Friday', flowId, flowName: 'Promoção', whatsappId, whatsappName: 'Loja', phrase: 'quero desconto', status: true })
      expect((await call(env(), 'GET', `/flowcampaign/${res.body.id}`, { token: adminToken })).body).toEqual(res.body)
      expect((await call(env(), 'GET', '/flowcampaign', { token: adminToken })).body).toEqual({ flow: [res.body] })
      const [event] = events.of('flowcampaign')
      expect(event.payload).toEqual({ action: 'create', record: res.body })
      expect(routeEvent(event).audiences).toEqual([{ to: 'company', companyId, adminsOnly: true }])
    }, SLOW)

    test('whatsappId null (or left out) means every connection', async () => {
      const { adminToken, flowId } = await setup(env())
      const none = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { name: 'Todas', flowId, whatsappId: null, phrase: 'oi' } })
      expect(none.body).toMatchObject({ whatsappId: null, whatsappName: null })
      const absent = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { name: 'Todas 2', flowId, phrase: 'olá', status: false } })
      expect(absent.body).toMatchObject({ whatsappId: null, status: false })
    }, SLOW)

    test('PUT /flowcampaign {id, …} and PUT /flowcampaign/{id} change every field; DELETE removes it', async () => {
      const { companyId, adminToken, flowId, whatsappId } = await setup(env())
      const other = await call(env(), 'POST', '/flowbuilder', { token: adminToken, json: { name: 'Outro fluxo' } })
      const { body: created } = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { name: 'Antiga', flowId, whatsappId, phrase: 'a' } })
      const put = await call(env(), 'PUT', '/flowcampaign', { token: adminToken, json: { id: created.id, name: 'Nova', flowId: other.body.flow.id, whatsappId: null, phrase: 'b', status: false } })
      expect(put.status).toBe(200)
      expect(put.body).toMatchObject({ id: created.id, name: 'Nova', flowId: other.body.flow.id, flowName: 'Outro fluxo', whatsappId: null, phrase: 'b', status: false })
      const conn2 = await createConnection(env(), companyId)
      const byPath = await call(env(), 'PUT', `/flowcampaign/${created.id}`, { token: adminToken, json: { name: 'Nova', flowId, whatsappId: conn2.id, phrase: 'c', status: true } })
      expect(byPath.body).toMatchObject({ flowId, whatsappId: conn2.id, phrase: 'c', status: true })
      const mismatch = await call(env(), 'PUT', `/flowcampaign/${created.id}`, { token: adminToken, json: { id: created.id + 1, name: 'Nova', flowId, phrase: 'c' } })
      expect(mismatch.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'id' }] })
      const noId = await call(env(), 'PUT', '/flowcampaign', { token: adminToken, json: { name: 'Nova', flowId, phrase: 'c' } })
      expect(noId.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'id', message: 'Obrigatório' }] })
      const del = await call(env(), 'DELETE', `/flowcampaign/${created.id}`, { token: adminToken })
      expect(del.body).toEqual({ message: 'Frase deletada' })
      expect((await call(env(), 'GET', `/flowcampaign/${created.id}`, { token: adminToken })).status).toBe(404)
    }, SLOW)
  })

  test('name 2-50, flow and phrase required, the flow and connection must be the company’s, no NUL: 400 on the field', async () => {
    const { adminToken, flowId, whatsappId } = await setup(env())
    const foreign = await setup(env())
    const ok = { name: 'Válida', flowId, whatsappId, phrase: 'oi' }
    const cases: [Record<string, unknown>, { field: string; message: string }][] = [
      [{ name: '' }, { field: 'name', message: 'Obrigatório' }],
      [{ name: 'a' }, { field: 'name', message: 'Muito curto!' }],
      [{ name: 'x'.repeat(51) }, { field: 'name', message: 'Muito longo!' }],
      [{ flowId: undefined }, { field: 'flowId', message: 'Obrigatório' }],
      [{ flowId: foreign.flowId }, { field: 'flowId', message: 'Obrigatório' }],
      [{ whatsappId: foreign.whatsappId }, { field: 'whatsappId', message: 'Obrigatório' }],
      [{ phrase: '   ' }, { field: 'phrase', message: 'Obrigatório' }],
      [{ phrase: 'x'.repeat(201) }, { field: 'phrase', message: 'Muito longo!' }],
      [{ phrase: 'oi\u0000' }, { field: 'phrase', message: 'Caractere inválido' }],
    ]
    for (const [change, field] of cases) {
      const res = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { ...ok, ...change } })
      expect({ change, status: res.status, error: res.body.error, fields: res.body.fields }).toEqual({ change, status: 400, error: 'ERR_VALIDATION', fields: [field] })
    }
    expect((await call(env(), 'GET', '/flowcampaign', { token: adminToken })).body.flow).toEqual([])
  }, SLOW)

  test("another company's campaign is a 404", async () => {
    const a = await setup(env())
    const b = await setup(env())
    const { body: created } = await call(env(), 'POST', '/flowcampaign', { token: a.adminToken, json: { name: 'Da A', flowId: a.flowId, whatsappId: a.whatsappId, phrase: 'oi' } })
    for (const [method, path, json] of [
      ['GET', `/flowcampaign/${created.id}`, undefined], ['DELETE', `/flowcampaign/${created.id}`, undefined],
      ['PUT', `/flowcampaign/${created.id}`, { name: 'Roubo', flowId: b.flowId, whatsappId: null, phrase: 'x' }],
      ['PUT', '/flowcampaign', { id: created.id, name: 'Roubo', flowId: b.flowId, whatsappId: null, phrase: 'x' }],
    ] as const) {
      const res = await call(env(), method, path, { token: b.adminToken, json })
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 })
    }
    expect((await call(env(), 'GET', '/flowcampaign', { token: b.adminToken })).body.flow).toEqual([])
  }, SLOW)

  test('a plain user gets 403 on every route, delete included (contacts-page:deleteContact)', async () => {
    const { companyId, adminToken, flowId, whatsappId } = await setup(env())
    const { body: created } = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { name: 'Equipe', flowId, whatsappId, phrase: 'oi' } })
    const user = await createUser(env(), companyId)
    const body = { name: 'Minha', flowId, whatsappId, phrase: 'x' }
    for (const [method, path, json] of [
      ['GET', '/flowcampaign', undefined], ['GET', `/flowcampaign/${created.id}`, undefined], ['POST', '/flowcampaign', body],
      ['PUT', '/flowcampaign', { ...body, id: created.id }], ['PUT', `/flowcampaign/${created.id}`, body], ['DELETE', `/flowcampaign/${created.id}`, undefined],
    ] as const) {
      const res = await call(env(), method, path, { token: user.token, json })
      expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' })
    }
    expect((await call(env(), 'GET', `/flowcampaign/${created.id}`, { token: adminToken })).status).toBe(200)
  }, SLOW)
})
