/**
 * Sync figures (issue 3), run by hand: `bun bench/sync.ts` (needs the local Postgres).
 *  1. initial sync of 10k tickets + 100k messages into an in-memory PGlite through pglite-sync (target ≤ 5 s)
 *  2. write → visible to 50 live subscribers, p50 / p95 (target p95 ≤ 150 ms)
 *  3. change-log throughput on Postgres: changes positioned per second (target ≥ 5,000/s), written by a
 *     process of ours and, for comparison, by a client from outside
 *  4. the same writers with change capture off (the change log's triggers disabled): the raw commit rate, and
 *     the change log's rate as a share of it (goal ≥ 80%)
 *  5. a transfer of a ticket with 1,000 messages to a user whose client is open → all 1,000 in her local
 *     PGlite, p50 / p95 over 30 transfers (target p95 ≤ 1 s)
 * BENCH_PARTS=initial stops after 1; BENCH_PARTS=trace splits the initial sync of messages into its steps;
 * BENCH_PARTS=moves runs only 5.
 * Servers are on loopback; clients are the official @electric-sql/client and pglite-sync in this process.
 */
import { PGlite } from '@electric-sql/pglite'
import { electricSync } from '@electric-sql/pglite-sync'
import { Shape, ShapeStream } from '@electric-sql/client'
import { connectDatabase, type Tx } from '../server/db/connect.ts'
import { withSystem, type Db } from '../server/db/tenant.ts'
import { SyncService } from '../sync/server/sync-service.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestEnv, type Backend, type TestEnv } from '../test/env.ts'
import { createUser, superToken } from '../test/factories.ts'
import { localDatabase, serve } from '../test/sync-support.ts'
import { applyLocalSchema } from '../sync/client/schema.ts'
import { startSync } from '../sync/client/start-sync.ts'

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000)
const SUBSCRIBERS = 50
const WRITES = 40

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]

async function seedVolume(env: TestEnv) {
  await withSystem(env.services.db, async (tx) => {
    const [w] = await tx`insert into whatsapps (company_id, name, channel) values (1, 'Bench', 'simulator') returning id`
    await tx`insert into contacts (company_id, name, number) select 1, 'Cliente ' || g, (5511900000000 + g)::text from generate_series(1, ${TICKETS}) g`
    await tx`insert into tickets (company_id, contact_id, whatsapp_id, status, last_message)
             select 1, c.id, ${w.id}, 'open', 'mensagem ' || c.id from contacts c where c.company_id = 1`
    await tx`insert into messages (company_id, ticket_id, body, from_me)
             select 1, t.id, 'Olá, esta é a mensagem número ' || g || ' do atendimento', g % 2 = 0
               from tickets t, generate_series(1, ${Math.ceil(MESSAGES / TICKETS)}) g`
  })
  await env.services.sync.runOnce()
}

/**
 * The browser's first load as the app does it (sync/client/start-sync.ts): the local schema with the
 * UI's indexes, the CSV-safe rows, messages bulk-loaded first; timed until every shape is up to date.
 */
async function initialSync(env: TestEnv, url: string, token: string) {
  const local = await PGlite.create('memory://', { extensions: { electric: electricSync() } })
  await applyLocalSchema(local)
  const t0 = performance.now()
  const sync = await startSync(local, { shapeUrl: url, userKey: 'bench', tables: ['messages', 'tickets'], getToken: async () => token })
  // Up to date and committed: every seeded row is in the local tables.
  const counts = async () => (await local.query<{ t: number; m: number }>('select (select count(*)::int from tickets) t, (select count(*)::int from messages) m')).rows[0]
  for (;;) {
    const status = sync.status.get()
    if (status.state === 'error') throw new Error(`sync failed: ${status.error}`)
    if (status.state === 'up-to-date') {
      const c = await counts()
      if (c.t >= TICKETS && c.m >= MESSAGES) break
    }
    await Bun.sleep(5)
  }
  const ms = performance.now() - t0
  sync.unsubscribe()
  const rows = await counts()
  await local.close()
  return { ms, ...rows }
}

