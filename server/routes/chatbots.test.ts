import { describe, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import type { TestEnv } from '../../test/env.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

interface Option {
  id: number
  name: string
  greetingMessage: string
  queueType: string
  queueId: number | null
  parentId: number | null
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  options: Option[]
}

let colorSeq = 0x200000
const newQueue = (fields: Record<string, unknown> = {}) => ({ name: uniq('Fila '), color: `#${(colorSeq++).toString(16)}`, greetingMessage: 'Olá! Escolha uma opção.', ...fields })
/** The tree as names only, to compare shapes. */
const names = (options: Option[]): unknown[] => options.map((o) => (o.options.length ? { [o.name]: names(o.options) } : o.name))

async function companyWithQueue(env: TestEnv, chatbots: unknown[] = []) {
  const company = await createCompany(env)
  const queue = await call(env, 'POST', '/queue', { token: company.adminToken, json: newQueue({ chatbots }) })
  if (queue.status !== 201) throw new Error(JSON.stringify(queue.body))
  return { ...company, queue: queue.body as { id: number; chatbots: Option[] } }
}

describeEachBackend('chatbot options', (env) => {
  describe('the tree saved with the queue', () => {
    test('a nested tree of every option type round-trips through POST /queue, GET /queue/{id} and GET /chatbot', async () => {
      const { adminToken, adminId, companyId } = await createCompany(env())
      const target = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })
      const fileId = await withSystem(env().services.db, async (tx) =>
        (await tx<{ id: number }[]>`insert into files (company_id, name) values (${companyId}, 'Catálogo') returning id`)[0].id)
      const chatbots = [
        {
          name: 'Comercial', greetingMessage: 'Escolha uma opção', options: [
            { name: 'Falar com vendedor', queueType: 'attendent', optUserId: adminId, optQueueId: target.body.id },
            { name: 'Catálogo', queueType: 'file', optFileId: fileId, optUserId: adminId },
            { name: 'Mais opções', greetingMessage: 'E agora?', options: [{ name: 'Encerrar', closeTicket: true }] },
          ],
        },
        { name: 'Suporte', queueType: 'queue', optQueueId: target.body.id },
      ]
      const created = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ chatbots }) })
      expect(created.status).toBe(201)
      const tree = created.body.chatbots as Option[]
      expect(names(tree)).toEqual([{ Comercial: ['Falar com vendedor', 'Catálogo', { 'Mais opções': ['Encerrar'] }] }, 'Suporte'])
      expect(tree[0]).toMatchObject({ queueId: created.body.id, parentId: null, queueType: 'text' })
      expect(tree[0].options[0]).toMatchObject({ queueId: null, parentId: tree[0].id, optUserId: adminId, optQueueId: target.body.id })
      // A file option keeps only its file: the user sent with it is not its type's field.
      expect(tree[0].options[1]).toMatchObject({ optFileId: fileId, optUserId: null })
      expect(tree[0].options[2].options[0]).toMatchObject({ name: 'Encerrar', closeTicket: true })
      expect((await call(env(), 'GET', `/queue/${created.body.id}`, { token: adminToken })).body.chatbots).toEqual(tree)
      expect((await call(env(), 'GET', `/chatbot?queueId=${created.body.id}`, { token: adminToken })).body).toEqual(tree)
      expect((await call(env(), 'GET', `/chatbot/${tree[0].options[2].id}`, { token: adminToken })).body).toEqual(tree[0].options[2])
    })

    test('PUT /queue replaces the tree: options sent with their id keep it, new ones are added, the rest go', async () => {
      const { adminToken, queue } = await companyWithQueue(env(), [
        { name: 'Primeira', greetingMessage: 'Menu', options: [{ name: 'Filha um' }, { name: 'Filha dois' }] },
        { name: 'Segunda' },
      ])
      const [first, second] = queue.chatbots
      const res = await call(env(), 'PUT', `/queue/${queue.id}`, {
        token: adminToken,
        json: {
          chatbots: [
            { id: second.id, name: 'Segunda renomeada', greetingMessage: 'Sub', options: [{ id: first.options[1].id, name: 'Filha dois' }, { name: 'Nova filha' }] },
            { name: 'Terceira' },
          ],
        },
      })
      expect(res.status).toBe(200)
      const tree = res.body.chatbots as Option[]
      expect(names(tree)).toEqual([{ 'Segunda renomeada': ['Filha dois', 'Nova filha'] }, 'Terceira'])
      expect(tree[0].id).toBe(second.id)
      expect(tree[0].options[0].id).toBe(first.options[1].id)
      const gone = await withSystem(env().services.db, (tx) => tx`select id from chatbots where id in (${first.id}, ${first.options[0].id})`)
      expect(gone).toHaveLength(0)
      const cleared = await call(env(), 'PUT', `/queue/${queue.id}`, { token: adminToken, json: { chatbots: [] } })
      expect(cleared.body.chatbots).toEqual([])
    })

    test('a failing save changes nothing: the queue fields written before the tree are rolled back', async () => {
      const { adminToken, queue } = await companyWithQueue(env(), [{ name: 'Opção um' }])
      const other = await companyWithQueue(env(), [{ name: 'Alheia' }])
      const res = await call(env(), 'PUT', `/queue/${queue.id}`, {
        token: adminToken, json: { name: 'Nome novo', chatbots: [{ id: other.queue.chatbots[0].id, name: 'Roubada' }] },
      })
      expect(res.status).toBe(400)
      expect(res.body.fields).toEqual([{ field: 'chatbots.0.id', message: 'Unknown option' }])
      const after = await call(env(), 'GET', `/queue/${queue.id}`, { token: adminToken })
      expect(after.body.name).not.toBe('Nome novo')
      expect(names(after.body.chatbots)).toEqual(['Opção um'])
      expect((await call(env(), 'GET', `/chatbot/${other.queue.chatbots[0].id}`, { token: other.adminToken })).body.name).toBe('Alheia')
    })
  })

  describe('validation', () => {
    test('an option name is required and at least 4 characters', async () => {
      const { adminToken } = await createCompany(env())
      const res = await call(env(), 'POST', '/queue', {
        token: adminToken, json: newQueue({ chatbots: [{ name: 'abc' }, { name: '' }, { greetingMessage: 'x' }] }),
      })
      expect(res.status).toBe(400)
      expect(res.body.fields).toEqual([
        { field: 'chatbots.0.name', message: 'Too Short!' },
        { field: 'chatbots.1.name', message: 'Required' },
        { field: 'chatbots.2.name', message: 'Required' },
      ])
    })

    test('an option with a next level needs a message', async () => {
      const { adminToken } = await createCompany(env())
      const res = await call(env(), 'POST', '/queue', {
        token: adminToken,
        json: newQueue({ chatbots: [{ name: 'Menu', greetingMessage: 'Ok', options: [{ name: 'Submenu', greetingMessage: '  ', options: [{ name: 'Folha' }] }] }] }),
      })
      expect(res.status).toBe(400)
      expect(res.body.fields).toEqual([{ field: 'chatbots.0.options.0.greetingMessage', message: 'A next level needs a message' }])
    })

    test('each type needs its field: attendent a user, queue a queue, integration an integration, file a file', async () => {
      const { adminToken } = await createCompany(env())
      const chatbots = ['attendent', 'queue', 'integration', 'file', 'text'].map((queueType) => ({ name: `Tipo ${queueType}`, queueType }))
      const res = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ chatbots: [...chatbots, { name: 'Tipo x', queueType: 'menu' }] }) })
      expect(res.body.fields).toEqual([{ field: 'chatbots.5.queueType', message: 'Invalid option type' }])
      const missing = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ chatbots }) })
      expect(missing.body.fields).toEqual([
        { field: 'chatbots.0.optUserId', message: 'Required' },
        { field: 'chatbots.1.optQueueId', message: 'Required' },
        { field: 'chatbots.2.optIntegrationId', message: 'Required' },
        { field: 'chatbots.3.optFileId', message: 'Required' },
      ])
    })

    test('referenced users and queues must be the company\'s; integrations need the plan flag', async () => {
      const { adminToken, companyId } = await createCompany(env(), { plan: { useIntegrations: false } })
      const other = await companyWithQueue(env())
      const res = await call(env(), 'POST', '/queue', {
        token: adminToken,
        json: newQueue({ chatbots: [{ name: 'Outra fila', queueType: 'queue', optQueueId: other.queue.id }, { name: 'Outro user', queueType: 'attendent', optUserId: other.adminId }] }),
      })
      expect(res.body.fields).toEqual([
        { field: 'chatbots.0.optQueueId', message: 'Unknown record' },
        { field: 'chatbots.1.optUserId', message: 'Unknown record' },
      ])
      const integrationId = await withSystem(env().services.db, async (tx) =>
        (await tx<{ id: number }[]>`insert into queue_integrations (company_id, name) values (${companyId}, 'Bot') returning id`)[0].id)
      const flag = await call(env(), 'POST', '/queue', {
        token: adminToken, json: newQueue({ chatbots: [{ name: 'Robô', queueType: 'integration', optIntegrationId: integrationId }] }),
      })
      expect(flag.body.error).toBe('ERR_PLAN_FEATURE_DISABLED')
    })

    test('an id appears once in a tree', async () => {
      const { adminToken, queue } = await companyWithQueue(env(), [{ name: 'Opção um' }])
      const id = queue.chatbots[0].id
      const res = await call(env(), 'PUT', `/queue/${queue.id}`, { token: adminToken, json: { chatbots: [{ id, name: 'Opção um' }, { id, name: 'Opção dois' }] } })
      expect(res.body.fields).toEqual([{ field: 'chatbots.1.id', message: 'Duplicated option' }])
    })
  })

  describe('/chatbot', () => {
    test('POST adds an option at the end of a queue\'s menu or of an option\'s next level', async () => {
      const { adminToken, queue } = await companyWithQueue(env(), [{ name: 'Existente', greetingMessage: 'Menu' }])
      const root = await call(env(), 'POST', '/chatbot', { token: adminToken, json: { queueId: queue.id, name: 'Nova raiz', options: [{ name: 'Filha' }], greetingMessage: 'Sub' } })
      expect(root.status).toBe(201)
      expect(root.body).toMatchObject({ queueId: queue.id, parentId: null, optionOrder: 1 })
      const child = await call(env(), 'POST', '/chatbot', { token: adminToken, json: { parentId: queue.chatbots[0].id, name: 'Neta' } })
      expect(child.body).toMatchObject({ queueId: null, parentId: queue.chatbots[0].id })
      const menu = await call(env(), 'GET', `/chatbot?queueId=${queue.id}`, { token: adminToken })
      expect(names(menu.body)).toEqual([{ Existente: ['Neta'] }, { 'Nova raiz': ['Filha'] }])
      const level = await call(env(), 'GET', `/chatbot?parentId=${root.body.id}`, { token: adminToken })
      expect(names(level.body)).toEqual(['Filha'])
    })

    test('POST needs exactly one of queueId and parentId, and a parent with a message', async () => {
      const { adminToken, queue } = await companyWithQueue(env(), [{ name: 'Sem texto' }])
      const neither = await call(env(), 'POST', '/chatbot', { token: adminToken, json: { name: 'Solta' } })
      expect(neither.body.fields).toEqual([{ field: 'queueId', message: 'Give either queueId or parentId' }])
      const both = await call(env(), 'POST', '/chatbot', { token: adminToken, json: { name: 'Dupla', queueId: queue.id, parentId: queue.chatbots[0].id } })
      expect(both.status).toBe(400)
      const silent = await call(env(), 'POST', '/chatbot', { token: adminToken, json: { name: 'Filha', parentId: queue.chatbots[0].id } })
      expect(silent.body.fields).toEqual([{ field: 'parentId', message: 'A next level needs a message' }])
      const unknown = await call(env(), 'POST', '/chatbot', { token: adminToken, json: { name: 'Perdida', queueId: 999999 } })
      expect(unknown.body.fields).toEqual([{ field: 'queueId', message: 'Unknown record' }])
    })

    test('PUT changes the fields sent; options, when sent, replace the levels below', async () => {
      const { adminToken, queue } = await companyWithQueue(env(), [{ name: 'Papai', greetingMessage: 'Menu', options: [{ name: 'Filha velha' }] }])
      const id = queue.chatbots[0].id
      const renamed = await call(env(), 'PUT', `/chatbot/${id}`, { token: adminToken, json: { name: 'Papai novo' } })
      expect(renamed.status).toBe(200)
      expect(names([renamed.body])).toEqual([{ 'Papai novo': ['Filha velha'] }])
      const emptied = await call(env(), 'PUT', `/chatbot/${id}`, { token: adminToken, json: { greetingMessage: '' } })
      expect(emptied.body.fields).toEqual([{ field: 'greetingMessage', message: 'A next level needs a message' }])
      const replaced = await call(env(), 'PUT', `/chatbot/${id}`, { token: adminToken, json: { options: [{ name: 'Filha nova' }] } })
      expect(names([replaced.body])).toEqual([{ 'Papai novo': ['Filha nova'] }])
      const leaf = await call(env(), 'PUT', `/chatbot/${id}`, { token: adminToken, json: { greetingMessage: '', options: [] } })
      expect(leaf.body).toMatchObject({ greetingMessage: '', options: [] })
    })

    test('DELETE removes the option and every level below it', async () => {
      const { adminToken, queue } = await companyWithQueue(env(), [
        { name: 'Ramo', greetingMessage: 'a', options: [{ name: 'Galho', greetingMessage: 'b', options: [{ name: 'Folha' }] }] },
        { name: 'Fica' },
      ])
      const res = await call(env(), 'DELETE', `/chatbot/${queue.chatbots[0].id}`, { token: adminToken })
      expect(res.status).toBe(200)
      const after = await call(env(), 'GET', `/queue/${queue.id}`, { token: adminToken })
      expect(names(after.body.chatbots)).toEqual(['Fica'])
      expect((await call(env(), 'GET', `/chatbot/${queue.chatbots[0].options[0].options[0].id}`, { token: adminToken })).status).toBe(404)
    })

    test('plain users read options but every write is 403', async () => {
      const { adminToken, companyId, queue } = await companyWithQueue(env(), [{ name: 'Opção' }])
      const plain = await createUser(env(), companyId)
      const id = queue.chatbots[0].id
      expect((await call(env(), 'GET', `/chatbot/${id}`, { token: plain.token })).status).toBe(200)
      expect((await call(env(), 'GET', '/chatbot', { token: plain.token })).body).toHaveLength(1)
      for (const [method, path, json] of [
        ['POST', '/chatbot', { queueId: queue.id, name: 'Nova' }], ['PUT', `/chatbot/${id}`, { name: 'Mudou' }], ['DELETE', `/chatbot/${id}`, undefined],
      ] as const) {
        const res = await call(env(), method, path, { token: plain.token, json })
        expect(res.status).toBe(403)
        expect(res.body.error).toBe('ERR_NO_PERMISSION')
      }
      expect((await call(env(), 'GET', `/chatbot/${id}`, { token: adminToken })).body.name).toBe('Opção')
    })

    test('another company sees none of the options and cannot touch them', async () => {
      const { queue } = await companyWithQueue(env(), [{ name: 'Privada', greetingMessage: 'x', options: [{ name: 'Interna' }] }])
      const other = await createCompany(env())
      const id = queue.chatbots[0].id
      expect((await call(env(), 'GET', '/chatbot', { token: other.adminToken })).body).toEqual([])
      expect((await call(env(), 'GET', `/chatbot?queueId=${queue.id}`, { token: other.adminToken })).body).toEqual([])
      expect((await call(env(), 'GET', `/chatbot/${id}`, { token: other.adminToken })).status).toBe(404)
      expect((await call(env(), 'PUT', `/chatbot/${id}`, { token: other.adminToken, json: { name: 'Invadida' } })).status).toBe(404)
      expect((await call(env(), 'DELETE', `/chatbot/${id}`, { token: other.adminToken })).status).toBe(404)
      const under = await call(env(), 'POST', '/chatbot', { token: other.adminToken, json: { parentId: id, name: 'Intrusa' } })
      expect(under.body.fields).toEqual([{ field: 'parentId', message: 'Unknown record' }])
    })

    test('writes emit the company\'s chatbot event with the queue they belong to', async () => {
      const { adminToken, companyId, queue } = await companyWithQueue(env(), [{ name: 'Opção', greetingMessage: 'm' }])
      const events: DomainEvent[] = []
      const stop = env().services.events.subscribe((e) => e.type === 'chatbot' && e.companyId === companyId && events.push(e))
      const child = await call(env(), 'POST', '/chatbot', { token: adminToken, json: { parentId: queue.chatbots[0].id, name: 'Filha' } })
      await call(env(), 'PUT', `/chatbot/${child.body.id}`, { token: adminToken, json: { name: 'Filha nova' } })
      await call(env(), 'DELETE', `/chatbot/${child.body.id}`, { token: adminToken })
      stop()
      expect(events.map((e) => [e.payload.action, e.payload.queueId])).toEqual([['create', queue.id], ['update', queue.id], ['delete', queue.id]])
    })
  })
})
