/**
 * The PWA at local speed (issue 14), run by hand after `npm run build:client`: `bun bench/ui.ts`.
 * Playwright in Debian's Chromium against the built PWA and the real server on the local Postgres; every
 * figure is taken inside the page, from the input event's timestamp to the `painted:*` mark the app sets
 * the frame after React committed (client/src/lib/perf.ts), p50 / p95 over REPS repetitions:
 *  1. open a chat (click in the list → its messages and header painted), target p95 ≤ 50 ms
 *  2. switch tabs, apply a filter (a queue chip), open the contact drawer, target p95 ≤ 50 ms
 *  3. search typed → results painted, from the end of the 500 ms debounce: names ≤ 50 ms, contents ≤ 150 ms
 *  4. send a reply → the pending bubble painted, target p95 ≤ 30 ms
 * with BENCH_UI_TICKETS (10,000) tickets and BENCH_UI_MESSAGES (100,000) messages in the local database;
 *  5. the first start on a new device (the login click → the first list with rows painted) for a user with
 *     1,000 tickets and 10,000 messages, target ≤ 3 s, with the moments the tab and the worker noted
 *     (sync/client/timings.ts), and the storage the origin then uses (bytes per message, fixed overhead).
 * BENCH_UI_PARTS=first runs only 5; BENCH_UI_PARTS=interactions only 1-4, =chat only 1. BENCH_UI_PROFILE=<file> writes a CPU
 * profile of the chat opens (BENCH_UI_PROFILED=send: of the replies; build with `--minify false` to read its function names); BENCH_UI_TRACE=1 prints
 * the renderer's time by trace event over them instead. BENCH_UI_CHROMIUM=<executable> runs another browser binary, e.g. a
 * script that pins Chromium to one core (`exec taskset -c 1 /usr/bin/chromium "$@"`) while the server runs under `taskset -c 0`,
 * to see the client's time as on a device of its own rather than sharing the 2 cores with the server.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { websocketHandler } from '../server/realtime/index.ts'
import { startTestEnv, type TestEnv } from '../test/env.ts'
import { createCompany } from '../test/factories.ts'

const TICKETS = Number(process.env.BENCH_UI_TICKETS ?? 10_000)
const MESSAGES = Number(process.env.BENCH_UI_MESSAGES ?? 100_000)
const REPS = Number(process.env.BENCH_UI_REPS ?? 30)
const PARTS = process.env.BENCH_UI_PARTS ?? 'all'
/** A path: the chat-open loop's CPU profile is written there (open it in Chromium's DevTools, Performance). */
const PROFILE = process.env.BENCH_UI_PROFILE
/** Set: the renderer's time by trace event over the chat opens (style, layout, paint …), printed instead. */
const TRACE = process.env.BENCH_UI_TRACE === '1'
/** Which interaction BENCH_UI_PROFILE / BENCH_UI_TRACE look at: the chat opens (default) or the replies sent. */
const PROFILED = process.env.BENCH_UI_PROFILED === 'send' ? 'send' : 'chat'
/** What the profile and the trace cover, as the figures call it. */
const PROFILED_WHAT = PROFILED === 'send' ? 'replies' : 'chat opens'
const ROOT = join(import.meta.dir, '..')
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (n=${xs.length})`

/** A company whose admin sees `tickets` tickets (a third open, a third waiting, the rest closed) with `messages` messages. */
async function seed(env: TestEnv, tickets: number, messages: number) {
  const company = await createCompany(env)
  await withSystem(env.services.db, async (tx) => {
    const c = company.companyId
    const [w] = await tx`insert into whatsapps (company_id, name, channel, status) values (${c}, 'Bench', 'simulator', 'CONNECTED') returning id`
    const queues = await tx<{ id: number }[]>`
      insert into queues (company_id, name, color) select ${c}, 'Fila ' || g, '#' || lpad(to_hex(g * 4000000), 6, '0') from generate_series(1, 3) g returning id`
    for (const q of queues) await tx`insert into user_queues (company_id, user_id, queue_id) values (${c}, ${company.adminId}, ${q.id})`
    if (tickets === 0) return
    await tx`insert into contacts (company_id, name, number)
             select ${c}, (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gina','Hugo'])[1 + g % 8] || ' Cliente ' || g, (5511900000000 + g)::text
               from generate_series(1, ${tickets}) g`
    await tx`insert into tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, last_message)
             select ${c}, ct.id, ${w.id}, (array['open','pending','closed'])[1 + (row_number() over ()) % 3],
                    ${company.adminId}, ${queues[0].id} + ((row_number() over ()) % 3)::int, 'última mensagem ' || ct.id
               from contacts ct where ct.company_id = ${c}`
    await tx`update tickets set user_id = null where company_id = ${c} and status = 'pending'`
    await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me, created_at)
             select ${c}, t.id, t.contact_id,
                    'Mensagem ' || g || ' do atendimento: ' || (array['pedido','entrega','boleto','troca','garantia'])[1 + (t.id + g) % 5] || ' número ' || t.id,
                    g % 2 = 0, now() - make_interval(mins => ${Math.ceil(messages / tickets)} - g)
               from tickets t, generate_series(1, ${Math.ceil(messages / tickets)}) g
              where t.company_id = ${c}`
  })
  await env.services.sync.runOnce()
  return company
}

