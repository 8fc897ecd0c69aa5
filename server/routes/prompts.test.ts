import { expect, test } from 'bun:test'
import type { DomainEvent } from '../domain/context.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const SLOW = 30_000
const fieldsOf = (body: any) => (body.fields ?? []).map((f: { field: string }) => f.field).sort()

describeEachBackend('prompts (issue 22)', (env) => {
  test("an admin adds a prompt with the spec's defaults, lists, edits keeping the key, deletes; the key is never answered nor emitted", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const queue = (await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'Vendas', color: '#123456', greetingMessage: 'Oi' } })).body
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
    try {
      const created = await call(env(), 'POST', '/prompt', { token: adminToken, json: { name: 'Atendente IA', prompt: 'Seja cordial.', apiKey: 'sk-secret-123', queueId: queue.id } })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ name: 'Atendente IA', voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10, queueId: queue.id, queue: { id: queue.id, name: 'Vendas' }, hasApiKey: true, totalTokens: 0 })
      const edited = await call(env(), 'PUT', `/prompt/${created.body.id}`, { token: adminToken, json: { name: 'Atendente IA 2', prompt: 'Seja breve.', apiKey: '', queueId: queue.id, voice: 'pt-BR-FranciscaNeural', temperature: 0.5 } })
      expect(edited.body).toMatchObject({ name: 'Atendente IA 2', voice: 'pt-BR-FranciscaNeural', temperature: 0.5, hasApiKey: true })
      const list = await call(env(), 'GET', '/prompt', { token: adminToken })
      expect(list.body.prompts.map((p: { id: number }) => p.id)).toEqual([created.body.id])
      expect(JSON.stringify([created.body, edited.body, list.body, events.filter((e) => e.companyId === companyId)])).not.toContain('sk-secret-123')
      expect(events.filter((e) => e.type === 'prompt').map((e) => (e.payload as { action: string }).action)).toEqual(['create', 'update'])
      expect((await call(env(), 'DELETE', `/prompt/${created.body.id}`, { token: adminToken })).status).toBe(200)
      expect((await call(env(), 'GET', `/prompt/${created.body.id}`, { token: adminToken })).status).toBe(404)
    } finally {
      stop()
    }
  }, SLOW)

  test("a queue is required ('Informe o setor'); bad numbers and voices are refused; admins with useOpenAi only; another company's is 404", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const other = await createCompany(env())
    const foreignQueue = (await call(env(), 'POST', '/queue', { token: other.adminToken, json: { name: 'Fora', color: '#654321', greetingMessage: 'Oi' } })).body
    const noQueue = await call(env(), 'POST', '/prompt', { token: adminToken, json: { name: 'Sem fila', prompt: 'x' } })
    expect({ status: noQueue.status, fields: noQueue.body.fields }).toEqual({ status: 400, fields: [{ field: 'queueId', message: 'Informe o setor' }] })
    const foreign = await call(env(), 'POST', '/prompt', { token: adminToken, json: { name: 'Alheia', queueId: foreignQueue.id } })
    expect({ status: foreign.status, fields: fieldsOf(foreign.body) }).toEqual({ status: 400, fields: ['queueId'] })
    const queue = (await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'Minha', color: '#abcdef', greetingMessage: 'Oi' } })).body
    const bad = await call(env(), 'POST', '/prompt', { token: adminToken, json: { name: 'P', queueId: queue.id, maxTokens: 0, temperature: 3, voice: 'robô' } })
    expect({ status: bad.status, fields: fieldsOf(bad.body) }).toEqual({ status: 400, fields: ['maxTokens', 'temperature', 'voice'] })
    const user = await createUser(env(), companyId)
    expect((await call(env(), 'GET', '/prompt', { token: user.token })).status).toBe(403)
    const noPlan = await createCompany(env(), { plan: { useOpenAi: false } })
    const refused = await call(env(), 'GET', '/prompt', { token: noPlan.adminToken })
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' })
    const mine = (await call(env(), 'POST', '/prompt', { token: adminToken, json: { name: 'Minha IA', queueId: queue.id } })).body
    const twice = await call(env(), 'POST', '/prompt', { token: adminToken, json: { name: 'Minha IA', queueId: queue.id } })
    expect({ status: twice.status, error: twice.body.error, field: twice.body.field }).toEqual({ status: 409, error: 'ERR_NAME_ALREADY_EXISTS', field: 'name' })
    expect((await call(env(), 'GET', `/prompt/${mine.id}`, { token: other.adminToken })).status).toBe(404)
  }, SLOW)
})
