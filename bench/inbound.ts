/**
 * Inbound figures (issue 4), run by hand: `bun bench/inbound.ts` (needs the local Postgres).
 *  1. sustained ingest through the channel host and the inbound pipeline on Postgres (target ≥ 1,000 messages/s),
 *     without and with the routing step (a connection without queues: greeting once, then nothing to do),
 *     its events out through NOTIFY as every Postgres deployment sends them (pg-fanout.ts) before a run ends
 *  2. inbound → visible in a subscribed client (the official Electric client on /v1/shape), p50 / p95 (target p95 ≤ 150 ms)
 *  3. resident memory of this process with 50 simulator sessions exchanging messages
 * BENCH_MESSAGES (default 5,000) and BENCH_CHATS (default 100) size the ingest run.
 */
import { Shape, ShapeStream } from '@electric-sql/client'
import { withSystem } from '../server/db/tenant.ts'
import { enqueueSend } from '../server/domain/outbound/enqueue-send.ts'
import { startTestEnv, type TestEnv } from '../test/env.ts'
import { superToken } from '../test/factories.ts'
import { serve } from '../test/sync-support.ts'
import { inboundRouting } from '../server/domain/routing/index.ts'
import { startPgFanout } from '../server/realtime/pg-fanout.ts'
import { ChannelHost } from '../workers/channel-host.ts'
import type { InboundMessage } from '../workers/channels/types.ts'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000)
const CHATS = Number(process.env.BENCH_CHATS ?? 100)
const SAMPLES = 60
const SESSIONS = 50

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
let seq = 0

function message(chat: number, body: string): InboundMessage {
  return {
    externalId: `BENCH-${++seq}`,
    fromMe: false,
    timestamp: new Date(),
    peer: { number: `55119${String(60000000 + chat).padStart(8, '0')}`, name: `Cliente ${chat}` },
    body,
    mediaType: 'text',
  }
}

async function connection(env: TestEnv, name: string) {
  const [w] = await withSystem(env.services.db, (tx) => tx<{ id: number }[]>`
    insert into whatsapps (company_id, name, channel, status) values (1, ${name}, 'simulator', 'CONNECTED') returning id`)
  return { id: w.id, companyId: 1, channel: 'simulator' as const }
}

function hostOf(env: TestEnv, opts: { route?: boolean } = {}) {
  const s = env.services
  return new ChannelHost({
    db: s.db,
    media: s.media,
    events: s.events,
    now: () => new Date(),
    log: () => {},
    simulator: { ackDelaysMs: [50, 150] },
    // As workers/start-workers.ts runs it: each stored message then takes the routing step too.
    inbound: opts.route ? inboundRouting : undefined,
  })
}

async function ingest(env: TestEnv, opts: { route?: boolean } = {}) {
  const conn = await connection(env, opts.route ? 'Bench ingest routed' : 'Bench ingest')
  const host = hostOf(env, opts)
  // As a Postgres deployment runs (workers/main.ts, server/main.ts): every event goes out through NOTIFY.
  const stopFanout = await startPgFanout({ sql: env.services.db.sql, events: env.services.events, deliver: () => {} })
  const t0 = performance.now()
  await Promise.all(Array.from({ length: MESSAGES }, (_, i) => host.emit(conn, { kind: 'message', message: message(i % CHATS, `mensagem ${i}`) })))
  await stopFanout()
  const ms = performance.now() - t0
  await host.stop()
  return { ms, perSecond: (MESSAGES / ms) * 1000 }
}

async function visibility(env: TestEnv, url: string, token: string) {
  const conn = await connection(env, 'Bench latency')
  const host = hostOf(env)
  const stop = new AbortController()
  const shape = new Shape(new ShapeStream({ url, params: { table: 'messages' }, headers: { Authorization: `Bearer ${token}` }, signal: stop.signal }))
  await shape.rows
  const samples: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const marker = `latência ${i}`
    const seen = new Promise<number>((resolve) => {
      const off = shape.subscribe(({ rows }) => {
        if (rows.some((r) => r.body === marker)) {
          off()
          resolve(performance.now())
        }
      })
    })
    const t0 = performance.now()
    await host.emit(conn, { kind: 'message', message: message(10_000 + (i % 5), marker) })
    samples.push((await seen) - t0)
    await Bun.sleep(20)
  }
  stop.abort()
  await host.stop()
  return { p50: pct(samples, 50), p95: pct(samples, 95), n: samples.length }
}

async function memory(env: TestEnv) {
  Bun.gc(true)
  const before = process.memoryUsage().rss
  const host = hostOf(env)
  const conns: { id: number; companyId: number; channel: 'simulator' }[] = []
  for (let i = 0; i < SESSIONS; i++) conns.push(await connection(env, `Sessão ${i}`))
  for (const c of conns) await (await host.attach(c.id))?.start()
  // Each session: 10 customer messages and 10 replies through the outbound queue.
  await Promise.all(
    conns.map(async (c, i) => {
      for (let m = 0; m < 10; m++) await host.emit(c, { kind: 'message', message: message(20_000 + i, `oi ${m}`) })
    }),
  )
  await withSystem(env.services.db, async (tx) => {
    const tickets = await tx<{ id: number; whatsappId: number; contactId: number }[]>`
      select id, whatsapp_id, contact_id from tickets where whatsapp_id in ${tx(conns.map((c) => c.id))}`
    for (const t of tickets) {
      for (let m = 0; m < 10; m++) {
        await enqueueSend(tx, { companyId: 1, ticketId: t.id, whatsappId: t.whatsappId, contactId: t.contactId, channel: 'simulator', body: `resposta ${m}`, now: new Date() })
      }
    }
  })
  await host.kick()
  await Bun.sleep(500)
  Bun.gc(true)
  const after = process.memoryUsage().rss
  await host.stop()
  return { before, after }
}

const env = await startTestEnv('postgres')
const http = serve(env)
try {
  const token = await superToken(env)
  const ing = await ingest(env)
  console.log(`[postgres] ingest: ${MESSAGES} messages in ${CHATS} chats through the channel host: ${(ing.ms / 1000).toFixed(2)} s → ${ing.perSecond.toFixed(0)} messages/s`)
  const routed = await ingest(env, { route: true })
  console.log(`[postgres] ingest with the routing step (as the workers run it): ${(routed.ms / 1000).toFixed(2)} s → ${routed.perSecond.toFixed(0)} messages/s`)
  const vis = await visibility(env, http.url, token)
  console.log(`[postgres] inbound → visible in a subscribed client: p50 ${vis.p50.toFixed(1)} ms, p95 ${vis.p95.toFixed(1)} ms (n=${vis.n})`)
  const mem = await memory(env)
  console.log(`[postgres] resident memory: ${mb(mem.before)} before, ${mb(mem.after)} with ${SESSIONS} simulator sessions after 1,000 messages`)
} finally {
  http.stop()
  await env.close()
}
process.exit(0)
