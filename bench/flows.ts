/**
 * Flow figures (issue 21), run by hand: `bun bench/flows.ts` (needs the local Postgres).
 *  1. an inbound message that advances a flow step → the step's reply enqueued (the answer walks a menu
 *     option to a message and back to the menu), p50 / p95 on Postgres (target p95 ≤ 50 ms)
 *  2. ingest through the channel host with the routing step while a flow runs on every chat (target
 *     ≥ 1,000 messages/s): each message advancing it (two replies queued per message), and each message
 *     arriving while the flow waits in an interval (stored only: the flow rule's own cost); each with the
 *     CPU a message costs this process and Postgres (bench/cpu.ts), steadier than the rate on a busy host;
 *     the events go out through NOTIFY as every Postgres deployment sends them (pg-fanout.ts), and a run
 *     ends when the last one has
 * BENCH_MESSAGES (default 5,000), BENCH_CHATS (default 100) and BENCH_SAMPLES (default 300) size the runs.
 */
import { withSystem } from '../server/db/tenant.ts'
import { cpuMeter, formatCpu } from './cpu.ts'
import { startPgFanout } from '../server/realtime/pg-fanout.ts'
import { inboundRouting, routeInbound } from '../server/domain/routing/index.ts'
import { startTestEnv, type TestEnv } from '../test/env.ts'
import { ChannelHost } from '../workers/channel-host.ts'
import type { InboundMessage } from '../workers/channels/types.ts'
import { handleChannelEvent } from '../workers/inbound/handle-channel-event.ts'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000)
const CHATS = Number(process.env.BENCH_CHATS ?? 100)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300)

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
let seq = 0

function message(base: number, chat: number, body: string): InboundMessage {
  return {
    externalId: `FLOWBENCH-${++seq}`,
    fromMe: false,
    timestamp: new Date(),
    peer: { number: `55117${String(base + chat).padStart(8, '0')}`, name: `Cliente ${chat}` },
    body,
    mediaType: 'text',
  }
}

/** A connection of company 1 with a flow started by the phrase 'fluxo': a menu whose option 1 says 'ok' and shows the menu again. */
async function prepare(env: TestEnv, name: string, waitInInterval = false) {
  return withSystem(env.services.db, async (tx) => {
    const [w] = await tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (1, ${name}, 'simulator', 'CONNECTED') returning id`
    const graph = {
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Início' } },
        { id: 'menu1', type: 'menu', position: { x: 0, y: 100 }, data: { message: 'Escolha, {{name}}:', arrayOption: [{ number: 1, value: 'De novo' }, { number: 2, value: 'Sair' }] } },
        { id: 'm1', type: 'message', position: { x: 0, y: 200 }, data: { label: 'ok' } },
        { id: 'w1', type: 'interval', position: { x: 0, y: 300 }, data: { sec: 120 } },
      ],
      connections: [
        { source: '1', sourceHandle: 'a', target: 'menu1' },
        { source: 'menu1', sourceHandle: 'a1', target: 'm1' },
        waitInInterval ? { source: 'm1', sourceHandle: 'a', target: 'w1' } : { source: 'm1', sourceHandle: 'a', target: 'menu1' },
      ],
    }
    const [f] = await tx<{ id: number }[]>`insert into flows (company_id, name, flow) values (1, ${name}, ${tx.json(graph)}) returning id`
    await tx`insert into flow_campaigns (company_id, name, flow_id, whatsapp_id, phrase) values (1, ${name}, ${f.id}, ${w.id}, 'fluxo')`
    return { id: w.id, companyId: 1, channel: 'simulator' as const }
  })
}

async function stepLatency(env: TestEnv) {
  const conn = await prepare(env, 'Bench flow latency')
  const s = env.services
  const deps = { db: s.db, media: s.media, events: s.events, now: () => new Date(), route: routeInbound }
  const chats = 20
  for (let c = 0; c < chats; c++) await handleChannelEvent(deps, conn, { kind: 'message', message: message(10_000, c, 'fluxo') })
  const samples: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now()
    const r = (await handleChannelEvent(deps, conn, { kind: 'message', message: message(10_000, i % chats, '1') })) as { ticketId: number }
    samples.push(performance.now() - t0)
    if (i === 0) {
      const [m] = await withSystem(s.db, (tx) => tx<{ body: string }[]>`select body from messages where ticket_id = ${r.ticketId} and from_me order by id desc limit 2`)
      if (!m || !/Escolha/.test(m.body)) throw new Error('the flow did not answer')
    }
  }
  return { p50: pct(samples, 50), p95: pct(samples, 95), n: samples.length }
}

/** With `waiting`, each chat's flow first moves into a 2-minute interval: the measured messages are only stored (the rule's cost alone). */
async function ingest(env: TestEnv, waiting = false) {
  const conn = await prepare(env, `Bench flow ingest${waiting ? ' waiting' : ''}`, waiting)
  const s = env.services
  const host = new ChannelHost({ db: s.db, media: s.media, events: s.events, now: () => new Date(), log: () => {}, simulator: { ackDelaysMs: [] }, inbound: inboundRouting })
  await Promise.all(Array.from({ length: CHATS }, (_, c) => host.emit(conn, { kind: 'message', message: message(waiting ? 30_000 : 20_000, c, 'fluxo') })))
  if (waiting) await Promise.all(Array.from({ length: CHATS }, (_, c) => host.emit(conn, { kind: 'message', message: message(waiting ? 30_000 : 20_000, c, '1') })))
  const running = await withSystem(s.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from tickets where whatsapp_id = ${conn.id} and flow_webhook`)
  // As a Postgres deployment runs (workers/main.ts, server/main.ts): every event goes out through NOTIFY.
  const stopFanout = await startPgFanout({ sql: s.db.sql, events: s.events, deliver: () => {} })
  const cpu = cpuMeter()
  const t0 = performance.now()
  await Promise.all(Array.from({ length: MESSAGES }, (_, i) => host.emit(conn, { kind: 'message', message: message(waiting ? 30_000 : 20_000, i % CHATS, '1') })))
  // Until every event is out, not only stored.
  await stopFanout()
  const ms = performance.now() - t0
  const perMessage = cpu.per(MESSAGES)
  await host.stop()
  const [{ replies }] = await withSystem(s.db, (tx) => tx<{ replies: number }[]>`
    select count(*)::int as replies from messages where whatsapp_id = ${conn.id} and from_me`)
  return { ms, perSecond: (MESSAGES / ms) * 1000, running: running[0].n, replies, cpu: perMessage }
}

const env = await startTestEnv('postgres')
try {
  const lat = await stepLatency(env)
  console.log(`[postgres] inbound that advances a flow step → its replies enqueued: p50 ${lat.p50.toFixed(1)} ms, p95 ${lat.p95.toFixed(1)} ms (n=${lat.n})`)
  const ing = await ingest(env)
  console.log(
    `[postgres] ingest with a flow running on every chat, each message a step (${ing.running} chats): ${MESSAGES} messages in ${(ing.ms / 1000).toFixed(2)} s → ${ing.perSecond.toFixed(0)} messages/s (${ing.replies} replies queued); ${formatCpu(ing.cpu)}`,
  )
  const idle = await ingest(env, true)
  console.log(
    `[postgres] ingest with a flow waiting in an interval on every chat (${idle.running} chats; messages stored, no step): ${MESSAGES} messages in ${(idle.ms / 1000).toFixed(2)} s → ${idle.perSecond.toFixed(0)} messages/s; ${formatCpu(idle.cpu)}`,
  )
} finally {
  await env.close()
}
process.exit(0)
