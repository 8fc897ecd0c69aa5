/**
 * Campaign figures (issue 20), run by hand: `bun bench/campaigns.ts` (needs the local Postgres).
 *  1. throughput: a campaign of BENCH_RECIPIENTS (default 10,000) with intervals 0 on the simulator connection,
 *     worker loop as workers/start-workers.ts runs it (CampaignRunner → outbound queue → simulator driver);
 *     target ≥ 200 sends/s; with an inbound burst of BENCH_INBOUND messages (default 5,000) ingested beside it,
 *     target ≥ 1,000 messages/s for that ingest; resident memory sampled every second (flat).
 *  2. pacing: BENCH_PACED recipients (default 15) at messageInterval BENCH_INTERVAL s (default 2): lateness of each
 *     send (channel accepted − planned time), target within 1 s.
 */
import { withSystem } from '../server/db/tenant.ts'
import { startTestEnv, type TestEnv } from '../test/env.ts'
import { ChannelHost } from '../workers/channel-host.ts'
import { CampaignRunner } from '../workers/campaigns.ts'
import type { InboundMessage } from '../workers/channels/types.ts'

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000)
const INBOUND = Number(process.env.BENCH_INBOUND ?? 5_000)
const PACED = Number(process.env.BENCH_PACED ?? 15)
const INTERVAL = Number(process.env.BENCH_INTERVAL ?? 2)

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]

async function prepare(env: TestEnv, recipients: number, interval: number) {
  return withSystem(env.services.db, async (tx) => {
    const [w] = await tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (1, ${'Bench campanha ' + recipients}, 'simulator', 'CONNECTED') returning id`
    await tx`update plans set use_campaigns = true where id = (select plan_id from companies where id = 1)`
    await tx`update company_settings set campaigns_enabled = true where company_id = 1`
    for (const [key, value] of Object.entries({ messageInterval: String(interval), longerIntervalAfter: '0', greaterInterval: '0', startHour: '00:00', endHour: '23:59', sabado: 'true', domingo: 'true' })) {
      await tx`insert into campaign_settings (company_id, key, value) values (1, ${key}, ${value}) on conflict (company_id, key) do update set value = excluded.value`
    }
    const [list] = await tx<{ id: number }[]>`insert into contact_lists (company_id, name) values (1, ${'Bench ' + recipients}) returning id`
    await tx`
      insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
      select 1, ${list.id}, 'Cliente ' || g, '55118' || lpad((${recipients * 10} + g)::text, 8, '0'), 'c' || g || '@x.com', true
        from generate_series(1, ${recipients}) g`
    return { whatsappId: w.id, listId: list.id }
  })
}

async function launch(env: TestEnv, target: { whatsappId: number; listId: number }, name: string) {
  const [k] = await withSystem(env.services.db, (tx) => tx<{ id: number }[]>`
    insert into campaigns (company_id, name, message1, message2, status, scheduled_at, contact_list_id, whatsapp_id)
    values (1, ${name}, 'Oi {nome}, oferta para {email}', 'Olá {nome}!', 'PROGRAMADA', now(), ${target.listId}, ${target.whatsappId}) returning id`)
  return k.id
}

function workers(env: TestEnv) {
  const s = env.services
  const host = new ChannelHost({ db: s.db, media: s.media, events: s.events, now: () => new Date(), log: () => {}, simulator: { ackDelaysMs: [] } })
  host.start()
  const runner = new CampaignRunner({ db: s.db, events: s.events, now: () => new Date(), owner: host.owner, log: (m, e) => console.error(m, e) }, () => void host.kick(), 100)
  runner.start()
  return { host, runner, async stop() { await runner.stop(); await host.stop() } }
}

async function waitFinished(env: TestEnv, id: number, timeoutMs: number) {
  const t0 = performance.now()
  for (;;) {
    const [r] = await withSystem(env.services.db, (tx) => tx<{ status: string }[]>`select status from campaigns where id = ${id}`)
    if (r.status === 'FINALIZADA') return performance.now() - t0
    if (performance.now() - t0 > timeoutMs) throw new Error(`campaign ${id} still ${r.status}`)
    await Bun.sleep(50)
  }
}

async function inboundBurst(env: TestEnv) {
  const [w] = await withSystem(env.services.db, (tx) => tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (1, 'Bench entrada', 'simulator', 'CONNECTED') returning id`)
  const conn = { id: w.id, companyId: 1, channel: 'simulator' as const }
  const s = env.services
  const host = new ChannelHost({ db: s.db, media: s.media, events: s.events, now: () => new Date(), log: () => {} })
  const msg = (i: number): InboundMessage => ({ externalId: `BENCH-IN-${i}`, fromMe: false, timestamp: new Date(), peer: { number: `55117${String(i % 100).padStart(8, '0')}`, name: `C ${i % 100}` }, body: `m ${i}`, mediaType: 'text' })
  const t0 = performance.now()
  await Promise.all(Array.from({ length: INBOUND }, (_, i) => host.emit(conn, { kind: 'message', message: msg(i) })))
  const ms = performance.now() - t0
  await host.stop()
  return (INBOUND / ms) * 1000
}

const env = await startTestEnv('postgres')
try {
  // 1. throughput with an inbound burst beside it.
  const big = await prepare(env, RECIPIENTS, 0)
  const w = workers(env)
  const rss: number[] = [process.memoryUsage().rss]
  const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 1000)
  const id = await launch(env, big, 'Bench vazão')
  const finished = waitFinished(env, id, 30 * 60_000)
  const inbound = INBOUND ? await inboundBurst(env) : 0
  const ms = await finished
  clearInterval(sampler)
  rss.push(process.memoryUsage().rss)
  console.log(`campaign of ${RECIPIENTS} (intervals 0, Postgres): FINALIZADA in ${(ms / 1000).toFixed(1)} s = ${((RECIPIENTS / ms) * 1000).toFixed(0)} sends/s (target ≥ 200)`)
  if (INBOUND) console.log(`inbound beside it: ${INBOUND} messages at ${inbound.toFixed(0)} messages/s (target ≥ 1,000)`)
  const third = Math.max(1, Math.floor(rss.length / 3))
  console.log(`resident memory: start ${mb(rss[0])}, max ${mb(Math.max(...rss))}, end ${mb(rss[rss.length - 1])}; mean of first third ${mb(rss.slice(0, third).reduce((a, b) => a + b, 0) / third)}, of last third ${mb(rss.slice(-third).reduce((a, b) => a + b, 0) / third)}`)
  // 2. pacing.
  const small = await prepare(env, PACED, INTERVAL)
  const paced = await launch(env, small, 'Bench ritmo')
  await waitFinished(env, paced, (PACED * INTERVAL + 30) * 1000)
  const late = await withSystem(env.services.db, (tx) => tx<{ ms: number }[]>`
    select extract(epoch from (delivered_at - planned_at)) * 1000 as ms from campaign_shipping where campaign_id = ${paced}`)
  const lateness = late.map((r) => Number(r.ms))
  console.log(`pacing at ${INTERVAL} s, ${PACED} sends: lateness p50 ${pct(lateness, 50).toFixed(0)} ms, p95 ${pct(lateness, 95).toFixed(0)} ms, max ${Math.max(...lateness).toFixed(0)} ms (target ≤ 1,000 ms)`)
  await w.stop()
} finally {
  await env.close()
}