/**
 * Where the initial sync's time goes (BENCH_PARTS=trace): the server's snapshot of messages over HTTP,
 * the client's JSON parse, and the insert of those rows into PGlite the way pglite-sync's 'json' method
 * does it (json_to_recordset, 10,000 rows a statement).
 */
async function traceInitial(env: TestEnv, url: string, token: string) {
  const t0 = performance.now()
  const res = await fetch(`${url}?table=messages&offset=-1`, { headers: { Authorization: `Bearer ${token}` } })
  const firstByte = performance.now() - t0
  const text = await res.text()
  const body = performance.now() - t0
  const t1 = performance.now()
  const rows = (JSON.parse(text) as { value: Record<string, unknown> }[]).map((m) => m.value)
  const parse = performance.now() - t1
  const local = await localDatabase(env, ['messages'])
  const { rows: cols } = await local.query<{ column_name: string; udt_name: string }>(
    `select column_name, udt_name from information_schema.columns where table_name = 'messages' and table_schema = 'public'`,
  )
  const present = cols.filter((c) => Object.hasOwn(rows[0], c.column_name))
  const t2 = performance.now()
  for (let i = 0; i < rows.length; i += 10_000) {
    await local.query(
      `insert into messages select x.* from json_to_recordset($1) as x(${present.map((c) => `${c.column_name} ${c.udt_name}`).join(', ')})`,
      [rows.slice(i, i + 10_000)],
    )
  }
  const insert = performance.now() - t2
  await local.close()
  console.log(
    `[trace] messages snapshot: first byte ${firstByte.toFixed(0)} ms, body ${body.toFixed(0)} ms (${(text.length / 1e6).toFixed(1)} MB), ` +
      `JSON.parse ${parse.toFixed(0)} ms, insert of ${rows.length} rows ${insert.toFixed(0)} ms`,
  )
}

async function fanOut(env: TestEnv, url: string, token: string) {
  const stop = new AbortController()
  const shapes: Shape[] = []
  for (let i = 0; i < SUBSCRIBERS; i++) {
    shapes.push(new Shape(new ShapeStream({ url, params: { table: 'companies' }, headers: { Authorization: `Bearer ${token}` }, signal: stop.signal })))
  }
  await Promise.all(shapes.map((s) => s.rows))
  const samples: number[] = []
  for (let w = 0; w < WRITES; w++) {
    const marker = `Empresa bench ${w}`
    const seen = shapes.map(
      (s) =>
        new Promise<number>((resolve) => {
          const off = s.subscribe(({ rows }) => {
            if (rows.some((r) => r.name === marker)) {
              off()
              resolve(performance.now())
            }
          })
        }),
    )
    const t0 = performance.now()
    await withSystem(env.services.db, (tx) => tx`update companies set name = ${marker} where id = 1`)
    for (const t of await Promise.all(seen)) samples.push(t - t0)
    await Bun.sleep(30)
  }
  stop.abort()
  return { p50: pct(samples, 50), p95: pct(samples, 95), n: samples.length }
}

/**
 * 8 writers, 2,000 transactions of 5 ticket inserts, timed until every change has its position. `ours`:
 * the writers are a second process of ours (a worker: its own pool and sequencer, kicked after each
 * commit, as every API and worker process runs). `outside`: raw SQL from a client that is not ours,
 * woken through the trigger's NOTIFY (psql, another tool).
 */
