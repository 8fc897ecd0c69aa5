import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { withSystem, withTenant } from '../db/tenant.ts'

const sys = <T>(env: TestEnv, fn: Parameters<typeof withSystem<T>>[1]) => withSystem(env.services.db, fn)

/** The share of the company's newest tickets whose contact matches the name (what picks the walk). */
async function nameShare(env: TestEnv, companyId: number, name: string): Promise<number> {
  return withTenant(env.services.db, { companyId }, async (tx) =>
    (await tx<{ share: number }[]>`select app_search_name_share(${`%${name}%`}, ${`%${name}%`}) as share`)[0].share)
}

describeEachBackend('GET /tickets searching a name many contacts share', (env) => {
  let token: string
  let plain: { id: number; token: string }
  let companyId: number
  let q1: number
  /** Ticket ids of the Souzas, newest first, with their queue. */
  const souzas: { id: number; queueId: number }[] = []
  beforeAll(async () => {
    const company = await createCompany(env())
    ;({ adminToken: token, companyId } = company)
    const w = (await createConnection(env(), companyId)).id
    const [a, b] = await sys(env(), async (tx) =>
      (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Q1', '#111111'), (${companyId}, 'Q2', '#222222') returning id`).map((r) => r.id))
    q1 = a
    plain = await createUser(env(), companyId)
    await sys(env(), (tx) => tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${plain.id}, ${q1})`)
    await sys(env(), async (tx) => {
      // 300 pending tickets, newest last; every fourth contact is a Souza (one with an accent), alternating queues.
      await tx`insert into contacts (company_id, name, number, channel)
               select ${companyId}, case when g % 4 = 0 then (case when g = 8 then 'Ana Sóuza ' else 'Ana Souza ' end) || g else 'Cliente ' || g end,
                      '5511' || (940000000 + g)::text, 'simulator'
                 from generate_series(1, 300) g`
      await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, updated_at)
               select ${companyId}, c.id, ${w}, 'simulator', 'pending', case when c.id % 2 = 0 then ${a}::int else ${b}::int end,
                      timestamp '2026-03-01' + (c.id || ' minutes')::interval
                 from contacts c where c.company_id = ${companyId}`
      const rows = await tx<{ id: number; queueId: number }[]>`
        select t.id, t.queue_id from tickets t join contacts c on c.id = t.contact_id
         where t.company_id = ${companyId} and c.name like 'Ana S%' order by t.updated_at desc, t.id desc`
      souzas.push(...rows)
      await tx`analyze contacts`
    })
  }, 120_000)

  const search = (tok: string, query: Record<string, string>) => call(env(), 'GET', `/tickets?${new URLSearchParams(query)}`, { token: tok })
  const idsOf = (res: { body: { tickets: { id: number }[] } }) => res.body.tickets.map((t) => t.id)

  test('a quarter of the newest tickets are of a Souza, so they are walked: pages and count as collected', async () => {
    // Measured, not estimated: 75 of the company's 300 tickets; a name on four of them stays below the walk's 3%.
    expect(await nameShare(env(), companyId, 'souza')).toBeCloseTo(0.25, 6)
    expect(await nameShare(env(), companyId, 'ana souza 12')).toBeCloseTo(4 / 300, 6)
    const p1 = await search(token, { searchParam: 'SOUZA' })
    expect(p1.status).toBe(200)
    expect(idsOf(p1)).toEqual(souzas.slice(0, 40).map((t) => t.id))
    expect(p1.body).toMatchObject({ count: 75, hasMore: true })
    const p2 = await search(token, { searchParam: 'souza', pageNumber: '2' })
    expect(idsOf(p2)).toEqual(souzas.slice(40).map((t) => t.id))
    expect(p2.body).toMatchObject({ count: 75, hasMore: false })
  })

  test('a walk keeps to what a plain user may see and to the status asked', async () => {
    const res = await search(plain.token, { searchParam: 'souza', status: 'pending' })
    const mine = souzas.filter((t) => t.queueId === q1)
    expect(idsOf(res)).toEqual(mine.slice(0, 40).map((t) => t.id))
    expect(res.body.count).toBe(mine.length)
    expect((await search(plain.token, { searchParam: 'souza', status: 'open' })).body).toMatchObject({ tickets: [], count: 0 })
  })

  test('a renamed contact is found by its new name on its tickets, which keep their place in the list and send nothing to the browsers', async () => {
    const target = souzas[5].id
    const before = await sys(env(), async (tx) => {
      const [t] = await tx<{ updatedAt: Date; contactId: number }[]>`select updated_at, contact_id from tickets where id = ${target}`
      const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from sync_log where relation = 'tickets' and company_id = ${companyId}`
      return { ...t, logged: n }
    })
    await withTenant(env().services.db, { companyId }, (tx) => tx`update contacts set name = 'Zuleica Prado', number = '5511977776666' where id = ${before.contactId}`)
    expect(idsOf(await search(token, { searchParam: 'zulêica' }))).toEqual([target])
    expect(idsOf(await search(token, { searchParam: '77776666' }))).toEqual([target])
    expect(idsOf(await search(token, { searchParam: 'souza' }))).not.toContain(target)
    const after = await sys(env(), async (tx) => {
      const [t] = await tx<{ updatedAt: Date }[]>`select updated_at from tickets where id = ${target}`
      const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from sync_log where relation = 'tickets' and company_id = ${companyId}`
      return { ...t, logged: n }
    })
    expect(after.updatedAt).toEqual(before.updatedAt)
    expect(after.logged).toBe(before.logged)
  })

  test('a new ticket carries its contact\'s folded name and number from the start', async () => {
    const key = await sys(env(), async (tx) => {
      const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, 'Érica Nunes', '5511966665555', 'simulator') returning id`
      const [t] = await tx<{ contactNameFolded: string; contactNumber: string }[]>`
        insert into tickets (company_id, contact_id, channel, status) values (${companyId}, ${c.id}, 'simulator', 'closed')
        returning contact_name_folded, contact_number`
      return t
    })
    expect(key).toEqual({ contactNameFolded: 'erica nunes', contactNumber: '5511966665555' })
  })
})