async function server(env: TestEnv) {
  if (!existsSync(join(ROOT, 'client', 'dist', 'index.html'))) throw new Error('run `npm run build:client` first')
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: env.app.fetch, idleTimeout: 120, websocket: websocketHandler })
  return { url: `http://127.0.0.1:${s.port}`, stop: () => s.stop(true) }
}

async function browser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-bench-ui-'))
  const context = await chromium.launchPersistentContext(dir, { executablePath: process.env.BENCH_UI_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS, viewport: { width: 1366, height: 820 }, locale: 'pt-BR' })
  const page = context.pages()[0] ?? (await context.newPage())
  page.setDefaultTimeout(600_000)
  // The moment of the user's input, on the page's timeline, for every measure below.
  await context.addInitScript(() => {
    const w = window as unknown as { lastInput: number }
    for (const type of ['click', 'keydown']) document.addEventListener(type, (e) => (w.lastInput = e.timeStamp), true)
  })
  return { context, page, close: async () => (await context.close(), rmSync(dir, { recursive: true, force: true })) }
}

async function login(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/login`)
  await page.locator('#email').fill(email)
  await page.locator('#password').fill(password)
  await page.locator('form button[type="submit"]').click()
}

/** Runs `act` and answers the time from its input event to the next `painted:<what>` mark (after `from`, when given). */
async function timed(page: Page, what: string, act: () => Promise<void>, opts: { from?: string; minDetail?: number } = {}): Promise<number> {
  const before = await page.evaluate((w) => performance.getEntriesByName(`painted:${w}`).length, what)
  const fromBefore = opts.from ? await page.evaluate((f) => performance.getEntriesByName(f).length, opts.from) : 0
  await act()
  const handle = await page.waitForFunction(
    ({ w, n, from, fromN, min }) => {
      const start = from ? (performance.getEntriesByName(from)[fromN] as PerformanceMark | undefined)?.startTime : (window as unknown as { lastInput: number }).lastInput
      if (start === undefined) return null
      const marks = (performance.getEntriesByName(`painted:${w}`).slice(n) as PerformanceMark[]).filter((m) => m.startTime > start)
      const ok = min === null ? marks : marks.filter((m) => Number(m.detail) >= min)
      return ok.length ? ok[0].startTime - start : null
    },
    { w: what, n: before, from: opts.from, fromN: fromBefore, min: opts.minDetail ?? null },
    { polling: 10, timeout: 30_000 },
  )
  return (await handle.jsonValue()) as number
}

/** Chromium's sampling profiler over the page's main thread, through the DevTools protocol. */
async function startProfile(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  if (TRACE) {
    // The renderer's own work (style, layout, paint), which the JS profile shows only as "(program)".
    const events: { name: string; dur?: number; ph: string }[] = []
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)))
    await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' })
    return {
      stop: async () => {
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
        await cdp.send('Tracing.end')
        await done
        const by = new Map<string, [number, number]>()
        for (const e of events) if (e.ph === 'X' && e.dur) by.set(e.name, [(by.get(e.name)?.[0] ?? 0) + e.dur / 1000, (by.get(e.name)?.[1] ?? 0) + 1])
        const top = [...by].sort((a, b) => b[1][0] - a[1][0]).slice(0, 15)
        console.log(`[ui]   renderer time over the ${PROFILED_WHAT} (ms, ×events): ${top.map(([n, [ms, k]]) => `${n} ${ms.toFixed(0)} ×${k}`).join(', ')}`)
      },
    }
  }
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  return {
    stop: async (path: string) => {
      const { profile } = await cdp.send('Profiler.stop')
      writeFileSync(path, JSON.stringify(profile))
      console.log(`[ui]   CPU profile of the ${PROFILED_WHAT}: ${path}`)
    },
  }
}

/** The local queries run since the last call, slowest statements first (client/src/lib/perf.ts measureQuery). */
async function queriesSince(page: Page, label: string) {
  const list = (await page.evaluate(() => {
    const out = (performance.getEntriesByName('query') as PerformanceMeasure[]).map((m) => [String(m.detail), m.duration] as [string, number])
    performance.clearMeasures('query')
    return out
  })) as [string, number][]
  const by = new Map<string, number[]>()
  for (const [sql, ms] of list) by.set(sql, [...(by.get(sql) ?? []), ms])
  const top = [...by].map(([sql, xs]) => ({ sql, n: xs.length, p50: pct(xs, 50), max: Math.max(...xs) })).sort((a, b) => b.p50 - a.p50).slice(0, 6)
  console.log(`[ui]   ${label}: ${list.length} queries; slowest: ${top.map((q) => `${q.p50.toFixed(0)} ms ×${q.n} «${q.sql.slice(0, 70)}»`).join(' | ')}`)
}

async function interactions(env: TestEnv, base: string) {
  const company = await seed(env, TICKETS, MESSAGES)
  const b = await browser()
  const { page } = b
  try {
    const t0 = Date.now()
    await login(page, base, company.adminEmail, 'admin-pass')
    await page.waitForURL(`${base}/`)
    await page.goto(`${base}/tickets`)
    await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: 900_000 })
    await page.getByTestId('ticket-row').first().waitFor()
    console.log(`[ui] ${TICKETS} tickets + ${MESSAGES} messages synced into the browser in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    await queriesSince(page, 'first start')

    const rows = page.getByTestId('ticket-list').getByTestId('ticket-row')
    const chat: number[] = []
    const profile = PROFILED === 'chat' && (PROFILE || TRACE) ? await startProfile(page) : null
    for (let i = 0; i < REPS; i++) chat.push(await timed(page, 'chat', () => rows.nth(i % 15).locator('button').first().click()))
    if (profile) await profile.stop(PROFILE ?? '')
    console.log(`[ui] open a chat: ${fmt(chat)} (target p95 ≤ 50 ms)`)
    // The first 15 opens run the chat's queries; the next reuse the rows kept for them (live-query.ts).
    if (chat.length > 15) console.log(`[ui]   first opens ${fmt(chat.slice(0, 15))}; again ${fmt(chat.slice(15))}`)
    await queriesSince(page, 'open a chat')
    if (PARTS === 'chat') return

    const tabs: number[] = []
    for (let i = 0; i < REPS; i++) tabs.push(await timed(page, 'list', () => page.getByTestId(i % 2 ? 'ticket-tab-open' : 'ticket-tab-pending').click()))
    console.log(`[ui] switch tabs: ${fmt(tabs)} (target p95 ≤ 50 ms)`)
    await queriesSince(page, 'switch tabs')

    const chips = page.locator('[aria-label="Filas"] button[aria-pressed]')
    const filter: number[] = []
    for (let i = 0; i < REPS; i++) filter.push(await timed(page, 'list', () => chips.nth(i % 3).click()))
    console.log(`[ui] apply a filter (a queue chip): ${fmt(filter)} (target p95 ≤ 50 ms)`)
    await queriesSince(page, 'filter')

    await rows.first().locator('button').first().click()
    const drawer: number[] = []
    for (let i = 0; i < REPS; i++) {
      drawer.push(await timed(page, 'drawer', () => page.getByTestId('drawer-toggle').click()))
      await page.getByTestId('drawer-toggle').click()
    }
    console.log(`[ui] open the contact drawer: ${fmt(drawer)} (target p95 ≤ 50 ms)`)
    await queriesSince(page, 'drawer')

    const search = page.getByTestId('ticket-search')
    const names: number[] = []
    const words = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gina', 'Hugo']
    for (let i = 0; i < REPS; i++) names.push(await timed(page, 'list', () => search.fill(`${words[i % words.length]} Cliente ${100 + i}`), { from: 'search:debounced' }))
    console.log(`[ui] search a name, from the end of the debounce: ${fmt(names)} (target p95 ≤ 50 ms)`)
    await queriesSince(page, 'search names')
    await search.fill('')
    await page.getByText('Buscar nas mensagens').click()
    const contents: number[] = []
    const terms = ['pedido', 'entrega', 'boleto', 'troca', 'garantia']
    for (let i = 0; i < REPS; i++) contents.push(await timed(page, 'list', () => search.fill(`${terms[i % terms.length]} número ${200 + i}`), { from: 'search:debounced' }))
    console.log(`[ui] search message contents, from the end of the debounce: ${fmt(contents)} (target p95 ≤ 150 ms)`)
    await queriesSince(page, 'search contents')
    await search.fill('')
    await page.getByText('Buscar nas mensagens').click()

    // The open tab's own rows (not the search's, still shown until its query answers), then its first chat.
    await timed(page, 'list', () => page.getByTestId('ticket-tab-open').click())
    const input = page.getByTestId('message-input')
    // A chat the admin can write in (an open ticket of hers): the tab's first rows until the input is on.
    for (let i = 0; i < 15; i++) {
      await rows.nth(i).locator('button').first().click()
      await page.waitForTimeout(300)
      if (await input.isEnabled()) break
    }
    const send: number[] = []
    const sendProfile = PROFILED === 'send' && (PROFILE || TRACE) ? await startProfile(page) : null
    for (let i = 0; i < REPS; i++) {
      await input.fill(`Resposta de bench ${i}`)
      send.push(
        await timed(page, 'bubble', () => input.press('Enter')).catch(async (err: unknown) => {
          await page.screenshot({ path: join(tmpdir(), 'bench-ui-send.png') })
          throw err
        }),
      )
    }
    if (sendProfile) await sendProfile.stop(PROFILE ?? '')
    console.log(`[ui] send a reply → the pending bubble: ${fmt(send)} (target p95 ≤ 30 ms)`)
    await queriesSince(page, 'send')
  } finally {
    await b.close()
  }
}