async function throughput(env: TestEnv, writers: 'ours' | 'outside' | 'raw') {
  const url = env.services.config.DATABASE_URL!
  const database = await connectDatabase({ databaseUrl: url, max: 8 })
  const sync = writers === 'outside' ? undefined : new SyncService(database)
  await sync?.start()
  const db: Db = { sql: database.sql, roleSwitch: false, onCommit: sync && (() => sync.kick()) }
  const sql = database.sql
  const [w] = await sql`select id from whatsapps limit 1`
  const [c] = await sql`select id from contacts limit 1`
  const TXS = 2000
  const PER_TX = 5
  const [{ n: start }] = await sql<{ n: string }[]>`select n::text from sync_clock`
  // Capture off: only the change log's triggers, so the raw run keeps every other trigger of tickets.
  if (writers === 'raw') await sql`alter table tickets disable trigger sync_capture, disable trigger sync_moves`
  const t0 = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < TXS) {
        next++
        const insert = async (tx: Tx) => {
          for (let i = 0; i < PER_TX; i++) {
            await tx`insert into tickets (company_id, contact_id, whatsapp_id, status) values (1, ${c.id}, ${w.id}, 'closed')`
          }
        }
        await (writers === 'outside' ? sql.begin(insert) : withSystem(db, insert))
      }
    }),
  )
  const written = performance.now() - t0
  if (writers === 'raw') await sql`alter table tickets enable trigger sync_capture, enable trigger sync_moves`
  // All positioned: the clock has advanced by one seq per transaction.
  for (;;) {
    const [{ pending }] = await sql<{ pending: number }[]>`select count(*)::int as pending from sync_log where seq is null`
    if (pending === 0) break
    await Bun.sleep(5)
  }
  const positioned = performance.now() - t0
  const [{ n: end }] = await sql<{ n: string }[]>`select n::text from sync_clock`
  await sync?.stop()
  await database.close()
  const changes = TXS * PER_TX
  return { changes, txs: Number(BigInt(end) - BigInt(start)), writeMs: written, positionedMs: positioned, perSecond: (changes / positioned) * 1000 }
}

/**
 * The initial sync against `bun server/main.ts` on the same database, so the server and this process's
 * client (the browser's part) no longer share one JavaScript thread. Logs in for a token on the real clock.
 */
