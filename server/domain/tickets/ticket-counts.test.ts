import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../../test/env.ts'
import { call } from '../../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../../test/factories.ts'
import { withSystem } from '../../db/tenant.ts'

const sys = <T>(env: TestEnv, fn: Parameters<typeof withSystem<T>>[1]) => withSystem(env.services.db, fn)

describeEachBackend('ticket_counts: the counts of the ticket list kept as tickets change', (env) => {
  let companyId: number
  let admin: string
  let plain: { id: number; token: string }
  let q1: number
  let q2: number
  let w1: number
  let w2: number

  /** What GET /tickets answers as count, and what counting the tickets it lists would give. */
  async function both(token: string, query: Record<string, string>) {
    const res = await call(env(), 'GET', `/tickets?${new URLSearchParams(query)}`, { token })
    expect(res.status).toBe(200)
    const all: number[] = []
    for (let page = 1; ; page++) {
      const p = await call(env(), 'GET', `/tickets?${new URLSearchParams({ ...query, pageNumber: String(page) })}`, { token })
      all.push(...p.body.tickets.map((t: { id: number }) => t.id))
      if (!p.body.hasMore) break
    }
    return { kept: res.body.count as number, listed: new Set(all).size }
  }

  const tabs = (): [string, Record<string, string>][] => [
    ['pending', { status: 'pending' }],
    ['open', { status: 'open' }],
    ['open, show all', { status: 'open', showAll: 'true' }],
    ['closed, show all', { status: 'closed', showAll: 'true' }],
    ['pending of queue 2', { status: 'pending', queueIds: `[${q2}]` }],
    ['open of connection 2', { status: 'open', whatsapps: `[${w2}]`, showAll: 'true' }],
    ['open or pending of the plain user', { statusFilter: 'open,pending', users: `[${plain.id}]`, showAll: 'true' }],
  ]

  async function expectCountsRight() {
    for (const [label, query] of tabs()) {
      for (const token of [admin, plain.token]) {
        const { kept, listed } = await both(token, query)
        expect({ label, count: kept }).toEqual({ label, count: listed })
      }
    }
  }

  beforeAll(async () => {
    const company = await createCompany(env())
    ;({ companyId, adminToken: admin } = company)
    w1 = (await createConnection(env(), companyId)).id
    w2 = (await createConnection(env(), companyId)).id
    ;[q1, q2] = await sys(env(), async (tx) =>
      (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'A', '#111111'), (${companyId}, 'B', '#222222') returning id`).map((r) => r.id))
    plain = await createUser(env(), companyId)
    await sys(env(), (tx) => tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${plain.id}, ${q1})`)
    await sys(env(), async (tx) => {
      await tx`insert into contacts (company_id, name, number, channel)
               select ${companyId}, 'Contato ' || g, '5511' || (960000000 + g)::text, 'simulator' from generate_series(1, 60) g`
      await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, user_id)
               select ${companyId}, c.id, case when c.id % 2 = 0 then ${w1}::int else ${w2}::int end, 'simulator',
                      (array['pending', 'open', 'closed'])[1 + c.id % 3],
                      case when c.id % 5 = 0 then null when c.id % 2 = 0 then ${q1}::int else ${q2}::int end,
                      case when c.id % 3 = 1 and c.id % 4 = 0 then ${plain.id}::int end
                 from contacts c where c.company_id = ${companyId}`
    })
  }, 120_000)

  test('each tab counts what it lists, for an admin and for a plain user', async () => {
    await expectCountsRight()
  })

  test('accepting, transferring, closing, reopening and deleting tickets move the counts with them', async () => {
    await sys(env(), async (tx) => {
      const ids = (await tx<{ id: number }[]>`select id from tickets where company_id = ${companyId} order by id`).map((r) => r.id)
      await tx`update tickets set status = 'open', user_id = ${plain.id} where id = any(${ids.slice(0, 6)}::int[])`
      await tx`update tickets set queue_id = ${q2}, user_id = null, status = 'pending' where id = any(${ids.slice(6, 10)}::int[])`
      await tx`update tickets set status = 'closed' where id = any(${ids.slice(10, 20)}::int[])`
      await tx`update tickets set status = 'pending', whatsapp_id = ${w2} where id = any(${ids.slice(20, 24)}::int[])`
      await tx`update tickets set last_message = 'só a prévia', unread_messages = 2 where id = any(${ids.slice(24, 40)}::int[])`
      await tx`delete from tickets where id = any(${ids.slice(40, 45)}::int[])`
    })
    await expectCountsRight()
  })

  test('the minute job folds the rows into one per combination and the counts stay the same', async () => {
    const rows = () => sys(env(), async (tx) => (await tx<{ n: number; zero: number }[]>`
      select count(*)::int as n, count(*) filter (where n = 0)::int as zero from ticket_counts where company_id = ${companyId}`)[0])
    const before = await rows()
    const folded = await sys(env(), async (tx) => (await tx<{ n: number }[]>`select app_compact_ticket_counts() as n`)[0].n)
    expect(folded).toBeGreaterThanOrEqual(before.n)
    const after = await rows()
    const combinations = await sys(env(), async (tx) => (await tx<{ n: number }[]>`
      select count(*)::int as n from (select distinct status, queue_id, user_id, whatsapp_id, is_group from tickets where company_id = ${companyId}) s`)[0].n)
    expect(after).toEqual({ n: combinations, zero: 0 })
    expect(after.n).toBeLessThan(before.n)
    await expectCountsRight()
  })

  test('filters the kept counts do not hold (tags, unread, dates) are counted from the tickets', async () => {
    await sys(env(), (tx) => tx`update tickets set unread_messages = 1 where company_id = ${companyId} and status = 'pending' and id % 2 = 0`)
    const { kept, listed } = await both(admin, { status: 'pending', withUnreadMessages: 'true' })
    expect(kept).toBe(listed)
    expect(kept).toBeGreaterThan(0)
  })
})
