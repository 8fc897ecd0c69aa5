import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../../test/env.ts'
import { call } from '../../../test/http.ts'
import { createCompany, createUser, superToken } from '../../../test/factories.ts'
import { withSystem } from '../../db/tenant.ts'
import { openSession } from './sessions.ts'

/** Another device's session of the same user, opened as login does but without ending the others. */
async function secondSession(env: TestEnv, user: { id: number; companyId: number }) {
  const deps = { keys: env.services.keys, now: env.services.now, refreshTtlSeconds: env.services.config.REFRESH_TOKEN_TTL }
  return withSystem(env.services.db, (tx) => openSession(tx, deps, user, 'other device'))
}

const endedSessions = (env: TestEnv) => {
  const seen: string[] = []
  const stop = env.services.events.subscribe((e) => {
    if (e.type === 'auth.password_changed') seen.push(String(e.payload.sessionId))
  })
  return { seen, stop }
}

describeEachBackend('a new password ends sessions (issue 16 item 6)', (env) => {
  test('changing my own password ends my other sessions; the one I used goes on', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const other = await secondSession(env(), { id: u.id, companyId })
    const events = endedSessions(env())
    const res = await call(env(), 'PUT', `/users/${u.id}`, { token: u.token, json: { password: 'a-new-secret-9' } })
    events.stop()
    expect(res.status).toBe(200)
    expect(events.seen).toEqual([other.sessionId])
    expect((await call(env(), 'GET', '/auth/me', { token: other.token })).status).toBe(401)
    expect((await call(env(), 'POST', '/auth/refresh_token', { cookie: `jrt=${other.refreshToken}` })).status).toBe(401)
    expect((await call(env(), 'GET', '/auth/me', { token: u.token })).status).toBe(200)
  })

  test("an admin's reset ends every session of the user, the access token and the refresh cookie alike", async () => {
    const { companyId, adminToken } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const other = await secondSession(env(), { id: u.id, companyId })
    const events = endedSessions(env())
    const res = await call(env(), 'PUT', `/users/${u.id}`, { token: adminToken, json: { password: 'reset-by-admin-1' } })
    events.stop()
    expect(res.status).toBe(200)
    expect(events.seen).toHaveLength(2)
    for (const token of [u.token, other.token]) expect((await call(env(), 'GET', '/auth/me', { token })).status).toBe(401)
    expect((await call(env(), 'POST', '/auth/refresh_token', { cookie: `jrt=${other.refreshToken}` })).status).toBe(401)
    expect((await call(env(), 'GET', '/auth/me', { token: adminToken })).status).toBe(200)
  })

  test("the super user's new password for a company's admin ends that admin's sessions", async () => {
    const { companyId, adminToken, adminEmail } = await createCompany(env())
    const token = await superToken(env())
    expect((await call(env(), 'PUT', `/companies/${companyId}`, { token, json: { email: adminEmail } })).status).toBe(200)
    const res = await call(env(), 'PUT', `/companies/${companyId}`, { token, json: { password: 'super-reset-22' } })
    expect(res.status).toBe(200)
    expect((await call(env(), 'GET', '/auth/me', { token: adminToken })).status).toBe(401)
  })

  test('a change without a password ends nothing', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const res = await call(env(), 'PUT', `/users/${u.id}`, { token: u.token, json: { name: 'Outro Nome' } })
    expect(res.status).toBe(200)
    expect((await call(env(), 'GET', '/auth/me', { token: u.token })).status).toBe(200)
  })
})