/** Login → the first list with rows painted, for a user with `tickets` tickets; where the time went; storage. */
async function firstStart(env: TestEnv, base: string, tickets: number, messages: number) {
  const company = await seed(env, tickets, messages)
  const b = await browser()
  const { page } = b
  try {
    await page.goto(`${base}/login`)
    await page.locator('#email').fill(company.adminEmail)
    await page.locator('#password').fill('admin-pass')
    let loginAt = 0
    const sinceLink = await timed(
      page,
      'list',
      async () => {
        await page.locator('form button[type="submit"]').click()
        loginAt = await page.evaluate(() => performance.timeOrigin + (window as unknown as { lastInput: number }).lastInput)
        await page.waitForURL(`${base}/`)
        await page.getByRole('link', { name: 'Atendimentos', exact: true }).click()
      },
      { minDetail: tickets > 0 ? 1 : 0 },
    )
    const linkAt = await page.evaluate(() => performance.timeOrigin + (window as unknown as { lastInput: number }).lastInput)
    const painted = linkAt + sinceLink - loginAt
    await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: 600_000 })
    const all = await page.evaluate(() => performance.timeOrigin + performance.now())
    const tab = (await page.evaluate(() => (globalThis as { balcaoTimings?: [string, number][] }).balcaoTimings ?? [])) as [string, number][]
    const inWorker: [string, number][] = []
    for (const w of page.workers()) inWorker.push(...(((await w.evaluate(() => (globalThis as { balcaoTimings?: [string, number][] }).balcaoTimings ?? []).catch(() => [])) as [string, number][])))
    // The tab's local queries until then, as `query:<statement's start>` at their answer (client/src/lib/perf.ts measureQuery).
    const queries = (await page.evaluate(() =>
      (performance.getEntriesByName('query') as PerformanceMeasure[]).map((m) => [`query:${String(m.detail).slice(0, 24)} (${Math.round(m.duration)} ms)`, performance.timeOrigin + m.startTime + m.duration]),
    )) as [string, number][]
    const steps = [...tab, ...inWorker, ...queries].sort((x, y) => x[1] - y[1]).map(([n, at]) => `${n} +${Math.round(at - loginAt)}`)
    const storage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0)
    return { painted, allSynced: all - loginAt, steps, storage }
  } finally {
    await b.close()
  }
}

const env = await startTestEnv('postgres')
const http = await server(env)
try {
  if (PARTS !== 'interactions' && PARTS !== 'chat') {
    const empty = await firstStart(env, http.url, 0, 0).catch(() => null)
    const first = await firstStart(env, http.url, 1_000, 10_000)
    console.log(`[ui] first start with 1,000 tickets + 10,000 messages: login → first list painted ${(first.painted / 1000).toFixed(2)} s (target ≤ 3 s); everything synced ${(first.allSynced / 1000).toFixed(2)} s`)
    console.log(`[ui]   moments (ms after the login click): ${first.steps.join(', ')}`)
    if (empty) {
      console.log(`[ui] storage: ${(first.storage / 1e6).toFixed(1)} MB with 10,000 messages, ${(empty.storage / 1e6).toFixed(1)} MB for an empty company → ${Math.round((first.storage - empty.storage) / 10_000)} bytes per message (1,000 tickets and contacts included), fixed overhead ${(empty.storage / 1e6).toFixed(1)} MB`)
    }
  }
  if (PARTS !== 'first') await interactions(env, http.url)
} finally {
  http.stop()
  await env.close()
}
process.exit(0)
