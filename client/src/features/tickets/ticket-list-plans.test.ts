import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { PLANNER_SETTINGS } from '../../../../sync/client/local-stats.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { ticketListQuery, type TicketListFilter } from './tickets.ts'

// The list's plans at the size bench/ui.ts measures (10,000 tickets and contacts), as the worker plans
// them: statistics gathered, PLANNER_SETTINGS applied.
let pg: PGlite
const N = 10_000
const base: TicketListFilter = { tab: 'open', userId: 1, showAll: true, queueIds: null, search: '', searchMessages: false, order: 'desc', limit: 40 }
const plan = async (f: TicketListFilter) => {
  const q = ticketListQuery(f)
  return (await pg.query<{ 'QUERY PLAN': string }>(`explain ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN']).join('\n')
}
const rows = async (f: TicketListFilter) => {
  const q = ticketListQuery(f)
  return (await pg.query<{ id: number; contact_name: string; pending: boolean }>(q.sql, q.params)).rows
}

beforeAll(async () => {
  pg = await PGlite.create()
  await applyLocalSchema(pg as never)
  await pg.exec(`insert into contacts (id, company_id, name, number)
                   select g, 1, (array['Ana','Bruno','Carla','Diego'])[1 + g % 4] || ' Cliente ' || g, (5511900000000 + g)::text from generate_series(1, ${N}) g;
                 insert into tickets (id, uuid, company_id, contact_id, whatsapp_id, status, user_id, queue_id, last_message, updated_at)
                   select g, gen_random_uuid(), 1, g, 1, (array['open','pending','closed'])[1 + g % 3], 1, 1 + g % 3, 'oi ' || g, now() - make_interval(secs => g)
                     from generate_series(1, ${N}) g;
                 insert into messages (id, company_id, ticket_id, contact_id, body, from_me, created_at)
                   select (t.id - 1) * 3 + g, 1, t.id, t.id, 'Mensagem ' || g || ': ' || (array['pedido','entrega','boleto'])[1 + (t.id + g) % 3] || ' número ' || t.id,
                          g % 2 = 0, now() - make_interval(mins => 3 - g)
                     from tickets t, generate_series(1, 3) g;
`)
  await pg.exec(PLANNER_SETTINGS)
  await pg.exec('analyze')
})
afterAll(() => pg.close())

describe("the ticket list's plans over 10,000 tickets", () => {
  test("a tab's page is read in the index's order and joins its 40 contacts by key, pending writes or not", async () => {
    for (const pending of [false, true]) {
      if (pending)
        await pg.exec(`insert into local_writes (client_id, table_name, op, row_key, value)
                         select gen_random_uuid(), 'tickets', 'update', jsonb_build_object('id', g), '{"status": "open"}' from generate_series(1, 5) g`)
      const p = await plan(base)
      expect(p).toMatch(/Index Scan using tickets_(status_)?recent_idx on tickets/)
      expect(p).toContain('contacts_pkey')
      expect(p).not.toMatch(/Seq Scan on (tickets|contacts)/)
    }
    // The pending writes laid over: tickets 1-5 opened here (3 was open already) show first (newest), pending; 6 was open.
    const first = await rows(base)
    expect(first.slice(0, 6).map((r) => [r.id, r.pending])).toEqual([[1, true], [2, true], [3, true], [4, true], [5, true], [6, false]])
    await pg.exec(`delete from local_writes`)
  })

  test('a name search reads the matching contacts once, then their tickets by the contact index', async () => {
    const p = await plan({ ...base, tab: 'search', search: 'Ana Cliente 100' })
    expect(p).toContain('tickets_contact_idx')
    expect(p).not.toContain('Seq Scan on tickets')
    // The same tickets as matching by name or number after the join.
    const expected = await pg.query<{ name: string }>(
      `select c.name from tickets t join contacts c on c.id = t.contact_id where lower(c.name) like '%ana cliente 100%' or c.number like '%100%'`,
    )
    const found = (await rows({ ...base, tab: 'search', search: 'Ana Cliente 100' })).map((r) => r.contact_name)
    expect(found.length).toBe(Math.min(40, expected.rows.length))
    expect(found.every((n) => expected.rows.some((e) => e.name === n))).toBe(true)
  })

  test("a message search reads the messages and the contacts once each (hashed), not every ticket joined to its contact", async () => {
    const f: TicketListFilter = { ...base, tab: 'search', search: 'pedido número 200', searchMessages: true }
    const p = await plan(f)
    expect(p).toMatch(/hashed SubPlan/)
    expect(p).not.toMatch(/Seq Scan on contacts c\s/)
    expect(p).toContain('contacts_pkey')
    // The same tickets as matching each ticket against its contact, last message and messages.
    const expected = await pg.query<{ id: number }>(
      `select t.id from tickets t join contacts c on c.id = t.contact_id
        where lower(c.name) like '%pedido número 200%' or c.number like '%200%' or lower(t.last_message) like '%pedido número 200%'
           or exists (select 1 from messages m where m.ticket_id = t.id and lower(m.body) like '%pedido número 200%')
        order by t.updated_at desc, t.id desc limit 40`,
    )
    expect(expected.rows.length).toBeGreaterThan(5)
    expect((await rows(f)).map((r) => r.id)).toEqual(expected.rows.map((r) => r.id))
  })
})
