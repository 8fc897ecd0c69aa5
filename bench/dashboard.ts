/**
 * Dashboard figures at volume (issue 18), run by hand: `bun bench/dashboard.ts` (needs the local Postgres; never in CI).
 * One company with 100,000 tickets created over the 365 days before the test clock (2026-11-20) and 1,000,000 messages
 * (BENCH_TICKETS / BENCH_MESSAGES override); 60% of the closed tickets rated 0-10.
 *   GET /dashboard over 30 days (target p95 ≤ 100 ms) and 365 days (target p95 ≤ 300 ms), as an admin and as a
 *   manager (showDashboard) in one queue; GET /dashboard/ticketsDay and /ticketsUsers over the same ranges.
 *   GET /ticketreport/reports, one page of 10 (target p95 ≤ 30 ms), this month and all time, and the export of
 *   50,000 rows as the screen asks it (5,000 a call; target ≤ 5 s, server memory under 300 MB).
 *   GET /dashboard/moments, the live tickets of the last 30 days (target p95 ≤ 30 ms).
 * Requests go through env.app.request (in-process): the app plus Postgres, without loopback HTTP.
 * BENCH_KEEP=1 keeps the seeded scratch database; BENCH_DB=<name> measures on it again without seeding;
 * BENCH_ONLY=moments (any part of a label) and BENCH_CALLS=200 narrow a paired comparison to one call.
 */
import { withSystem } from '../server/db/tenant.ts'
import { insertUserRow } from '../server/domain/users/insert-user.ts'
import { startTestEnv, type TestEnv } from '../test/env.ts'
import { TEST_PG_URL } from '../test/scratch-db.ts'
import { loginToken, uniq } from '../test/factories.ts'

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000)
const CALLS = Number(process.env.BENCH_CALLS ?? 40)
/** BENCH_ONLY=<text> measures only the calls whose label holds it (and skips the export unless it says "export"). */
const ONLY = process.env.BENCH_ONLY
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]

interface Tokens {
  admin: string
  manager: string
}