async function initialSyncFromServerProcess(env: TestEnv) {
  const port = 30000 + Math.floor(Math.random() * 20000)
  const child = Bun.spawn([process.execPath, 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: env.services.config.DATABASE_URL!, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01' },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  try {
    const base = `http://127.0.0.1:${port}`
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/version`).then((r) => r.ok, () => false)
      if (up) break
      if (i > 300) throw new Error('server process did not start')
      await Bun.sleep(100)
    }
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })
    const { token } = (await login.json()) as { token: string }
    return await initialSync(env, `${base}/v1/shape`, token)
  } finally {
    child.kill()
    await child.exited
  }
}

const MOVE_MESSAGES = 1_000
const TRANSFERS = 30

/**
 * Transfers of a ticket with MOVE_MESSAGES messages to a plain user whose client (pglite-sync in this
 * process, as start-sync runs it) is open, timed from the transfer's commit until every message is in
 * her PGlite; each ticket is transferred away again before the next one.
 */
async function transferMoves(env: TestEnv, url: string) {
  const user = await createUser(env, 1)
  const tickets = await withSystem(env.services.db, async (tx) => {
    const [w] = await tx`select id from whatsapps where company_id = 1 limit 1`
    const ids: number[] = []
    for (let i = 0; i < TRANSFERS; i++) {
      const [c] = await tx`insert into contacts (company_id, name, number) values (1, ${`Transferido ${i}`}, ${String(5511800000000 + i)}) returning id`
      const [t] = await tx`insert into tickets (company_id, contact_id, whatsapp_id, status) values (1, ${c.id}, ${w.id}, 'pending') returning id`
      await tx`insert into messages (company_id, ticket_id, body, from_me)
               select 1, ${t.id}, 'Histórico ' || g || ' de uma conversa longa que o atendente precisa ler', g % 3 = 0 from generate_series(1, ${MOVE_MESSAGES}) g`
      ids.push(t.id)
    }
    return ids
  })
  await env.services.sync.runOnce()
  const local = await PGlite.create('memory://', { extensions: { electric: electricSync() } })
  await applyLocalSchema(local)
  const sync = await startSync(local, { shapeUrl: url, userKey: 'bench-moves', tables: ['tickets', 'messages', 'ticket_notes', 'ticket_tags'], getToken: async () => user.token })
  while (sync.status.get().state !== 'up-to-date') await Bun.sleep(5)
  const held = async (id: number) => (await local.query<{ n: number }>('select count(*)::int as n from messages where ticket_id = $1', [id])).rows[0].n
  const samples: number[] = []
  const txs: number[] = []
  for (const id of tickets) {
    const t0 = performance.now()
    await withSystem(env.services.db, (tx) => tx`update tickets set user_id = ${user.id}, status = 'open' where id = ${id}`)
    const committed = performance.now()
    while ((await held(id)) < MOVE_MESSAGES) await Bun.sleep(2)
    samples.push(performance.now() - committed)
    txs.push(committed - t0)
    await withSystem(env.services.db, (tx) => tx`update tickets set user_id = null, status = 'pending' where id = ${id}`)
    while ((await held(id)) > 0) await Bun.sleep(2)
  }
  sync.unsubscribe()
  await local.close()
  return { p50: pct(samples, 50), p95: pct(samples, 95), n: samples.length, txP50: pct(txs, 50) }
}

async function run(backend: Backend) {
  const env = await startTestEnv(backend)
  const http = serve(env)
  try {
    if (process.env.BENCH_PARTS === 'moves') {
      await seedVolume(env)
      const moves = await transferMoves(env, http.url)
      console.log(`[${backend}] transfer of a ticket with ${MOVE_MESSAGES} messages → all in her PGlite: p50 ${moves.p50.toFixed(0)} ms, p95 ${moves.p95.toFixed(0)} ms (n=${moves.n}); the transfer's own transaction p50 ${moves.txP50.toFixed(0)} ms`)
      return
    }
    await seedVolume(env)
    const token = await superToken(env)
    if (process.env.BENCH_PARTS === 'trace') return await traceInitial(env, http.url, token)
    const init = await initialSync(env, http.url, token)
    console.log(`[${backend}] initial sync ${init.t} tickets + ${init.m} messages into PGlite: ${(init.ms / 1000).toFixed(2)} s`)
    if (backend === 'postgres') {
      const apart = await initialSyncFromServerProcess(env)
      console.log(`[${backend}] the same with the server in its own process (as in production): ${(apart.ms / 1000).toFixed(2)} s (${apart.t} + ${apart.m})`)
    }
    if (process.env.BENCH_PARTS === 'initial') return
    // The server process logged the same user in, which ended the session of `token` (one session per user).
    const fan = await fanOut(env, http.url, await superToken(env))
    console.log(`[${backend}] write → visible to ${SUBSCRIBERS} subscribers: p50 ${fan.p50.toFixed(1)} ms, p95 ${fan.p95.toFixed(1)} ms (n=${fan.n})`)
    if (backend === 'postgres') {
      const rates: Record<string, number> = {}
      // raw, ours, raw, ours: the same machine in the same run, each pair under the same load.
      for (const writers of ['raw', 'ours', 'outside', 'raw', 'ours'] as const) {
        const tp = await throughput(env, writers)
        if (writers === 'raw') {
          console.log(`[${backend}] raw commits (capture off): ${tp.changes} rows in 2000 transactions from 8 writers, ${tp.writeMs.toFixed(0)} ms → ${((tp.changes / tp.writeMs) * 1000).toFixed(0)} rows/s`)
          rates.raw = Math.max(rates.raw ?? 0, (tp.changes / tp.writeMs) * 1000)
          continue
        }
        const who = writers === 'ours' ? 'from a process of ours' : 'from outside (NOTIFY)'
        console.log(`[${backend}] change log ${who}: ${tp.changes} changes in ${tp.txs} transactions from 8 writers, written in ${tp.writeMs.toFixed(0)} ms, positioned in ${tp.positionedMs.toFixed(0)} ms → ${tp.perSecond.toFixed(0)} changes/s`)
        if (writers === 'ours') rates.ours = Math.max(rates.ours ?? 0, tp.perSecond)
      }
      console.log(`[${backend}] change log from a process of ours keeps ${((rates.ours / rates.raw) * 100).toFixed(0)}% of the raw commit rate (best of two each; goal ≥ 80%)`)
      const moves = await transferMoves(env, http.url)
      console.log(`[${backend}] transfer of a ticket with ${MOVE_MESSAGES} messages → all in her PGlite: p50 ${moves.p50.toFixed(0)} ms, p95 ${moves.p95.toFixed(0)} ms (n=${moves.n}); the transfer's own transaction p50 ${moves.txP50.toFixed(0)} ms`)
    }
  } finally {
    http.stop()
    await env.close()
  }
}

for (const backend of (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',') as Backend[]) await run(backend)
process.exit(0)
