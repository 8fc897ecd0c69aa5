/**
 * Ticket-list figures at volume, run by hand: `bun bench/tickets.ts` (needs the local Postgres; never in CI).
 * One company with 100,000 tickets and 1,000,000 messages (BENCH_TICKETS / BENCH_MESSAGES override):
 *  1. GET /tickets p50 / p95 as an admin and as a plain user in one queue (target p95 ≤ 10 ms)
 *  2. GET /tickets?searchParam=<word>&searchOnMessages=true, common, rare and missing words (target p95 ≤ 100 ms)
 *  3. GET /messages/{ticketId}, pages 1-2 of random tickets (target p95 ≤ 10 ms)
 *  4. the PWA's local ticket list in an in-process PGlite holding 10,000 tickets (target p95 ≤ 10 ms)
 * Requests go through env.app.request (in-process, no port): the figures are the app plus Postgres, without loopback HTTP.
 * BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the list queries (the SQL of server/domain/tickets/list-tickets.ts).
 * BENCH_KEEP=1 leaves the seeded scratch database behind for psql and prints its name (scripts/drop-test-databases.ts sweeps it);
 * BENCH_DB=<that name> measures on it again without seeding.
 */
import { PGlite } from '@electric-sql/pglite'
import { withSystem, withTenant } from '../server/db/tenant.ts'
import { insertUserRow } from '../server/domain/users/insert-user.ts'
import { startTestEnv, type TestEnv } from '../test/env.ts'
import { TEST_PG_URL } from '../test/scratch-db.ts'
import { loginToken, uniq } from '../test/factories.ts'
import { SYNCED_DDL } from '../sync/client/schema.generated.ts'
import { LOCAL_TABLES_DDL } from '../sync/client/local-tables.ts'

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000)
const LOCAL_TICKETS = Number(process.env.BENCH_LOCAL_TICKETS ?? 10_000)
const LIST_CALLS = 200
const SEARCH_CALLS = 100
const MESSAGE_CALLS = 200

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Larissa', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sofia', 'Thiago', 'Vitória', 'Wagner']
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa']
// Every message draws three of these; 'estorno' and 'procuração' are rare, the misses appear nowhere.
const WORDS = ['pedido', 'boleto', 'entrega', 'obrigado', 'atendimento', 'pagamento', 'produto', 'prazo', 'nota fiscal', 'troca', 'cancelamento', 'endereço', 'cartão', 'pix', 'frete', 'dúvida', 'orçamento', 'garantia', 'parcela', 'desconto']
const SEARCH_WORDS = { common: ['boleto', 'pedido', 'entrega', 'pix'], rare: ['estorno', 'procuração'], miss: ['xilofone', 'paralelepípedo'] }
const NAME_SEARCHES = ['silva', 'natalia', 'joão lima', 'otavio ribeiro', 'barbosa']

interface Actors {
  whatsappId: number
  queueIds: number[]
  userIds: number[]
  adminToken: string
  userToken: string
}

