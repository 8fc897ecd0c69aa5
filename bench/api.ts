/**
 * API figures on both databases (issue 2): login p50 and list-call p95 with 1,000 users in one company,
 * 200 companies and 100 invoices.
 * Target: list calls p95 ≤ 10 ms on Postgres. Run by hand: `npm run bench` (needs the local Postgres).
 * Requests go over real HTTP on loopback to a Bun.serve of the app.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { withSystem } from '../server/db/tenant.ts'
import { hashPassword } from '../server/auth/password.ts'
import { startServices } from '../server/services.ts'
import { createScratchDatabase } from '../test/scratch-db.ts'

const USERS = 1000
const LOGINS = 40
const LIST_CALLS = 400

function percentile(samples: number[], p: number) {
  const s = [...samples].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t = performance.now()
  const res = await fn()
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
  return performance.now() - t
}

async function run(backend: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'balcao-bench-'))
  const scratch = backend === 'postgres' ? await createScratchDatabase() : undefined
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url, ADMIN_EMAIL: 'bench@local.test', ADMIN_PASSWORD: 'bench-pass' })
  const started = await startServices(config, { pgliteDir: 'memory://' })
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: createApp(started.services).fetch })
  const base = `http://127.0.0.1:${server.port}`
  try {
    const hash = await hashPassword('user-pass')
    await withSystem(started.services.db, async (tx) => {
      await tx`update plans set users = ${USERS + 10}`
      await tx`insert into users (company_id, name, email, password_hash)
               select 1, 'Atendente ' || lpad(g::text, 4, '0'), 'user' || g || '@bench.test', ${hash}
                 from generate_series(1, ${USERS}) g`
      await tx`insert into plans (name) values ('Bench plan')`
      await tx`insert into companies (name, plan_id, status, due_date)
               select 'Empresa ' || g, (select id from plans where name = 'Bench plan'), true, current_date + g
                 from generate_series(2, 200) g`
      await tx`insert into invoices (company_id, detail, value, due_date)
               select 1, 'Fatura ' || g, 49.9, current_date - g from generate_series(1, 100) g`
      await tx`analyze`
    })
    const loginBody = JSON.stringify({ email: 'bench@local.test', password: 'bench-pass' })
    const login = () => fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody })
    const loginTimes: number[] = []
    for (let i = 0; i < LOGINS; i++) loginTimes.push(await timed(login))
    const { token } = (await (await login()).json()) as { token: string }
    const headers = { authorization: `Bearer ${token}` }

    const lists = [
      (i: number) => `/users/?pageNumber=${(i % 50) + 1}`,
      (i: number) => `/users/?searchParam=atendente%20${String(i % 100).padStart(2, '0')}&pageNumber=1`,
      () => `/users/list`,
      () => `/companies`,
      (i: number) => `/invoices?pageNumber=${(i % 5) + 1}`,
    ]
    for (let i = 0; i < 30; i++) await timed(() => fetch(base + lists[i % 2](i), { headers })) // warm-up
    const byKind: Record<string, number[]> = {
      'GET /users/ (page)': [],
      'GET /users/ (search)': [],
      'GET /users/list (1,001 rows)': [],
      'GET /companies (super, 200)': [],
      'GET /invoices (of 100)': [],
    }
    const kinds = Object.keys(byKind)
    for (let i = 0; i < LIST_CALLS; i++) {
      const k = i % kinds.length
      byKind[kinds[k]].push(await timed(() => fetch(base + lists[k](i), { headers })))
    }
    console.log(`\n[${backend}] ${USERS} users in one company`)
    console.log(`  login                         p50 ${percentile(loginTimes, 50).toFixed(1)} ms   p95 ${percentile(loginTimes, 95).toFixed(1)} ms`)
    for (const [k, v] of Object.entries(byKind)) {
      console.log(`  ${k.padEnd(30)}p50 ${percentile(v, 50).toFixed(1)} ms   p95 ${percentile(v, 95).toFixed(1)} ms   (n=${v.length})`)
    }
  } finally {
    server.stop(true)
    await started.close()
    await scratch?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

for (const backend of ['postgres', 'pglite'] as const) await run(backend)
