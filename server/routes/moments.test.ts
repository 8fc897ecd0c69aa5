import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'

interface Moment {
  id: number
  uuid: string
  status: string
  lastMessage: string
  updatedAt: string
  createdAt: string
  user: { id: number; name: string } | null
  contact: { id: number; name: string; urlPicture: string | null }
  queue: { id: number; name: string; color: string } | null
  unreadMessages: number
}

/** The live panel's calls over a company in São Paulo with the clock at 2026-11-20 12:00Z. */
describeEachBackend('GET /dashboard/moments and /usersMoments', (env) => {
  let adminToken: string
  let watcher: { id: number; token: string }
  let plain: { token: string }
  let ana: { id: number }
  let q1: number

  beforeAll(async () => {
    const company = await createCompany(env())
    const companyId = company.companyId
    adminToken = company.adminToken
    const w = (await createConnection(env(), companyId)).id
    let q2: number
    ;[q1, q2] = await withSystem(env().services.db, async (tx) =>
      (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#16a34a'), (${companyId}, 'Suporte', '#2563eb') returning id`).map((r) => r.id))
    ana = await createUser(env(), companyId, { name: 'Ana' })
    watcher = await createUser(env(), companyId, { name: 'Vera', allowRealTime: 'enabled' })
    plain = await createUser(env(), companyId, { name: 'Paulo' })
    await withSystem(env().services.db, async (tx) => {
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${watcher.id}, ${q1})`
      // name, queue, owner, status, last update, unread
      const T: [string, number, number | null, string, string, number][] = [
        ['Aberto Vendas', q1, ana.id, 'open', '2026-11-20T11:00Z', 2],
        ['Esperando Vendas', q1, null, 'pending', '2026-11-20T10:00Z', 1],
        ['Aberto Suporte', q2, ana.id, 'open', '2026-11-19T10:00Z', 0],
        ['Esperando Suporte', q2, null, 'pending', '2026-11-18T10:00Z', 3],
        ['Fechado', q1, ana.id, 'closed', '2026-11-20T09:00Z', 0],
        ['Antigo', q1, null, 'pending', '2026-10-01T10:00Z', 0],
      ]
      for (const [name, queueId, userId, status, updated, unread] of T) {
        const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, ${name}, ${'55119' + String(Math.random()).slice(2, 10)}, 'simulator') returning id`
        await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, user_id, unread_messages, last_message, updated_at)
                 values (${companyId}, ${c.id}, ${w}, 'simulator', ${status}, ${queueId}, ${userId}, ${unread}, ${`Oi de ${name}`}, ${new Date(updated)})`
      }
    })
  }, 120_000)

  const moments = async (token: string, path: string) => {
    const res = await call(env(), 'GET', path, { token })
    expect(res.status).toBe(200)
    return (res.body as Moment[]).map((m) => m.contact.name)
  }

  test('an admin sees every live ticket of the last 30 days, newest first, with attendant, contact and queue', async () => {
    expect(await moments(adminToken, '/usersMoments')).toEqual(['Aberto Vendas', 'Esperando Vendas', 'Aberto Suporte', 'Esperando Suporte'])
    const res = await call(env(), 'GET', '/dashboard/moments', { token: adminToken })
    const first = (res.body as Moment[])[0]
    expect(first).toMatchObject({ status: 'open', user: { id: ana.id, name: 'Ana' }, queue: { name: 'Vendas', color: '#16a34a' }, unreadMessages: 2, lastMessage: 'Oi de Aberto Vendas' })
    // Every field as the panel reads it: dates as toISOString writes them, no user as null.
    const [row] = await withSystem(env().services.db, (tx) =>
      tx<{ id: number; uuid: string; contactId: number; createdAt: Date }[]>`select id, uuid::text, contact_id, created_at from tickets where id = ${first.id}`)
    expect(first).toEqual({
      id: row.id, uuid: row.uuid, status: 'open', lastMessage: 'Oi de Aberto Vendas', unreadMessages: 2,
      updatedAt: '2026-11-20T11:00:00.000Z', createdAt: new Date(row.createdAt).toISOString(),
      user: { id: ana.id, name: 'Ana' }, contact: { id: row.contactId, name: 'Aberto Vendas', urlPicture: null }, queue: { id: q1, name: 'Vendas', color: '#16a34a' },
    })
    expect((res.body as Moment[])[1]).toMatchObject({ status: 'pending', user: null, contact: { name: 'Esperando Vendas' } })
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await moments(adminToken, '/dashboard/moments?dateStart=2026-09-25')).toContain('Antigo')
  })

  test('each filter narrows', async () => {
    expect(await moments(adminToken, '/dashboard/moments?status=["pending"]')).toEqual(['Esperando Vendas', 'Esperando Suporte'])
    // Each status is read once, newest first across both.
    expect(await moments(adminToken, '/dashboard/moments?status=["open","open"]')).toEqual(['Aberto Vendas', 'Aberto Suporte'])
    expect(await moments(adminToken, '/dashboard/moments?status=["pending","open"]')).toEqual(['Aberto Vendas', 'Esperando Vendas', 'Aberto Suporte', 'Esperando Suporte'])
    expect(await moments(adminToken, `/dashboard/moments?userId=${ana.id}`)).toEqual(['Aberto Vendas', 'Aberto Suporte'])
    expect(await moments(adminToken, `/dashboard/moments?queueIds=[${q1}]`)).toEqual(['Aberto Vendas', 'Esperando Vendas'])
    expect(await moments(adminToken, '/dashboard/moments?showAll=false')).toEqual(['Esperando Vendas', 'Esperando Suporte'])
    expect(await moments(adminToken, '/dashboard/moments?dateStart=2026-11-19&dateEnd=2026-11-19')).toEqual(['Aberto Suporte'])
  })

  test('a user with allowRealTime sees her queue only; without it, 403', async () => {
    expect(await moments(watcher.token, '/usersMoments')).toEqual(['Aberto Vendas', 'Esperando Vendas'])
    for (const path of ['/usersMoments', '/dashboard/moments']) {
      const res = await call(env(), 'GET', path, { token: plain.token })
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('ERR_NO_PERMISSION')
    }
    const bad = await call(env(), 'GET', '/dashboard/moments?status=["closed"]', { token: adminToken })
    expect(bad.status).toBe(400)
  })
})