/** Queues, users and volume in company 1, set-based, in system scope, with change capture off (superuser: the scratch database). */
async function seedVolume(env: TestEnv): Promise<Actors> {
  const emails: string[] = []
  const ids = await withSystem(env.services.db, async (tx) => {
    const [w] = await tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (1, 'Bench', 'simulator', 'CONNECTED') returning id`
    const queues = await tx<{ id: number }[]>`
      insert into queues (company_id, name, color) select 1, 'Fila ' || g, '#00000' || g from generate_series(1, 3) g returning id`
    const queueIds = queues.map((q) => q.id)
    const userIds: number[] = []
    for (let i = 0; i < 5; i++) {
      const email = `${uniq('bench')}@bench.test`
      emails.push(email)
      userIds.push(await insertUserRow(tx, 1, { name: `Atendente ${i + 1}`, email, password: 'bench-pass', profile: i === 0 ? 'admin' : 'user' }))
    }
    // users[0] is the admin; users[1] is the plain user measured, in queue 1 only; the others share queues 2 and 3.
    await tx`insert into user_queues (company_id, user_id, queue_id)
             values (1, ${userIds[1]}, ${queueIds[0]}), (1, ${userIds[2]}, ${queueIds[1]}), (1, ${userIds[3]}, ${queueIds[2]}),
                    (1, ${userIds[4]}, ${queueIds[1]}), (1, ${userIds[4]}, ${queueIds[2]})`

    await tx`set local session_replication_role = replica` // no sync_log rows for the seed
    await tx`select setseed(0.42)`
    await tx`insert into contacts (company_id, name, number, channel)
             select 1, (${FIRST}::text[])[1 + floor(random() * 20)::int] || ' ' || (${LAST}::text[])[1 + floor(random() * 20)::int]
                       || ' ' || (${LAST}::text[])[1 + floor(random() * 20)::int],
                    (5511900000000 + g)::text, 'whatsapp'
               from generate_series(1, ${TICKETS}) g`
    // 15% open, 15% pending (unowned), 70% closed; 5% without a queue; updated over the last 90 days.
    // Triggers are off (replica): the contact's search key (migrations/0016_*) is copied here.
    await tx`insert into tickets (company_id, contact_id, whatsapp_id, status, queue_id, user_id, channel, last_message,
                                  unread_messages, accepted_at, closed_at, created_at, updated_at, contact_name_folded, contact_number)
             select 1, s.id, ${w.id}, s.status,
                    case when s.rq < 0.05 then null else (${queueIds}::int[])[1 + floor(s.rq * 20)::int % 3] end,
                    case when s.status = 'pending' then null else (${userIds}::int[])[1 + floor(s.ru * 5)::int] end,
                    'whatsapp', 'Última mensagem do cliente ' || s.id,
                    case when s.status = 'closed' then 0 else floor(s.ru * 4)::int end,
                    case when s.status = 'pending' then null else s.ts - interval '1 day' end,
                    case when s.status = 'closed' then s.ts end,
                    s.ts - interval '2 days', s.ts, s.name_folded, s.number
               from (select c.id, c.name_folded, c.number, random() as rq, random() as ru,
                            case when r < 0.15 then 'open' when r < 0.30 then 'pending' else 'closed' end as status,
                            now() - random() * interval '90 days' as ts
                       from (select id, name_folded, number, random() as r from contacts where company_id = 1) c) s`
    const perTicket = Math.ceil(MESSAGES / TICKETS)
    await tx`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, created_at, updated_at)
             select 1, t.id, t.contact_id, t.whatsapp_id,
                    (array['Olá', 'Bom dia', 'Boa tarde', 'Oi'])[1 + floor(random() * 4)::int] || ', sobre o '
                      || (${WORDS}::text[])[1 + floor(random() * 20)::int] || ' e o ' || (${WORDS}::text[])[1 + floor(random() * 20)::int]
                      || ': preciso de ajuda com ' || (${WORDS}::text[])[1 + floor(random() * 20)::int]
                      || case when random() < 0.0002 then ' e um estorno' else '' end
                      || case when random() < 0.00002 then ' com procuração' else '' end,
                    g % 2 = 0, 3,
                    t.updated_at - (${perTicket} - g) * interval '7 minutes', t.updated_at - (${perTicket} - g) * interval '7 minutes'
               from tickets t, generate_series(1, ${perTicket}) g
              where t.company_id = 1`
    return { whatsappId: w.id, queueIds, userIds }
  })
  await env.services.db.sql.unsafe('vacuum analyze')
  return { ...ids, adminToken: await loginToken(env, emails[0], 'bench-pass'), userToken: await loginToken(env, emails[1], 'bench-pass') }
}

async function timed(env: TestEnv, path: string, token: string): Promise<number> {
  const t = performance.now()
  const res = await env.app.request(path, { headers: { authorization: `Bearer ${token}` } })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
  return performance.now() - t
}

function line(label: string, xs: number[], target: number) {
  const p95 = pct(xs, 95)
  const verdict = p95 <= target ? 'ok' : 'MISSED'
  console.log(`  ${label.padEnd(58)}p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   target p95 ≤ ${target} ms  ${verdict}  (n=${xs.length})`)
}

function listPath(i: number) {
  const page = 1 + (Math.floor(i / 4) % 3)
  switch (i % 4) {
    case 0:
      return `/tickets?status=open&pageNumber=${page}`
    case 1:
      return `/tickets?status=pending&pageNumber=${page}`
    case 2:
      return `/tickets?status=open&searchParam=${encodeURIComponent(NAME_SEARCHES[i % NAME_SEARCHES.length])}&pageNumber=${page}`
    default:
      return `/tickets?searchParam=${encodeURIComponent(NAME_SEARCHES[(i >> 2) % NAME_SEARCHES.length])}&pageNumber=${page}`
  }
}

async function postgresFigures(env: TestEnv, a: Actors) {
  const [{ t, m }] = await withSystem(env.services.db, (tx) => tx`select (select count(*)::int from tickets) t, (select count(*)::int from messages) m`)
  console.log(`[postgres] company 1: ${t} tickets, ${m} messages; requests through env.app.request (in-process, no port)`)
  // Warm-up, one round of the calls measured below per actor: each actor's statements differ (visibility),
  // and each of the pool's connections prepares them, plans them (custom plans first, a generic one after
  // five) and caches the plans of the plpgsql lookups on first use; a server running for a while has.
  for (const token of [a.adminToken, a.userToken]) for (let i = 0; i < LIST_CALLS; i++) await timed(env, listPath(i), token)

  for (const [who, token] of [['admin', a.adminToken], ['plain user, 1 queue', a.userToken]] as const) {
    const all: number[] = []
    const byKind: Record<string, number[]> = { open: [], pending: [], 'open+name search': [], 'name search': [] }
    const kinds = Object.keys(byKind)
    for (let i = 0; i < LIST_CALLS; i++) {
      const ms = await timed(env, listPath(i), token)
      all.push(ms)
      byKind[kinds[i % 4]].push(ms)
    }
    line(`GET /tickets as ${who} (mixed, pages 1-3)`, all, 10)
    line('    the tabs (status=open|pending)', [...byKind.open, ...byKind.pending], 10)
    line('    name searches (searchParam=<name>, with and without status)', [...byKind['open+name search'], ...byKind['name search']], 10)
    for (const [k, v] of Object.entries(byKind)) line(`      of which ${k}`, v, 10)
    // Each name over every status, for where a slow search comes from.
    for (const name of NAME_SEARCHES) {
      const xs: number[] = []
      for (let i = 0; i < 30; i++) xs.push(await timed(env, `/tickets?searchParam=${encodeURIComponent(name)}&pageNumber=${1 + (i % 3)}`, token))
      line(`        searchParam=${name}`, xs, 10)
    }
  }

  const words = [...SEARCH_WORDS.common, ...SEARCH_WORDS.rare, ...SEARCH_WORDS.miss]
  const search: Record<string, number[]> = { common: [], rare: [], miss: [] }
  const all: number[] = []
  for (let i = 0; i < SEARCH_CALLS; i++) {
    const word = words[i % words.length]
    const kind = SEARCH_WORDS.common.includes(word) ? 'common' : SEARCH_WORDS.rare.includes(word) ? 'rare' : 'miss'
    const ms = await timed(env, `/tickets?searchParam=${encodeURIComponent(word)}&searchOnMessages=true`, a.adminToken)
    all.push(ms)
    search[kind].push(ms)
  }
  line('GET /tickets?searchParam=<word>&searchOnMessages=true (admin)', all, 100)
  for (const [k, v] of Object.entries(search)) line(`    of which ${k} words`, v, 100)

  const [{ lo, hi }] = await withSystem(env.services.db, (tx) => tx`select min(id)::int lo, max(id)::int hi from tickets`)
  const msgs: number[] = []
  for (let i = 0; i < MESSAGE_CALLS; i++) {
    const id = lo + Math.floor(Math.random() * (hi - lo + 1))
    msgs.push(await timed(env, `/messages/${id}?pageNumber=${1 + (i % 2)}`, a.adminToken))
  }
  line('GET /messages/{ticketId} (admin, random tickets, pages 1-2)', msgs, 10)
}

/**
 * The SQL listTickets runs, for EXPLAIN ANALYZE (admin: no visibility clause beyond company and groups). It runs in a
 * tenant transaction, as requests do: row-level security changes the plans (a LIKE or @@ cannot drive an index under it).
 */
async function explainList(env: TestEnv, a: Actors) {
  const q = (where: string, order = 't.updated_at desc, t.id desc', offset = 40) => `
    select t.id, t.uuid::text as uuid, t.status, t.last_message, t.updated_at,
           json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'urlPicture', c.url_picture) as contact,
           case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end as queue,
           case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as "user",
           case when w.id is null then null else json_build_object('id', w.id, 'name', w.name, 'channel', w.channel) end as whatsapp,
           coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name)
                       from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id), '[]'::json) as tags
      from (select t.id from tickets t where ${where} order by ${order} limit 41 offset ${offset}) p
      join tickets t on t.id = p.id join contacts c on c.id = t.contact_id
      left join queues q on q.id = t.queue_id left join users u on u.id = t.user_id left join whatsapps w on w.id = t.whatsapp_id
     order by ${order}`
  const count = (where: string) => `select count(*)::int from tickets t where ${where}`
  const me = a.userIds[1]
  const plain = `t.company_id = 1 and t.is_group = false and (t.user_id = ${me} or t.queue_id = any('{${a.queueIds[0]}}'::int[]) or (false and t.queue_id is null)) and (t.user_id = ${me} or t.user_id is null)`
  const live = (status: string) => `t.status = '${status}' and t.status in ('open', 'pending')`
  // A name many contacts share is walked on the ticket's copy of its contact's name (list-tickets.ts 'walk-names').
  const name = (w: string) => `(t.contact_name_folded like '%${w}%' or t.contact_number like '%${w}%')`
  const msg = (w: string) => `(t.contact_id = any(array(select app_search_contacts('%${w}%', '%${w}%'))) or t.id = any(array(select app_search_message_tickets('${w}'))))`
  const cases: [string, string][] = [
    ['admin status=open page 2', q(`t.company_id = 1 and ${live('open')}`)],
    ['admin status=open count', count(`t.company_id = 1 and ${live('open')}`)],
    ['plain user status=pending page 2', q(`${plain} and ${live('pending')}`)],
    ['plain user status=pending count', count(`${plain} and ${live('pending')}`)],
    ['admin name search "silva" page 2', q(`t.company_id = 1 and ${name('silva')}`)],
    ['admin name search "silva" count (capped)', `select count(*) from (select 1 from tickets t where t.company_id = 1 and ${name('silva')} limit 1000) s`],
    ['admin message search "estorno" page 1', q(`t.company_id = 1 and ${msg('estorno')}`, undefined, 0)],
    ['admin message search "estorno" count', count(`t.company_id = 1 and ${msg('estorno')}`)],
  ]
  for (const [label, sql] of cases) {
    // A walk runs with bitmap and sequential scans off, as list-tickets.ts planFor() sets them.
    const walk = label.includes('name search')
    const plan = await withTenant(env.services.db, { companyId: 1, userId: a.userIds[0] }, async (tx) => {
      if (walk) await tx`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`
      return tx.unsafe(`explain (analyze, buffers) ${sql}`)
    })
    console.log(`\n--- EXPLAIN ANALYZE: ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`)
  }
}

/** The PWA's local list: the synced tickets and contacts tables (and the UI's indexes) in PGlite. */
async function localFigures() {
  const pg = await PGlite.create('memory://')
  const ddlOf = (table: string) => {
    const m = SYNCED_DDL.match(new RegExp(`create table if not exists "${table}" \\([\\s\\S]*?\\n\\);`))
    if (!m) throw new Error(`no DDL for ${table}`)
    return m[0]
  }
  const indexes = LOCAL_TABLES_DDL.split('\n').filter((l) => /^create index .* on (tickets|contacts) /.test(l))
  await pg.exec([ddlOf('contacts'), ddlOf('tickets'), ...indexes].join('\n'))
  const t0 = performance.now()
  await pg.query(
    `insert into contacts (id, company_id, name, number, active, channel, is_group, created_at, updated_at)
     select g, 1, ($1::text[])[1 + floor(random() * 20)::int] || ' ' || ($2::text[])[1 + floor(random() * 20)::int],
            (5511900000000 + g)::text, true, 'whatsapp', false, now(), now()
       from generate_series(1, ${LOCAL_TICKETS}) g`,
    [FIRST, LAST],
  )
  await pg.exec(
    `insert into tickets (id, uuid, company_id, status, queue_id, contact_id, whatsapp_id, user_id, channel, last_message,
                          unread_messages, from_me, is_group, is_bot, use_integration, created_at, updated_at)
     select g, gen_random_uuid(), 1, case when r < 0.15 then 'open' when r < 0.30 then 'pending' else 'closed' end,
            1 + g % 3, g, 1, case when r < 0.15 then 1 + g % 5 end, 'whatsapp', 'Última mensagem ' || g,
            g % 4, false, false, false, false, ts - interval '2 days', ts
       from (select g, random() as r, now() - random() * interval '90 days' as ts from generate_series(1, ${LOCAL_TICKETS}) g) s;
     analyze tickets; analyze contacts;`,
  )
  const loadMs = performance.now() - t0
  // What the ticket list of the PWA asks its local database: a status tab, newest first, one page.
  const sql = `select t.id, t.uuid, t.status, t.last_message, t.unread_messages, t.queue_id, t.user_id, t.whatsapp_id,
                      t.updated_at, c.id as contact_id, c.name as contact_name, c.number as contact_number, c.url_picture
                 from tickets t join contacts c on c.id = t.contact_id
                where t.status = $1
                order by t.updated_at desc
                limit 40`
  const statuses = ['open', 'pending', 'closed']
  for (let i = 0; i < 20; i++) await pg.query(sql, [statuses[i % 3]])
  const byStatus: Record<string, number[]> = { open: [], pending: [], closed: [] }
  const all: number[] = []
  for (let i = 0; i < 300; i++) {
    const status = statuses[i % 3]
    const t = performance.now()
    const { rows } = await pg.query(sql, [status])
    const ms = performance.now() - t
    if (rows.length !== 40) throw new Error(`local list gave ${rows.length} rows`)
    all.push(ms)
    byStatus[status].push(ms)
  }
  console.log(`[pglite] local tickets + contacts (schema.generated.ts DDL + the UI's indexes): ${LOCAL_TICKETS} tickets loaded in ${loadMs.toFixed(0)} ms, in-process`)
  line('local ticket list (status, join contacts, updated_at desc, 40)', all, 10)
  for (const [k, v] of Object.entries(byStatus)) line(`    of which ${k}`, v, 10)
  if (process.env.BENCH_EXPLAIN) {
    const { rows } = await pg.query<{ 'QUERY PLAN': string }>(`explain analyze ${sql.replace('$1', `'closed'`)}`)
    console.log(`\n--- EXPLAIN ANALYZE (pglite): closed tab\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`)
  }
  await pg.close()
}

