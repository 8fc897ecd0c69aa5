import { expect, test } from 'bun:test'
import { describeEachBackend } from '../test/env.ts'
import { createCompany } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { withSystem } from '../server/db/tenant.ts'
import { purgeAuthData } from '../server/domain/auth/purge-auth-data.ts'
import { acquireLease, releaseLease } from './lease.ts'
import { runJobOnce, type ScheduledJob } from './scheduler.ts'

describeEachBackend('leases and scheduled jobs', (env) => {
  const lease = (name: string, owner: string, now: Date, ttl = 60_000) =>
    withSystem(env().services.db, (tx) => acquireLease(tx, name, owner, ttl, now))

  test('one owner holds a lease at a time, renews it, and another takes it over once it expires', async () => {
    const t0 = new Date('2026-11-20T10:00:00Z')
    expect(await lease('l1', 'worker-a', t0)).toBe(true)
    expect(await lease('l1', 'worker-b', t0)).toBe(false)
    expect(await lease('l1', 'worker-a', new Date(t0.getTime() + 30_000))).toBe(true)
    expect(await lease('l1', 'worker-b', new Date(t0.getTime() + 80_000))).toBe(false)
    expect(await lease('l1', 'worker-b', new Date(t0.getTime() + 91_000))).toBe(true)
    expect(await lease('l1', 'worker-a', new Date(t0.getTime() + 92_000))).toBe(false)
  })

  test('a released lease is free at once', async () => {
    const t0 = new Date('2026-11-20T10:00:00Z')
    expect(await lease('l2', 'worker-a', t0)).toBe(true)
    await withSystem(env().services.db, (tx) => releaseLease(tx, 'l2', 'worker-a'))
    expect(await lease('l2', 'worker-b', t0)).toBe(true)
  })

  test('two workers ticking at the same moment run a job once', async () => {
    let runs = 0
    const job: ScheduledJob = { name: 'count', pattern: '* * * * *', run: async () => void runs++ }
    const now = new Date('2026-11-20T11:00:00Z')
    const results = await Promise.all([
      runJobOnce(env().services.db, job, 'worker-a', now),
      runJobOnce(env().services.db, job, 'worker-b', now),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(runs).toBe(1)
  })

  test('purging auth data removes ended sessions and old failures and keeps live ones', async () => {
    const { adminEmail, adminToken } = await createCompany(env())
    await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'wrong' } })
    // the first token's session was replaced by this second login
    const second = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    const later = new Date(env().clock.now.getTime() + 2 * 24 * 3600 * 1000)
    const purged = await withSystem(env().services.db, (tx) => purgeAuthData(tx, later))
    expect(purged.sessions).toBeGreaterThanOrEqual(1)
    expect((await call(env(), 'GET', '/auth/me', { token: second.body.token })).status).toBe(200)
    expect((await call(env(), 'GET', '/auth/me', { token: adminToken })).status).toBe(401)
    const left = await withSystem(env().services.db, (tx) => tx`select count(*)::int as n from login_failures where lower(email) = ${adminEmail}`)
    expect(left[0].n).toBe(0)
  })
})
