import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'

/**
 * A company in America/Sao_Paulo (UTC-3), the clock at 2026-11-20 12:00Z. The range 2026-11-01 to
 * 2026-11-20 starts at 03:00Z on the 1st and ends at 03:00Z on the 21st: T8 (01 Nov 02:00Z, still
 * 31 Oct in São Paulo) is outside, T9 (21 Nov 01:00Z, still the 20th there) inside.
 */
describeEachBackend('GET /dashboard and its charts', (env) => {
  let adminToken: string
  let manager: { id: number; token: string }
  let plain: { token: string }
  let a: { id: number }
  let b: { id: number }
  const ticketIds: Record<string, number> = {}

  beforeAll(async () => {
    const company = await createCompany(env())
    const companyId = company.companyId
    adminToken = company.adminToken
    const w = (await createConnection(env(), companyId)).id
    const [q1, q2] = await withSystem(env().services.db, async (tx) =>
      (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Q1', '#111111'), (${companyId}, 'Q2', '#222222') returning id`).map((r) => r.id))
    a = await createUser(env(), companyId, { name: 'Ana' })
    b = await createUser(env(), companyId, { name: 'Bruno' })
    manager = await createUser(env(), companyId, { name: 'Marta', showDashboard: 'enabled' })
    plain = await createUser(env(), companyId, { name: 'Paulo' })
    await withSystem(env().services.db, async (tx) => {
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${a.id}, ${q1}), (${companyId}, ${b.id}, ${q2}), (${companyId}, ${manager.id}, ${q1})`
      // name, queue, owner, status, created, minutes to accept, minutes accepted → closed, rating, first message ours, contact created, group
      const T: [string, number, number | null, string, string, number | null, number | null, number | null, boolean | null, string, boolean][] = [
        ['T1', q1, a.id, 'closed', '2026-11-05T12:00Z', 10, 30, 10, false, '2026-10-01T12:00Z', false],
        ['T2', q1, a.id, 'closed', '2026-11-10T12:00Z', 20, 60, 7, true, '2026-10-01T12:00Z', false],
        ['T3', q2, b.id, 'closed', '2026-11-12T12:00Z', 30, 90, 9, false, '2026-10-01T12:00Z', false],
        ['T4', q2, b.id, 'nps', '2026-11-15T12:00Z', 40, null, null, false, '2026-10-01T12:00Z', false],
        ['T5', q1, null, 'pending', '2026-11-18T12:00Z', null, null, null, false, '2026-11-18T11:00Z', false],
        ['T6', q1, a.id, 'open', '2026-11-19T12:00Z', 5, null, null, false, '2026-11-18T11:00Z', false],
        ['T7', q2, b.id, 'closed', '2026-11-19T13:00Z', 10, 10, null, false, '2026-10-01T12:00Z', false],
        ['T8', q1, a.id, 'closed', '2026-11-01T02:00Z', 1, 1, 10, false, '2026-11-01T02:00Z', false],
        ['T9', q2, null, 'pending', '2026-11-21T01:00Z', null, null, null, null, '2026-11-21T01:00Z', false],
        ['T10', q2, b.id, 'closed', '2026-11-20T10:00Z', 5, 10, 0, false, '2026-10-01T12:00Z', false],
        ['G', q1, null, 'open', '2026-11-10T12:00Z', null, null, null, false, '2026-10-01T12:00Z', true],
      ]
      for (const [name, queueId, userId, status, created, wait, support, rate, ours, contactCreated, isGroup] of T) {
        const at = new Date(created)
        const accepted = wait === null ? null : new Date(at.getTime() + wait * 60_000)
        const closed = accepted && support !== null ? new Date(accepted.getTime() + support * 60_000) : null
        const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel, is_group, created_at)
          values (${companyId}, ${name}, ${'55119' + String(Math.random()).slice(2, 10)}, 'simulator', ${isGroup}, ${new Date(contactCreated)}) returning id`
        const [t] = await tx<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, user_id, is_group, created_at, accepted_at, closed_at)
          values (${companyId}, ${c.id}, ${w}, 'simulator', ${status}, ${queueId}, ${userId}, ${isGroup}, ${at}, ${accepted}, ${closed}) returning id`
        ticketIds[name] = t.id
        if (ours !== null) {
          // A private note before the first message never decides who wrote first.
          await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me, is_private, created_at) values
            (${companyId}, ${t.id}, ${c.id}, 'nota', true, true, ${new Date(at.getTime() - 1000)}),
            (${companyId}, ${t.id}, ${c.id}, 'first', ${ours}, false, ${at}),
            (${companyId}, ${t.id}, ${c.id}, 'second', ${!ours}, false, ${new Date(at.getTime() + 1000)})`
        }
        if (rate !== null) await tx`insert into user_ratings (company_id, ticket_id, user_id, rate) values (${companyId}, ${t.id}, ${userId}, ${rate})`
      }
    })
  }, 120_000)

  const get = async (token: string, path: string, status = 200) => {
    const res = await call(env(), 'GET', path, { token })
    expect(res.status).toBe(status)
    return res.body
  }

  test('the counters and attendant rows of an admin match the hand-computed figures, days counted in São Paulo', async () => {
    const body = await get(adminToken, '/dashboard?date_from=2026-11-01&date_to=2026-11-20')
    expect(body.range).toEqual({ from: '2026-11-01', to: '2026-11-20' })
    expect(body.counters).toEqual({
      supportHappening: 1, // T6
      supportPending: 2, // T5, T9
      supportFinished: 6, // T1, T2, T3, T4 (nps), T7, T10
      supportGroups: 1,
      leads: 3, // the contacts of T5, T6 and T9 were created within the range
      avgSupportTime: 40, // (30 + 60 + 90 + 10 + 10) / 5
      avgWaitTime: 17.1, // (10 + 20 + 30 + 40 + 5 + 10 + 5) / 7
      activeTickets: 1, // T2
      passiveTickets: 7, // T9 has no message
      npsScore: 25, // 2 promoters, 1 passive, 1 detractor of 4
      npsPromotersPerc: 50,
      npsPassivePerc: 25,
      npsDetractorsPerc: 25,
      tickets: 9,
      waitRating: 1, // T4
      withoutRating: 1, // T7
      withRating: 4,
      percRating: 80,
    })
    const rows = Object.fromEntries((body.attendants as { name: string }[]).map((r) => [r.name, r]))
    expect(rows.Bruno).toMatchObject({ tickets: 4, rating: 4.5, countRating: 2, avgWaitTime: 21.3, avgSupportTime: 36.7, online: false })
    expect(rows.Ana).toMatchObject({ tickets: 3, rating: 8.5, countRating: 2, avgWaitTime: 11.7, avgSupportTime: 45 })
    expect(rows.Paulo).toMatchObject({ tickets: 0, rating: null, countRating: 0, avgWaitTime: 0, avgSupportTime: 0 })
    expect(body.attendants[0].name).toBe('Bruno')
  })

  test('a manager with showDashboard counts only her queue; a plain user gets 403', async () => {
    const body = await get(manager.token, '/dashboard?date_from=2026-11-01&date_to=2026-11-20')
    expect(body.counters).toMatchObject({ tickets: 4, supportHappening: 1, supportPending: 1, supportFinished: 2, supportGroups: 1, withRating: 2, npsScore: 50 })
    const rows = Object.fromEntries((body.attendants as { name: string }[]).map((r) => [r.name, r]))
    expect(rows.Bruno).toMatchObject({ tickets: 0, countRating: 0 })
    expect(rows.Ana).toMatchObject({ tickets: 3 })
    const chart = await get(manager.token, '/dashboard/ticketsUsers?initialDate=2026-11-01&finalDate=2026-11-20')
    expect(chart.data).toEqual([{ userId: a.id, name: 'Ana', total: 3 }, { userId: null, name: null, total: 1 }])
    const refused = await get(plain.token, '/dashboard?days=30', 403)
    expect(refused.error).toBe('ERR_NO_PERMISSION')
    await get(plain.token, '/dashboard/ticketsDay', 403)
  })

  test('the filter needs days or a date, in order; days counts back from today in the company zone', async () => {
    const none = await get(adminToken, '/dashboard', 400)
    expect(none.error).toBe('ERR_VALIDATION')
    expect(JSON.stringify(none)).toContain('Parametrize o filtro')
    const reversed = await get(adminToken, '/dashboard?date_from=2026-11-10&date_to=2026-11-01', 400)
    expect(JSON.stringify(reversed)).toContain('date_to')
    await get(adminToken, '/dashboard?days=abc', 400)
    const today = await get(adminToken, '/dashboard?days=1')
    expect(today.range).toEqual({ from: '2026-11-20', to: '2026-11-20' })
    expect(today.counters.tickets).toBe(2) // T9 and T10
    const month = await get(adminToken, '/dashboard?date_to=2026-11-20')
    expect(month.range).toEqual({ from: '2026-11-01', to: '2026-11-20' })
  })

  test('ticketsDay counts per day in the zone, per hour for one day, per month past 92 days; ticketsUsers per owner', async () => {
    const days = await get(adminToken, '/dashboard/ticketsDay?initialDate=2026-11-01&finalDate=2026-11-20')
    expect(days.unit).toBe('day')
    expect(days.data).toHaveLength(20)
    const by = Object.fromEntries((days.data as { label: string; total: number }[]).map((d) => [d.label, d.total]))
    expect(by).toMatchObject({ '2026-11-01': 0, '2026-11-05': 1, '2026-11-19': 2, '2026-11-20': 2 })
    expect(Object.values(by).reduce((s, n) => s + n, 0)).toBe(9)
    const hours = await get(adminToken, '/dashboard/ticketsDay?initialDate=2026-11-20&finalDate=2026-11-20')
    expect(hours.unit).toBe('hour')
    expect(hours.data).toHaveLength(24)
    const perHour = Object.fromEntries((hours.data as { label: string; total: number }[]).map((d) => [d.label, d.total]))
    expect(perHour).toMatchObject({ '07': 1, '22': 1 }) // T10 at 10:00Z, T9 at 01:00Z the next day
    const months = await get(adminToken, '/dashboard/ticketsDay?initialDate=2026-01-15&finalDate=2026-11-20')
    expect(months.unit).toBe('month')
    expect(months.data.map((d: { label: string }) => d.label)).toEqual(Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`))
    expect(months.data.at(-1).total).toBe(9)
    expect(months.data.at(-2).total).toBe(1) // T8, 31 Oct in São Paulo
    const users = await get(adminToken, '/dashboard/ticketsUsers?initialDate=2026-11-01&finalDate=2026-11-20&companyId=999')
    expect(users.data).toEqual([{ userId: b.id, name: 'Bruno', total: 4 }, { userId: a.id, name: 'Ana', total: 3 }, { userId: null, name: null, total: 2 }])
    await get(adminToken, '/dashboard/ticketsDay?initialDate=2026-11-20&finalDate=2026-11-01', 400)
  })

  // Last: it changes the fixture.
  test('a newer rating replaces the older one and a later message never changes who wrote first (ticket_facts)', async () => {
    await withSystem(env().services.db, async (tx) => {
      const [t] = await tx<{ companyId: number; contactId: number }[]>`select company_id, contact_id from tickets where id = ${ticketIds.T3}`
      await tx`insert into user_ratings (company_id, ticket_id, user_id, rate, created_at) values (${t.companyId}, ${ticketIds.T3}, ${b.id}, 2, now() + interval '1 minute')`
      await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me) values (${t.companyId}, ${ticketIds.T1}, ${t.contactId}, 'later', true)`
    })
    const body = await get(adminToken, '/dashboard?date_from=2026-11-01&date_to=2026-11-20')
    // T3 went from 9 (promoter) to 2 (detractor): 1 promoter, 1 passive, 2 detractors of 4.
    expect(body.counters).toMatchObject({ withRating: 4, npsPromotersPerc: 25, npsDetractorsPerc: 50, npsScore: -25, activeTickets: 1, passiveTickets: 7 })
  })
})