/** The actors of a database seeded earlier (BENCH_DB). */
async function actorsOf(env: TestEnv): Promise<Actors> {
  return withSystem(env.services.db, async (tx) => {
    const [w] = await tx<{ id: number }[]>`select id from whatsapps where company_id = 1 and name = 'Bench'`
    const queueIds = (await tx<{ id: number }[]>`select id from queues where company_id = 1 order by id`).map((r) => r.id)
    const users = await tx<{ id: number; email: string }[]>`select id, email from users where email like '%@bench.test' order by id`
    const [adminToken, userToken] = [await loginToken(env, users[0].email, 'bench-pass'), await loginToken(env, users[1].email, 'bench-pass')]
    return { whatsappId: w.id, queueIds, userIds: users.map((u) => u.id), adminToken, userToken }
  })
}

const reuse = process.env.BENCH_DB
const env = await startTestEnv('postgres', { databaseUrl: reuse && Object.assign(new URL(TEST_PG_URL), { pathname: `/${reuse}` }).toString() })
try {
  const t0 = performance.now()
  const actors = reuse ? await actorsOf(env) : await seedVolume(env)
  if (!reuse) console.log(`[postgres] seeded ${TICKETS} tickets / ${MESSAGES} messages (set-based, change capture off) + vacuum analyze in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  await postgresFigures(env, actors)
  if (process.env.BENCH_EXPLAIN) await explainList(env, actors)
} finally {
  if (process.env.BENCH_KEEP || reuse) {
    const [{ name }] = await env.services.db.sql<{ name: string }[]>`select current_database() as name`
    console.log(`[postgres] kept the scratch database ${name}`)
  } else await env.close()
}
await localFigures()
process.exit(0)
