import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { call } from '../../test/http.ts'
import { startFakeDialogflow } from '../../test/fake-dialogflow.ts'

const SLOW = 30_000
const sys = <T>(env: TestEnv, fn: (tx: any) => Promise<T>): Promise<T> => withSystem(env.services.db, fn)
const SECRET = '{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----abc"}'

async function newFlow(env: TestEnv, token: string, name = 'Boas-vindas') {
  return (await call(env, 'POST', '/flowbuilder', { token, json: { name } })).body.flow as { id: number }
}
const add = (env: TestEnv, token: string, json: Record<string, unknown>) => call(env, 'POST', '/queueIntegration', { token, json })
const fieldsOf = (body: any) => (body.fields ?? []).map((f: { field: string }) => f.field).sort()

describeEachBackend('queue integrations (issue 22 first slice)', (env) => {
  test('an admin adds, lists, searches, edits and deletes; projectName follows the name for n8n, webhook, typebot and flowbuilder', async () => {
    const { adminToken } = await createCompany(env())
    const flow = await newFlow(env(), adminToken)
    const typebot = await add(env(), adminToken, { type: 'typebot', name: 'Typebot vendas', projectName: 'x', urlN8N: 'https://bot.example.com', typebotSlug: 'vendas' })
    expect(typebot.status).toBe(201)
    expect(typebot.body).toMatchObject({ type: 'typebot', name: 'Typebot vendas', projectName: 'Typebot vendas', typebotSlug: 'vendas', typebotDelayMessage: 1000, typebotExpires: 1, urlN8N: 'https://bot.example.com', flowId: null, hasJsonContent: false })
    const fb = await add(env(), adminToken, { type: 'flowbuilder', name: 'Fluxo inicial', flowId: flow.id, urlN8N: '' })
    expect(fb.status).toBe(201)
    expect(fb.body).toMatchObject({ type: 'flowbuilder', projectName: 'Fluxo inicial', flowId: flow.id })
    const list = await call(env(), 'GET', '/queueIntegration/?searchParam=FLUXO', { token: adminToken })
    expect(list.body).toEqual({ queueIntegrations: [expect.objectContaining({ id: fb.body.id })], hasMore: false })
    const edited = await call(env(), 'PUT', `/queueIntegration/${typebot.body.id}`, { token: adminToken, json: { type: 'n8n', name: 'N8N vendas', urlN8N: 'http://n8n.local/hook' } })
    expect(edited.body).toMatchObject({ type: 'n8n', projectName: 'N8N vendas', urlN8N: 'http://n8n.local/hook' })
    expect((await call(env(), 'GET', `/queueIntegration/${typebot.body.id}`, { token: adminToken })).body.name).toBe('N8N vendas')
    expect((await call(env(), 'DELETE', `/queueIntegration/${typebot.body.id}`, { token: adminToken })).status).toBe(200)
    expect((await call(env(), 'GET', `/queueIntegration/${typebot.body.id}`, { token: adminToken })).status).toBe(404)
  }, SLOW)

  test("each type's required fields; another company's flow is refused; a taken name is 409", async () => {
    const { adminToken } = await createCompany(env())
    const other = await createCompany(env())
    const foreign = await newFlow(env(), other.adminToken)
    const cases: [Record<string, unknown>, string[]][] = [
      [{ type: 'n8n', name: 'A1' }, ['urlN8N']],
      [{ type: 'webhook', name: 'A2', urlN8N: 'ftp://x' }, ['urlN8N']],
      [{ type: 'typebot', name: 'A3', urlN8N: 'https://t.io' }, ['typebotSlug']],
      [{ type: 'flowbuilder', name: 'A4' }, ['flowId']],
      [{ type: 'robot', name: 'A' }, ['name', 'type']],
      [{ type: 'dialogflow', name: 'A5', language: 'fr' }, ['language']],
    ]
    for (const [json, fields] of cases) {
      const res = await add(env(), adminToken, json)
      expect({ json, status: res.status, fields: fieldsOf(res.body) }).toEqual({ json, status: 400, fields })
    }
    const res = await add(env(), adminToken, { type: 'flowbuilder', name: 'Alheio', flowId: foreign.id })
    expect({ status: res.status, fields: fieldsOf(res.body) }).toEqual({ status: 400, fields: ['flowId'] })
    expect((await add(env(), adminToken, { type: 'webhook', name: 'Gancho', urlN8N: 'https://h.io' })).status).toBe(201)
    const twice = await add(env(), adminToken, { type: 'webhook', name: 'Gancho', urlN8N: 'https://h.io' })
    expect({ status: twice.status, error: twice.body.error, field: twice.body.field }).toEqual({ status: 409, error: 'ERR_NAME_ALREADY_EXISTS', field: 'name' })
  }, SLOW)

  test('Dialogflow credentials are never answered nor emitted, and a blank edit keeps them', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
    try {
      const res = await add(env(), adminToken, { type: 'dialogflow', name: 'Dialog', projectName: 'proj-1', jsonContent: SECRET, language: 'es' })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ projectName: 'proj-1', language: 'es', hasJsonContent: true })
      const edit = await call(env(), 'PUT', `/queueIntegration/${res.body.id}`, { token: adminToken, json: { type: 'dialogflow', name: 'Dialog 2', projectName: 'proj-2', jsonContent: '' } })
      expect(edit.body.hasJsonContent).toBe(true)
      const [row] = await sys<any>(env(), (tx) => tx`select json_content from queue_integrations where id = ${res.body.id}`)
      expect(row.jsonContent).toBe(SECRET)
      const answers = JSON.stringify([res.body, edit.body, (await call(env(), 'GET', '/queueIntegration/', { token: adminToken })).body])
      expect(answers).not.toContain('private_key')
      const sent = events.filter((e) => e.type === 'queueIntegration' && e.companyId === companyId)
      expect(sent.map((e) => (e.payload as { action: string }).action)).toEqual(['create', 'update'])
      expect(JSON.stringify(sent)).not.toContain('private_key')
    } finally {
      stop()
    }
  }, SLOW)

  test('the signing secret: 64 hex digits, its own per integration, answered only by GET /queueIntegration/{id}', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
    try {
      const a = await add(env(), adminToken, { type: 'webhook', name: 'Gancho A', urlN8N: 'https://h.io/a' })
      const b = await add(env(), adminToken, { type: 'n8n', name: 'Gancho B', urlN8N: 'https://h.io/b' })
      const shownA = (await call(env(), 'GET', `/queueIntegration/${a.body.id}`, { token: adminToken })).body
      const shownB = (await call(env(), 'GET', `/queueIntegration/${b.body.id}`, { token: adminToken })).body
      expect(shownA.signingSecret).toMatch(/^[0-9a-f]{64}$/)
      expect(shownB.signingSecret).toMatch(/^[0-9a-f]{64}$/)
      expect(shownA.signingSecret).not.toBe(shownB.signingSecret)
      const list = (await call(env(), 'GET', '/queueIntegration/', { token: adminToken })).body
      const elsewhere = JSON.stringify([a.body, b.body, list, events.filter((e) => e.companyId === companyId)])
      expect(elsewhere).not.toContain(shownA.signingSecret)
      expect(elsewhere).not.toContain('signingSecret')
    } finally {
      stop()
    }
  }, SLOW)

  test('POST /testSession asks Dialogflow with the given key or the stored one; a bad JSON is 400 on jsonContent; a refused key is ok:false', async () => {
    const google = await startFakeDialogflow()
    const config = env().services.config as { DIALOGFLOW_API_URL: string }
    const before = config.DIALOGFLOW_API_URL
    config.DIALOGFLOW_API_URL = google.url
    try {
      const { adminToken } = await createCompany(env())
      google.agent = (text) => ({ texts: [`Oi! Você disse ${text}.`], intent: 'Welcome' })
      const tested = await call(env(), 'POST', '/queueIntegration/testSession', { token: adminToken, json: { projectName: 'agente-1', jsonContent: google.serviceAccount, language: 'en' } })
      expect({ status: tested.status, body: tested.body }).toEqual({ status: 200, body: { ok: true, queryText: 'Olá', fulfillmentText: 'Oi! Você disse Olá.', intent: 'Welcome' } })
      expect(google.detects.at(-1)).toMatchObject({ project: 'agente-1', body: { queryInput: { text: { text: 'Olá', languageCode: 'en' } } } })
      const saved = await add(env(), adminToken, { type: 'dialogflow', name: 'Agente', projectName: 'agente-2', jsonContent: google.serviceAccount, language: 'pt-BR' })
      const stored = await call(env(), 'POST', '/queueIntegration/testSession', { token: adminToken, json: { projectName: 'agente-2', jsonContent: '', language: 'pt-BR', id: saved.body.id } })
      expect(stored.body).toMatchObject({ ok: true, intent: 'Welcome' })
      expect(google.detects.at(-1)?.project).toBe('agente-2')
      const bad = await call(env(), 'POST', '/queueIntegration/testSession', { token: adminToken, json: { projectName: 'x', jsonContent: '{"type":"service_account"}', language: 'pt-BR' } })
      expect({ status: bad.status, fields: fieldsOf(bad.body) }).toEqual({ status: 400, fields: ['jsonContent'] })
      const refused = await call(env(), 'POST', '/queueIntegration/testSession', { token: adminToken, json: { projectName: 'x', jsonContent: google.foreignServiceAccount, language: 'pt-BR' } })
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 200, body: { ok: false, reason: 'credenciais recusadas pelo Google (HTTP 400)' } })
      const other = await createCompany(env())
      const foreign = await call(env(), 'POST', '/queueIntegration/testSession', { token: other.adminToken, json: { projectName: 'x', jsonContent: '', id: saved.body.id } })
      expect(foreign.status).toBe(404)
    } finally {
      config.DIALOGFLOW_API_URL = before
      await google.stop()
    }
  }, SLOW)

  test("admins only, with the plan's useIntegrations; another company's id is 404", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const user = await createUser(env(), companyId)
    expect((await call(env(), 'GET', '/queueIntegration/', { token: user.token })).status).toBe(403)
    const noPlan = await createCompany(env(), { plan: { useIntegrations: false } })
    const refused = await call(env(), 'GET', '/queueIntegration/', { token: noPlan.adminToken })
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' })
    const mine = await add(env(), adminToken, { type: 'webhook', name: 'Meu', urlN8N: 'https://h.io' })
    const other = await createCompany(env())
    for (const [method, json] of [['GET', undefined], ['PUT', { type: 'webhook', name: 'Roubado', urlN8N: 'https://h.io' }], ['DELETE', undefined]] as const) {
      expect((await call(env(), method, `/queueIntegration/${mine.body.id}`, { token: other.adminToken, json })).status).toBe(404)
    }
  }, SLOW)

  test("deleting clears a queue's integration and stops the tickets using it", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const res = await add(env(), adminToken, { type: 'webhook', name: 'Gancho', urlN8N: 'https://h.io' })
    const queue = await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'Vendas', color: '#112233', greetingMessage: 'Oi', integrationId: res.body.id } })
    expect(queue.status).toBe(201)
    const [{ integrationId }] = await sys<any>(env(), (tx) => tx`select integration_id from queues where id = ${queue.body.id}`)
    expect(integrationId).toBe(res.body.id)
    expect((await call(env(), 'DELETE', `/queueIntegration/${res.body.id}`, { token: adminToken })).status).toBe(200)
    const [after] = await sys<any>(env(), (tx) => tx`select integration_id from queues where id = ${queue.body.id} and company_id = ${companyId}`)
    expect(after.integrationId).toBeNull()
  }, SLOW)
})