async function seed(env: TestEnv): Promise<Tokens> {
  const emails: string[] = []
  await withSystem(env.services.db, async (tx) => {
    const [w] = await tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (1, 'Bench', 'simulator', 'CONNECTED') returning id`
    const queueIds = (await tx<{ id: number }[]>`
      insert into queues (company_id, name, color) select 1, 'Fila ' || g, '#00000' || g from generate_series(1, 3) g returning id`).map((q) => q.id)
    const userIds: number[] = []
    for (let i = 0; i < 8; i++) {
      const email = `${uniq('bench')}@bench.test`
      emails.push(email)
      userIds.push(await insertUserRow(tx, 1, { name: `Atendente ${i + 1}`, email, password: 'bench-pass', profile: i === 0 ? 'admin' : 'user', showDashboard: i === 1 ? 'enabled' : 'disabled' }))
    }
    await tx`insert into user_queues (company_id, user_id, queue_id) select 1, u, (${queueIds}::int[])[1 + (u % 3)] from unnest(${userIds.slice(1)}::int[]) u`
    await tx`set local session_replication_role = replica`
    await tx`select setseed(0.42)`
    await tx`insert into contacts (company_id, name, number, channel, created_at)
             select 1, 'Cliente ' || g, (5511900000000 + g)::text, 'whatsapp', timestamptz '2026-11-20 12:00Z' - random() * interval '400 days'
               from generate_series(1, ${TICKETS}) g`
    // 10% open, 10% pending, 5% nps, 75% closed; created over the last 365 days; waits of up to 2 h, support up to 4 h.
    await tx`insert into tickets (company_id, contact_id, whatsapp_id, status, queue_id, user_id, channel, last_message,
                                  accepted_at, closed_at, created_at, updated_at, contact_name_folded, contact_number)
             select 1, s.id, ${w.id}, s.status,
                    case when s.rq < 0.05 then null else (${queueIds}::int[])[1 + floor(s.rq * 20)::int % 3] end,
                    case when s.status = 'pending' then null else (${userIds}::int[])[1 + floor(s.ru * 8)::int] end,
                    'whatsapp', 'Última mensagem ' || s.id,
                    case when s.status <> 'pending' then s.ts + random() * interval '2 hours' end,
                    case when s.status = 'closed' then s.ts + interval '2 hours' + random() * interval '4 hours' end,
                    s.ts, s.ts + interval '6 hours', s.name_folded, s.number
               from (select c.id, c.name_folded, c.number, random() as rq, random() as ru,
                            case when r < 0.10 then 'open' when r < 0.20 then 'pending' when r < 0.25 then 'nps' else 'closed' end as status,
                            timestamptz '2026-11-20 12:00Z' - random() * interval '365 days' as ts
                       from (select id, name_folded, number, random() as r from contacts where company_id = 1) c) s`
    await tx`insert into user_ratings (company_id, ticket_id, user_id, rate, created_at)
             select 1, id, user_id, floor(random() * 11)::int, closed_at from tickets where company_id = 1 and status = 'closed' and random() < 0.6`
    const perTicket = Math.ceil(MESSAGES / TICKETS)
    // One ticket in five was opened by us (its first message from_me).
    await tx`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, created_at, updated_at)
             select 1, t.id, t.contact_id, t.whatsapp_id, 'Mensagem ' || g, case when g = 1 then t.id % 5 = 0 else g % 2 = 0 end, 3,
                    t.created_at + g * interval '3 minutes', t.created_at + g * interval '3 minutes'
               from tickets t, generate_series(1, ${perTicket}) g
              where t.company_id = 1`
    // The triggers that keep ticket_facts are off with the change capture (replica): filled as migration 0027 does.
    await tx`insert into ticket_facts (ticket_id, company_id, first_from_me, rate)
             select t.id, 1, (select m.from_me from messages m where m.ticket_id = t.id and not m.is_private order by m.created_at, m.id limit 1),
                    (select r.rate from user_ratings r where r.ticket_id = t.id order by r.created_at desc, r.id desc limit 1)
               from tickets t where t.company_id = 1`
  })
  await env.services.db.sql.unsafe('vacuum analyze')
  return { admin: await loginToken(env, emails[0], 'bench-pass'), manager: await loginToken(env, emails[1], 'bench-pass') }
}

async function tokensOf(env: TestEnv): Promise<Tokens> {
  const users = await withSystem(env.services.db, (tx) => tx<{ email: string }[]>`select email from users where email like '%@bench.test' order by id`)
  return { admin: await loginToken(env, users[0].email, 'bench-pass'), manager: await loginToken(env, users[1].email, 'bench-pass') }
}

async function figures(env: TestEnv, label: string, path: string, token: string, target?: number) {
  if (ONLY && !label.includes(ONLY)) return
  const samples: number[] = []
  for (let i = 0; i < CALLS + 3; i++) {
    const t = performance.now()
    const res = await env.app.request(path, { headers: { authorization: `Bearer ${token}` } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
    if (i >= 3) samples.push(performance.now() - t)
  }
  const p95 = pct(samples, 95)
  console.log(`  ${label.padEnd(52)} p50 ${pct(samples, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms${target ? `   [target ≤ ${target}: ${p95 <= target ? 'met' : 'MISSED'}]` : ''}`)
}

/** The screen's export of 50,000 rows: ten calls of 5,000, newest first, timed end to end with the server's memory. */
async function exportFigures(env: TestEnv, token: string) {
  if (ONLY && !'export'.includes(ONLY)) return
  const rss0 = process.memoryUsage().rss
  let peak = rss0
  const t0 = performance.now()
  let rows = 0
  for (let page = 1; page <= 10; page++) {
    const res = await env.app.request(`/ticketreport/reports?page=${page}&pageSize=5000`, { headers: { authorization: `Bearer ${token}` } })
    const body = (await res.json()) as { tickets: unknown[] }
    rows += body.tickets.length
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  const ms = performance.now() - t0
  console.log(`  export of ${rows} report rows in 10 calls of 5,000: ${(ms / 1000).toFixed(2)} s [target ≤ 5 s: ${ms <= 5000 ? 'met' : 'MISSED'}]; process RSS ${(rss0 / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MB [target < 300 MB: ${peak < 300 * 2 ** 20 ? 'met' : 'MISSED'}]`)
}

const reuse = process.env.BENCH_DB
const env = await startTestEnv('postgres', { databaseUrl: reuse && Object.assign(new URL(TEST_PG_URL), { pathname: `/${reuse}` }).toString() })
try {
  const t0 = performance.now()
  const tokens = reuse ? await tokensOf(env) : await seed(env)
  if (!reuse) console.log(`[postgres] seeded ${TICKETS} tickets / ${MESSAGES} messages over 365 days + vacuum analyze in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  for (const [who, token] of [['admin', tokens.admin], ['manager, one queue', tokens.manager]] as const) {
    console.log(`[postgres] as ${who}, ${CALLS} calls each`)
    await figures(env, 'GET /dashboard?days=30', '/dashboard?days=30', token, 100)
    await figures(env, 'GET /dashboard?days=365', '/dashboard?days=365', token, 300)
    await figures(env, 'GET /dashboard/ticketsDay (this month)', '/dashboard/ticketsDay', token)
    await figures(env, 'GET /dashboard/ticketsDay (365 days)', '/dashboard/ticketsDay?initialDate=2025-11-21&finalDate=2026-11-20', token)
    await figures(env, 'GET /dashboard/ticketsUsers (365 days)', '/dashboard/ticketsUsers?initialDate=2025-11-21&finalDate=2026-11-20', token)
    await figures(env, 'GET /ticketreport/reports (this month, page 1)', '/ticketreport/reports?dateFrom=2026-11-01&dateTo=2026-11-20', token, 30)
    await figures(env, 'GET /ticketreport/reports (this month, page 20)', '/ticketreport/reports?dateFrom=2026-11-01&dateTo=2026-11-20&page=20', token, 30)
    await figures(env, 'GET /ticketreport/reports (all time, closed)', '/ticketreport/reports?status=["closed"]', token, 30)
  }
  console.log('[postgres] as admin')
  await figures(env, 'GET /dashboard/moments (live, last 30 days)', '/dashboard/moments', tokens.admin, 30)
  await exportFigures(env, tokens.admin)
} finally {
  if (process.env.BENCH_KEEP || reuse) {
    const [{ name }] = await env.services.db.sql<{ name: string }[]>`select current_database() as name`
    console.log(`[postgres] kept the scratch database ${name}`)
  } else await env.close()
}
process.exit(0)
