import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'

interface Row {
  id: number
  contactName: string
  status: string
  queueName: string | null
  userName: string | null
  whatsappName: string | null
  supportTime: number | null
  NPS: number | null
}

/**
 * The tickets report over a company in São Paulo (UTC-3): eight tickets with known queues, owners,
 * connections, statuses, dates and ratings; each filter must keep exactly the tickets it names.
 */
describeEachBackend('GET /ticketreport/reports', (env) => {
  let adminToken: string
  let plain: { id: number; token: string }
  let other: { id: number }
  const ids: Record<string, number> = {}
  const contactIds: Record<string, number> = {}
  let q1: number
  let q2: number
  let w1: number
  let w2: number

  beforeAll(async () => {
    const company = await createCompany(env())
    const companyId = company.companyId
    adminToken = company.adminToken
    w1 = (await createConnection(env(), companyId, { name: 'Loja' })).id
    w2 = (await createConnection(env(), companyId, { name: 'Suporte' })).id
    ;[q1, q2] = await withSystem(env().services.db, async (tx) =>
      (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#111111'), (${companyId}, 'Financeiro', '#222222') returning id`).map((r) => r.id))
    plain = await createUser(env(), companyId, { name: 'Paula' })
    other = await createUser(env(), companyId, { name: 'Otto' })
    await withSystem(env().services.db, async (tx) => {
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${plain.id}, ${q1})`
      // name, number, queue, owner, connection, status, created, minutes accepted → closed, rating
      const T: [string, string, number | null, number | null, number, string, string, number | null, number | null][] = [
        ['João Árabe', '5511911110001', q1, plain.id, w1, 'closed', '2026-11-02T12:00Z', 45, 9],
        ['Maria Silva', '5511911110002', q1, null, w1, 'pending', '2026-11-05T12:00Z', null, null],
        ['José Souza', '5511911110003', q2, other.id, w2, 'closed', '2026-11-06T12:00Z', 30, 4],
        ['Ana Lima', '5511911110004', q2, other.id, w2, 'open', '2026-11-07T12:00Z', null, null],
        ['Bia Costa', '5511911110005', null, null, w1, 'pending', '2026-11-08T12:00Z', null, null],
        ['Caio Reis', '5511911110006', q2, plain.id, w2, 'closed', '2026-11-09T12:00Z', 10, null],
        ['Davi Prado', '5511911110007', q1, other.id, w1, 'open', '2026-11-10T02:00Z', null, null], // the 9th in São Paulo
        ['Eva Gomes', '5511911110008', q1, plain.id, w1, 'closed', '2026-11-10T12:00Z', 20, 10],
      ]
      for (const [name, number, queueId, userId, whatsappId, status, created, service, rate] of T) {
        const at = new Date(created)
        const closed = service === null ? null : new Date(at.getTime() + (5 + service) * 60_000)
        const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, ${name}, ${number}, 'simulator') returning id`
        const [t] = await tx<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, user_id, created_at, accepted_at, closed_at, last_message)
          values (${companyId}, ${c.id}, ${whatsappId}, 'simulator', ${status}, ${queueId}, ${userId}, ${at}, ${service === null ? null : new Date(at.getTime() + 5 * 60_000)}, ${closed}, ${`Última de ${name}`}) returning id`
        ids[name] = t.id
        contactIds[name] = c.id
        if (rate !== null) await tx`insert into user_ratings (company_id, ticket_id, user_id, rate) values (${companyId}, ${t.id}, ${userId}, ${rate})`
      }
    })
  }, 120_000)

  const report = async (token: string, query: string) => {
    const res = await call(env(), 'GET', `/ticketreport/reports?pageSize=50&${query}`, { token })
    expect({ query, status: res.status }).toEqual({ query, status: 200 })
    return res.body as { tickets: Row[]; totalTickets: { total: number } }
  }
  const names = async (query: string, token = adminToken) => {
    const body = await report(token, query)
    expect(body.totalTickets.total).toBe(body.tickets.length)
    return body.tickets.map((t) => t.contactName)
  }

  test('an admin gets every ticket, newest first, with the row the spec names', async () => {
    const body = await report(adminToken, '')
    expect(body.totalTickets.total).toBe(8)
    expect(body.tickets.map((t) => t.contactName)).toEqual(['Eva Gomes', 'Davi Prado', 'Caio Reis', 'Bia Costa', 'Ana Lima', 'José Souza', 'Maria Silva', 'João Árabe'])
    const joao = body.tickets.find((t) => t.contactName === 'João Árabe')!
    expect(joao).toMatchObject({ status: 'closed', queueName: 'Vendas', userName: 'Paula', whatsappName: 'Loja', supportTime: 45, NPS: 9, lastMessage: 'Última de João Árabe' })
    expect(Object.keys(joao).sort()).toEqual(['NPS', 'closedAt', 'contactName', 'createdAt', 'id', 'lastMessage', 'queueName', 'status', 'supportTime', 'userName', 'uuid', 'whatsappName'].sort())
    expect(body.tickets.find((t) => t.contactName === 'Maria Silva')).toMatchObject({ userName: null, supportTime: null, NPS: null })
  })

  test('each filter keeps exactly the tickets it names', async () => {
    expect(await names('status=["closed"]')).toEqual(['Eva Gomes', 'Caio Reis', 'José Souza', 'João Árabe'])
    expect(await names(`queueIds=[${q2}]`)).toEqual(['Caio Reis', 'Ana Lima', 'José Souza'])
    expect(await names(`users=[${other.id}]`)).toEqual(['Davi Prado', 'Ana Lima', 'José Souza'])
    expect(await names(`whatsappId=[${w2}]`)).toEqual(['Caio Reis', 'Ana Lima', 'José Souza'])
    expect(await names('onlyRated=true')).toEqual(['Eva Gomes', 'José Souza', 'João Árabe'])
    // Davi's ticket (02:00Z on the 10th) is the 9th in São Paulo.
    expect(await names('dateFrom=2026-11-09&dateTo=2026-11-09')).toEqual(['Davi Prado', 'Caio Reis'])
    expect(await names('dateFrom=2026-11-10')).toEqual(['Eva Gomes'])
    expect(await names('searchParam=joao arabe')).toEqual(['João Árabe'])
    expect(await names('searchParam=SILVA')).toEqual(['Maria Silva'])
    expect(await names('searchParam=11110006')).toEqual(['Caio Reis'])
    expect(await names(`searchParam=${ids['Ana Lima']}`)).toContain('Ana Lima')
    expect(await names(`contactId=${contactIds['Bia Costa']}`)).toEqual(['Bia Costa'])
    expect(await names(`status=["closed","open"]&queueIds=[${q1}]&onlyRated=1`)).toEqual(['Eva Gomes', 'João Árabe'])
  })

  test('pages of pageSize, the total over the whole filtered set', async () => {
    const p1 = await call(env(), 'GET', '/ticketreport/reports?page=1&pageSize=5', { token: adminToken })
    const p2 = await call(env(), 'GET', '/ticketreport/reports?page=2&pageSize=5', { token: adminToken })
    const p9 = await call(env(), 'GET', '/ticketreport/reports?page=9&pageSize=5', { token: adminToken })
    expect(p1.body.tickets).toHaveLength(5)
    expect(p2.body.tickets.map((t: Row) => t.contactName)).toEqual(['José Souza', 'Maria Silva', 'João Árabe'])
    expect([p1.body.totalTickets.total, p2.body.totalTickets.total, p9.body.totalTickets.total]).toEqual([8, 8, 8])
    expect(p9.body.tickets).toEqual([])
    const all = await call(env(), 'GET', '/ticketreport/reports?pageSize=9999999', { token: adminToken })
    expect(all.body.tickets).toHaveLength(8)
  })

  test('a plain user reports only on what she may see: her own tickets and her queue\'s, never another queue\'s', async () => {
    expect(await names('', plain.token)).toEqual(['Eva Gomes', 'Davi Prado', 'Caio Reis', 'Maria Silva', 'João Árabe'])
    expect(await names(`queueIds=[${q2}]`, plain.token)).toEqual(['Caio Reis'])
    expect(await names(`users=[${other.id}]&queueIds=[${q2}]`, plain.token)).toEqual([])
  })

  test('bad input is a 400 naming the field', async () => {
    for (const [query, field] of [['status=["lost"]', 'status'], ['pageSize=abc', 'pageSize'], ['dateFrom=2026-13-45', 'dateFrom'], ['dateFrom=2026-11-10&dateTo=2026-11-01', 'dateTo'], ['users=[0]', 'users']]) {
      const res = await call(env(), 'GET', `/ticketreport/reports?${query}`, { token: adminToken })
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body)).toContain(field)
    }
    expect((await call(env(), 'GET', '/ticketreport/reports')).status).toBe(401)
  })
})
