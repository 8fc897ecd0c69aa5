import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import { SEARCH_COUNT_CAP } from '../domain/tickets/list-tickets.ts'

interface Row {
  id: number
  userId: number | null
  queueId: number
  isGroup: boolean
}

describeEachBackend("GET /tickets: a walked search's count over the actor's own and unowned tickets", (env) => {
  let admin: { id: number; token: string }
  let plain: { id: number; token: string }
  let q1: number
  let companyId: number
  /** Every ticket of the company, all of a 'Bia Lopes' (so the name is walked), newest first. */
  let rows: Row[] = []

  beforeAll(async () => {
    const company = await createCompany(env())
    companyId = company.companyId
    const w = (await createConnection(env(), companyId)).id
    const [a, b] = await withSystem(env().services.db, async (tx) =>
      (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Q1', '#111111'), (${companyId}, 'Q2', '#222222') returning id`).map((r) => r.id))
    q1 = a
    plain = await createUser(env(), companyId)
    const other = await createUser(env(), companyId)
    const [{ id: adminId }] = await withSystem(env().services.db, (tx) => tx<{ id: number }[]>`select id from users where company_id = ${companyId} and profile = 'admin' limit 1`)
    admin = { id: adminId, token: company.adminToken }
    rows = await withSystem(env().services.db, async (tx) => {
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${plain.id}, ${q1})`
      await tx`insert into contacts (company_id, name, number, channel, is_group)
               select ${companyId}, 'Bia Lopes ' || g, '5511' || (930000000 + g)::text, 'simulator', g % 29 = 0
                 from generate_series(1, 240) g`
      // Owners by turns: the plain user, the other user, the admin, nobody (twice); queues alternate; statuses mixed.
      await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, user_id, is_group, updated_at)
               select ${companyId}, c.id, ${w}, 'simulator', (array['closed', 'open', 'pending'])[1 + c.id % 3],
                      case when c.id % 2 = 0 then ${a}::int else ${b}::int end,
                      (array[${plain.id}::int, ${other.id}::int, ${adminId}::int, null, null])[1 + c.id % 5],
                      c.is_group, timestamp '2026-04-01' + (c.id || ' minutes')::interval
                 from contacts c where c.company_id = ${companyId}`
      return tx<Row[]>`select id, user_id, queue_id, is_group from tickets where company_id = ${companyId} order by updated_at desc, id desc`
    })
  }, 120_000)

  const search = async (token: string, pageNumber: number) => {
    const res = await call(env(), 'GET', `/tickets?searchParam=lopes&pageNumber=${pageNumber}`, { token })
    expect(res.status).toBe(200)
    return res.body as { tickets: { id: number }[]; count: number; hasMore: boolean }
  }

  test('a plain user counts their own tickets in any queue and the unowned ones of their queues, never another user\'s', async () => {
    const visible = rows.filter((r) => !r.isGroup && (r.userId === plain.id || (r.userId === null && r.queueId === q1)))
    expect(visible.length).toBeGreaterThan(40)
    const first = await search(plain.token, 1)
    expect(first.count).toBe(visible.length)
    expect(first.tickets.map((t) => t.id)).toEqual(visible.slice(0, 40).map((r) => r.id))
    expect((await search(plain.token, 2)).tickets.map((t) => t.id)).toEqual(visible.slice(40, 80).map((r) => r.id))
  })

  test('an admin without showAll counts their own and every unowned ticket; groups only with allowGroup', async () => {
    const visible = rows.filter((r) => !r.isGroup && (r.userId === admin.id || r.userId === null))
    const first = await search(admin.token, 1)
    expect(first.count).toBe(visible.length)
    expect(first.tickets.map((t) => t.id)).toEqual(visible.slice(0, 40).map((r) => r.id))
    await withSystem(env().services.db, (tx) => tx`update users set allow_group = true where id = ${admin.id}`)
    const withGroups = rows.filter((r) => r.userId === admin.id || r.userId === null)
    expect(withGroups.length).toBeGreaterThan(visible.length)
    expect((await search(admin.token, 1)).count).toBe(withGroups.length)
  })

  test('past SEARCH_COUNT_CAP matches the count stops at the cap, from both ranges together', async () => {
    await withSystem(env().services.db, async (tx) => {
      await tx`insert into contacts (company_id, name, number, channel)
               select ${companyId}, 'Bia Lopes extra ' || g, '5521' || (930000000 + g)::text, 'simulator' from generate_series(1, ${SEARCH_COUNT_CAP}) g`
      await tx`insert into tickets (company_id, contact_id, channel, status, queue_id, updated_at)
               select ${companyId}, c.id, 'simulator', 'closed', ${q1}::int, timestamp '2026-03-01' + (c.id || ' seconds')::interval
                 from contacts c where c.company_id = ${companyId} and c.name like 'Bia Lopes extra %'`
    })
    const unowned = await search(plain.token, 1)
    expect(unowned.count).toBe(SEARCH_COUNT_CAP)
    expect(unowned.hasMore).toBe(true)
  })
})
