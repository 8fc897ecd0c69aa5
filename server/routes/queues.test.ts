import { describe, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import type { TestEnv } from '../../test/env.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const sys = <T>(env: TestEnv, fn: Parameters<typeof withSystem<T>>[1]) => withSystem(env.services.db, fn)

let colorSeq = 0x100000
const nextColor = () => `#${(colorSeq++).toString(16)}`
const newQueue = (fields: Record<string, unknown> = {}) => ({ name: uniq('Fila '), color: nextColor(), greetingMessage: 'Olá! Escolha uma opção.', ...fields })

describeEachBackend('queues', (env) => {
  describe('CRUD', () => {
    test('with more than one queue, the queue saved needs a greeting (ERR_WAPP_GREETING_REQUIRED)', async () => {
      const { adminToken, companyId } = await createCompany(env())
      const first = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ greetingMessage: '' }) })
      expect(first.status).toBe(201)
      const second = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ greetingMessage: '   ' }) })
      expect(second.status).toBe(400)
      expect(second.body).toMatchObject({ error: 'ERR_WAPP_GREETING_REQUIRED', field: 'greetingMessage' })
      const count = async () => (await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from queues where company_id = ${companyId}`))[0].n
      expect(await count()).toBe(1)
      expect((await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })).status).toBe(201)
      // The first queue, greeting-less, cannot be saved without one now, and can with one.
      const rename = await call(env(), 'PUT', `/queue/${first.body.id}`, { token: adminToken, json: { name: 'Renomeada' } })
      expect(rename.body.error).toBe('ERR_WAPP_GREETING_REQUIRED')
      expect((await call(env(), 'PUT', `/queue/${first.body.id}`, { token: adminToken, json: { name: 'Renomeada', greetingMessage: 'Oi!' } })).status).toBe(200)
      expect(await count()).toBe(2)
    })

    test('an admin creates a queue with default hours and reads it back with its option tree', async () => {
      const { adminToken } = await createCompany(env())
      const res = await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'Vendas', color: '#FF0000', greetingMessage: 'Olá' } })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        name: 'Vendas', color: '#ff0000', greetingMessage: 'Olá', outOfHoursMessage: '', orderQueue: null, tempoRoteador: 0,
        ativarRoteador: false, integrationId: null, fileListId: null, closeTicket: false, chatbots: [],
      })
      expect(res.body.schedules).toHaveLength(7)
      expect(res.body.schedules[0]).toEqual({
        weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00',
      })
      const shown = await call(env(), 'GET', `/queue/${res.body.id}`, { token: adminToken })
      expect(shown.body).toEqual(res.body)
    })

    test('the list is ordered by orderQueue, then name; queues without an order come last', async () => {
      const { adminToken, companyId } = await createCompany(env())
      for (const [name, orderQueue] of [['Zeta', 1], ['Beta', null], ['Alfa', null], ['Omega', 2]] as const) {
        await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ name, orderQueue }) })
      }
      const plain = await createUser(env(), companyId)
      const list = await call(env(), 'GET', '/queue', { token: plain.token })
      expect(list.status).toBe(200)
      expect(list.body.map((q: { name: string }) => q.name)).toEqual(['Zeta', 'Omega', 'Alfa', 'Beta'])
      expect(list.body[0].chatbots).toBeUndefined()
    })

    test('an update changes only the fields sent; the option tree stays unless chatbots is sent', async () => {
      const { adminToken } = await createCompany(env())
      const tree = [{ name: 'Financeiro', greetingMessage: 'Escolha', options: [{ name: 'Boletos' }] }]
      const q = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ greetingMessage: 'Oi', chatbots: tree }) })
      const res = await call(env(), 'PUT', `/queue/${q.body.id}`, {
        token: adminToken,
        json: { outOfHoursMessage: 'Fechado', tempoRoteador: '15', ativarRoteador: true, orderQueue: '', closeTicket: true },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        name: q.body.name, greetingMessage: 'Oi', outOfHoursMessage: 'Fechado', tempoRoteador: 15, ativarRoteador: true, closeTicket: true,
      })
      expect(res.body.chatbots.map((o: { name: string }) => o.name)).toEqual(['Financeiro'])
      expect(res.body.chatbots[0].options.map((o: { name: string }) => o.name)).toEqual(['Boletos'])
    })

    test('schedules are replaced as sent', async () => {
      const { adminToken } = await createCompany(env())
      const q = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })
      const schedules = [{ weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' }]
      const res = await call(env(), 'PUT', `/queue/${q.body.id}`, { token: adminToken, json: { schedules } })
      expect(res.body.schedules).toEqual(schedules)
    })

    test('an unknown queue is 404', async () => {
      const { adminToken } = await createCompany(env())
      expect((await call(env(), 'GET', '/queue/999999', { token: adminToken })).status).toBe(404)
      expect((await call(env(), 'PUT', '/queue/999999', { token: adminToken, json: { name: 'Nada' } })).status).toBe(404)
      expect((await call(env(), 'DELETE', '/queue/999999', { token: adminToken })).status).toBe(404)
    })
  })

  describe('validation', () => {
    test('name and color are required, with the spec messages', async () => {
      const { adminToken } = await createCompany(env())
      const res = await call(env(), 'POST', '/queue', { token: adminToken, json: {} })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_VALIDATION')
      expect(res.body.fields).toEqual([{ field: 'name', message: 'Required' }, { field: 'color', message: 'Required' }])
    })

    test('name is 2-50 characters and color a 3-9 character hex colour', async () => {
      const { adminToken } = await createCompany(env())
      const short = await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'A', color: '#1' } })
      expect(short.body.fields).toEqual([{ field: 'name', message: 'Too Short!' }, { field: 'color', message: 'Too Short!' }])
      const long = await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'x'.repeat(51), color: '#1234567890' } })
      expect(long.body.fields).toEqual([{ field: 'name', message: 'Too Long!' }, { field: 'color', message: 'Too Long!' }])
      const notHex = await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'Vendas', color: 'red' } })
      expect(notHex.body.fields).toEqual([{ field: 'color', message: 'Invalid color' }])
    })

    test('rotation time is one of 0, 2, 5, 10, 15, 30, 45, 60 minutes', async () => {
      const { adminToken } = await createCompany(env())
      const bad = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ tempoRoteador: 3 }) })
      expect(bad.status).toBe(400)
      expect(bad.body.fields).toEqual([{ field: 'tempoRoteador', message: 'Invalid rotation time' }])
      for (const minutes of [0, 2, 5, 10, 15, 30, 45, 60]) {
        const ok = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ tempoRoteador: minutes }) })
        expect(ok.body.tempoRoteador).toBe(minutes)
      }
    })

    test('schedules need a weekday, HH:MM times and one entry per weekday', async () => {
      const { adminToken } = await createCompany(env())
      const entry = { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '8h', endTimeA: '12:00', startTimeB: '', endTimeB: '' }
      const bad = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ schedules: [entry] }) })
      expect(bad.body.fields).toEqual([{ field: 'schedules.0.startTimeA', message: 'Invalid time (HH:MM)' }])
      const twice = { ...entry, startTimeA: '08:00' }
      const dup = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ schedules: [twice, twice] }) })
      expect(dup.body.fields).toEqual([{ field: 'schedules', message: 'One entry per weekday' }])
    })

    test('a color already used in the company is ERR_QUEUE_COLOR_ALREADY_EXISTS, whatever its case', async () => {
      const { adminToken } = await createCompany(env())
      const first = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ color: '#abcdef' }) })
      const dup = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ color: '#ABCDEF' }) })
      expect(dup.status).toBe(409)
      expect(dup.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS')
      const second = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })
      const clash = await call(env(), 'PUT', `/queue/${second.body.id}`, { token: adminToken, json: { color: '#abcdef' } })
      expect(clash.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS')
      // Saving a queue with its own colour is no clash.
      expect((await call(env(), 'PUT', `/queue/${first.body.id}`, { token: adminToken, json: { color: '#abcdef' } })).status).toBe(200)
    })

    test('another company may use the same color and name', async () => {
      const a = await createCompany(env())
      const b = await createCompany(env())
      const json = { name: 'Suporte', color: '#0a0b0c' }
      expect((await call(env(), 'POST', '/queue', { token: a.adminToken, json })).status).toBe(201)
      expect((await call(env(), 'POST', '/queue', { token: b.adminToken, json })).status).toBe(201)
    })

    test('a name already used in the company (any case) is ERR_NAME_ALREADY_EXISTS', async () => {
      const { adminToken } = await createCompany(env())
      await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ name: 'Comercial' }) })
      const dup = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ name: 'comercial' }) })
      expect(dup.status).toBe(409)
      expect(dup.body).toMatchObject({ error: 'ERR_NAME_ALREADY_EXISTS', field: 'name' })
    })

    test('the integration and file list must be the company\'s; an integration needs the plan flag', async () => {
      const { adminToken, companyId } = await createCompany(env(), { plan: { useIntegrations: false } })
      const other = await createCompany(env())
      const [integrationId, otherFile, fileId] = await sys(env(), async (tx) => [
        (await tx<{ id: number }[]>`insert into queue_integrations (company_id, name) values (${companyId}, 'Bot') returning id`)[0].id,
        (await tx<{ id: number }[]>`insert into files (company_id, name) values (${other.companyId}, 'Alheio') returning id`)[0].id,
        (await tx<{ id: number }[]>`insert into files (company_id, name) values (${companyId}, 'Catálogo') returning id`)[0].id,
      ])
      const foreign = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ fileListId: otherFile }) })
      expect(foreign.body.fields).toEqual([{ field: 'fileListId', message: 'Unknown record' }])
      const flag = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ integrationId }) })
      expect(flag.status).toBe(403)
      expect(flag.body.error).toBe('ERR_PLAN_FEATURE_DISABLED')
      const ok = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue({ fileListId: String(fileId), integrationId: '' }) })
      expect(ok.body).toMatchObject({ fileListId: fileId, integrationId: null })
    })
  })

  describe('plan limit', () => {
    test('creating beyond the plan\'s queue count is ERR_PLAN_LIMIT_QUEUES', async () => {
      const { adminToken } = await createCompany(env(), { plan: { queues: 2 } })
      for (let i = 0; i < 2; i++) expect((await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })).status).toBe(201)
      const res = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ error: 'ERR_PLAN_LIMIT_QUEUES', limit: 2 })
    })
  })

  describe('permissions and isolation', () => {
    test('plain users read queues but every write is 403', async () => {
      const { adminToken, companyId } = await createCompany(env())
      const q = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })
      const plain = await createUser(env(), companyId)
      expect((await call(env(), 'GET', `/queue/${q.body.id}`, { token: plain.token })).status).toBe(200)
      for (const [method, path, json] of [['POST', '/queue', newQueue()], ['PUT', `/queue/${q.body.id}`, { name: 'Outro' }], ['DELETE', `/queue/${q.body.id}`, undefined]] as const) {
        const res = await call(env(), method, path, { token: plain.token, json })
        expect(res.status).toBe(403)
        expect(res.body.error).toBe('ERR_NO_PERMISSION')
      }
      expect((await call(env(), 'GET', '/queue')).status).toBe(401)
    })

    test('another company neither lists, reads, changes nor deletes the queue', async () => {
      const { adminToken } = await createCompany(env())
      const q = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })
      const other = await createCompany(env())
      expect((await call(env(), 'GET', '/queue', { token: other.adminToken })).body).toEqual([])
      expect((await call(env(), 'GET', `/queue/${q.body.id}`, { token: other.adminToken })).status).toBe(404)
      expect((await call(env(), 'PUT', `/queue/${q.body.id}`, { token: other.adminToken, json: { name: 'Roubada' } })).status).toBe(404)
      expect((await call(env(), 'DELETE', `/queue/${q.body.id}`, { token: other.adminToken })).status).toBe(404)
      expect((await call(env(), 'GET', `/queue/${q.body.id}`, { token: adminToken })).body.name).toBe(q.body.name)
    })
  })

  describe('deleting', () => {
    test('closed tickets keep existing without a queue; the options, user and connection links go', async () => {
      const { adminToken, companyId, adminId } = await createCompany(env())
      const q = await call(env(), 'POST', '/queue', {
        token: adminToken, json: newQueue({ chatbots: [{ name: 'Pedidos', greetingMessage: 'Qual?', options: [{ name: 'Status' }] }] }),
      })
      const conn = await createConnection(env(), companyId)
      const ticketId = await sys(env(), async (tx) => {
        const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, 'Ana', ${uniq('5511')}, 'simulator') returning id`
        await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${adminId}, ${q.body.id})`
        await tx`insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values (${companyId}, ${conn.id}, ${q.body.id})`
        const [t] = await tx<{ id: number }[]>`
          insert into tickets ${tx({ companyId, contactId: c.id, whatsappId: conn.id, channel: 'simulator', status: 'closed', queueId: q.body.id, queueOptionId: q.body.chatbots[0].id })} returning id`
        return t.id
      })
      const res = await call(env(), 'DELETE', `/queue/${q.body.id}`, { token: adminToken })
      expect(res.status).toBe(200)
      const left = await sys(env(), async (tx) => ({
        ticket: (await tx<{ queueId: number | null; queueOptionId: number | null }[]>`select queue_id, queue_option_id from tickets where id = ${ticketId}`)[0],
        options: (await tx<{ n: number }[]>`select count(*)::int as n from chatbots where company_id = ${companyId}`)[0].n,
        links: (await tx<{ n: number }[]>`
          select (select count(*) from user_queues where queue_id = ${q.body.id}) + (select count(*) from whatsapp_queues where queue_id = ${q.body.id}) as n`)[0].n,
      }))
      expect(left).toEqual({ ticket: { queueId: null, queueOptionId: null }, options: 0, links: 0 })
      expect((await call(env(), 'GET', `/queue/${q.body.id}`, { token: adminToken })).status).toBe(404)
    })
  })

  describe('deleting a queue that holds conversations (issue 15 item 7)', () => {
    test('is refused while live tickets are in it, and with moveTo they move first; closed ones just lose the queue', async () => {
      const { adminToken, companyId } = await createCompany(env())
      const from = (await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })).body.id
      const to = (await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })).body.id
      const conn = (await createConnection(env(), companyId)).id
      const tickets = await sys(env(), async (tx) => {
        const ids: Record<string, number> = {}
        for (const status of ['pending', 'open', 'closed']) {
          const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, ${status}, ${uniq('5511')}, 'simulator') returning id`
          const [t] = await tx<{ id: number }[]>`insert into tickets ${tx({ companyId, contactId: c.id, whatsappId: conn, channel: 'simulator', status, queueId: from })} returning id`
          ids[status] = t.id
        }
        return ids
      })
      const queueOf = async () => Object.fromEntries(
        (await sys(env(), (tx) => tx<{ status: string; queueId: number | null }[]>`select status, queue_id from tickets where id = any(${Object.values(tickets)}::int[])`))
          .map((r) => [r.status, r.queueId]))

      const refused = await call(env(), 'DELETE', `/queue/${from}`, { token: adminToken })
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_HAS_TICKETS', count: 2 })
      expect((await call(env(), 'GET', `/queue/${from}`, { token: adminToken })).status).toBe(200)
      expect(await queueOf()).toEqual({ pending: from, open: from, closed: from })
      expect((await call(env(), 'DELETE', `/queue/${from}?moveTo=${from}`, { token: adminToken })).status).toBe(409)
      expect((await call(env(), 'DELETE', `/queue/${from}?moveTo=2147483000`, { token: adminToken })).status).toBe(404)
      expect((await call(env(), 'DELETE', `/queue/${from}?moveTo=abc`, { token: adminToken })).status).toBe(400)

      const moved = await call(env(), 'DELETE', `/queue/${from}?moveTo=${to}`, { token: adminToken })
      expect(moved.status).toBe(200)
      expect(await queueOf()).toEqual({ pending: to, open: to, closed: null })
      const logs = await sys(env(), (tx) => tx<{ type: string; queueId: number }[]>`select type, queue_id from ticket_logs where ticket_id = ${tickets.open}`)
      expect(logs.map((l) => [l.type, l.queueId])).toEqual([['queue', to]])
      // The queue that took them now holds live tickets, so it is refused in turn.
      expect((await call(env(), 'DELETE', `/queue/${to}`, { token: adminToken })).status).toBe(409)
    })
  })

  describe('events', () => {
    test('create, update and delete emit the company\'s queue event', async () => {
      const { adminToken, companyId } = await createCompany(env())
      const events: DomainEvent[] = []
      const stop = env().services.events.subscribe((e) => e.type === 'queue' && e.companyId === companyId && events.push(e))
      const q = await call(env(), 'POST', '/queue', { token: adminToken, json: newQueue() })
      await call(env(), 'PUT', `/queue/${q.body.id}`, { token: adminToken, json: { greetingMessage: 'Oi' } })
      await call(env(), 'DELETE', `/queue/${q.body.id}`, { token: adminToken })
      stop()
      expect(events.map((e) => e.payload.action)).toEqual(['create', 'update', 'delete'])
      expect((events[1].payload.queue as { greetingMessage: string }).greetingMessage).toBe('Oi')
      expect(events[2].payload.queueId).toBe(q.body.id)
    })
  })
})
