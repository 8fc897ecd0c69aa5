import { expect, test } from 'bun:test'
import { describeEachBackend, ADMIN_EMAIL, ADMIN_PASSWORD } from '../../test/env.ts'
import { call, refreshCookieOf } from '../../test/http.ts'
import { createCompany, createPlan, createUser, loginToken, uniq } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import { localTime } from '../domain/routing/schedule-rules.ts'

describeEachBackend('auth', (env) => {
  test('logs in the seeded super user with token, user, company, settings and due date', async () => {
    const res = await call(env(), 'POST', '/auth/login', { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
    expect(res.status).toBe(200)
    expect(typeof res.body.token).toBe('string')
    expect(res.body.user.email).toBe(ADMIN_EMAIL)
    expect(res.body.user.super).toBe(true)
    expect(res.body.user.passwordHash).toBeUndefined()
    expect(res.body.user.company).toMatchObject({ id: 1, dueDate: '2999-12-31' })
    expect(res.body.dueDate).toBe('2999-12-31')
    expect(res.body.companieSettings).toMatchObject({ companyId: 1, enableLGPD: 'disabled', DirectTicketsToWallets: false })
    expect(res.body).toHaveProperty('profileImage')
    expect(refreshCookieOf(res)).toBeDefined()
    expect(res.headers.get('set-cookie')).toContain('HttpOnly')
  })

  test('answers ERR_INVALID_CREDENTIALS for a wrong password and an unknown email alike', async () => {
    const wrong = await call(env(), 'POST', '/auth/login', { json: { email: ADMIN_EMAIL, password: 'nope' } })
    const unknown = await call(env(), 'POST', '/auth/login', { json: { email: 'ghost@test.local', password: 'nope' } })
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS')
    expect(unknown.status).toBe(401)
    expect(unknown.body.error).toBe('ERR_INVALID_CREDENTIALS')
  })

  test('locks an email out after 5 failures in 15 minutes with 429 and Retry-After', async () => {
    const { adminEmail } = await createCompany(env())
    for (let i = 0; i < 5; i++) {
      const r = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'bad' } })
      expect(r.status).toBe(401)
    }
    const locked = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    expect(locked.status).toBe(429)
    expect(locked.body.error).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS')
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
    env().clock.advance(15 * 60 * 1000 + 1000)
    const after = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    expect(after.status).toBe(200)
  })

  test('GET /auth/me answers the current user and 401 without a token', async () => {
    const { adminToken, adminEmail } = await createCompany(env())
    const me = await call(env(), 'GET', '/auth/me', { token: adminToken })
    expect(me.status).toBe(200)
    expect(me.body.email).toBe(adminEmail)
    const anon = await call(env(), 'GET', '/auth/me')
    expect(anon.status).toBe(401)
    expect(anon.body.error).toBe('ERR_SESSION_EXPIRED')
    const forged = await call(env(), 'GET', '/auth/me', { token: adminToken.slice(0, -3) + 'abc' })
    expect(forged.status).toBe(401)
  })

  test('rejects an access token after it expires', async () => {
    const { adminToken } = await createCompany(env())
    env().clock.advance(16 * 60 * 1000)
    const res = await call(env(), 'GET', '/auth/me', { token: adminToken })
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('ERR_SESSION_EXPIRED')
  })

  test('rotates the refresh token on every use', async () => {
    const { adminEmail } = await createCompany(env())
    const login = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    const first = refreshCookieOf(login)!
    const r1 = await call(env(), 'POST', '/auth/refresh_token', { cookie: first })
    expect(r1.status).toBe(200)
    expect(r1.body.user.email).toBe(adminEmail)
    const second = refreshCookieOf(r1)!
    expect(second).not.toBe(first)
    const me = await call(env(), 'GET', '/auth/me', { token: r1.body.token })
    expect(me.status).toBe(200)
    const r2 = await call(env(), 'POST', '/auth/refresh_token', { cookie: second })
    expect(r2.status).toBe(200)
  })

  test('reuse of an old refresh token revokes the whole family', async () => {
    const { adminEmail } = await createCompany(env())
    const login = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    const first = refreshCookieOf(login)!
    const r1 = await call(env(), 'POST', '/auth/refresh_token', { cookie: first })
    const current = refreshCookieOf(r1)!
    const replay = await call(env(), 'POST', '/auth/refresh_token', { cookie: first })
    expect(replay.status).toBe(401)
    expect(replay.body.error).toBe('ERR_INVALID_REFRESH_TOKEN')
    const afterTheft = await call(env(), 'POST', '/auth/refresh_token', { cookie: current })
    expect(afterTheft.status).toBe(401)
    const access = await call(env(), 'GET', '/auth/me', { token: r1.body.token })
    expect(access.status).toBe(401)
  })

  test('refresh without a cookie answers 401', async () => {
    const res = await call(env(), 'POST', '/auth/refresh_token')
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('ERR_INVALID_REFRESH_TOKEN')
  })

  test('logout ends the session: its access and refresh tokens stop working', async () => {
    const { adminEmail } = await createCompany(env())
    const login = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    const cookie = refreshCookieOf(login)!
    const out = await call(env(), 'DELETE', '/auth/logout', { token: login.body.token, cookie })
    expect(out.status).toBe(200)
    expect((await call(env(), 'GET', '/auth/me', { token: login.body.token })).status).toBe(401)
    expect((await call(env(), 'POST', '/auth/refresh_token', { cookie })).status).toBe(401)
  })

  test('a new login ends the user\'s other sessions and announces it', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const seen: string[] = []
    const stop = env().services.events.subscribe((e) => {
      if (e.type === 'auth.session_replaced') seen.push(String(e.payload.userId))
    })
    const newer = await loginToken(env(), u.email, u.password)
    stop()
    expect(seen).toContain(String(u.id))
    expect((await call(env(), 'GET', '/auth/me', { token: u.token })).status).toBe(401)
    expect((await call(env(), 'GET', '/auth/me', { token: newer })).status).toBe(200)
  })

  test('an attendant outside their working hours is refused with ERR_OUT_OF_HOURS; an admin is not', async () => {
    const { companyId, adminEmail } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const zone = await withSystem(env().services.db, async (tx) => (await tx<{ timezone: string }[]>`select timezone from companies where id = ${companyId}`)[0].timezone)
    // The server's clock (fixed in tests), not the machine's: the shift must hold at the moment the server checks.
    const { minutes } = localTime(env().services.now(), zone)
    const hhmm = (m: number) => `${String(Math.floor(((m + 1440) % 1440) / 60)).padStart(2, '0')}:${String(((m + 1440) % 1440) % 60).padStart(2, '0')}`
    // A shift starting two hours from now and ending an hour later (across midnight when it has to).
    const away = { start: hhmm(minutes + 120), end: hhmm(minutes + 180) }
    await withSystem(env().services.db, (tx) => tx`update users set start_work = ${away.start}, end_work = ${away.end} where company_id = ${companyId}`)
    const refused = await call(env(), 'POST', '/auth/login', { json: { email: u.email, password: u.password } })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('ERR_OUT_OF_HOURS')
    expect(refreshCookieOf(refused)).toBeUndefined()
    const admin = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    expect(admin.status).toBe(200)
    // A shift holding now (ending one minute from now, begun yesterday evening) lets the attendant in.
    await withSystem(env().services.db, (tx) => tx`update users set start_work = ${hhmm(minutes - 600)}, end_work = ${hhmm(minutes + 1)} where id = ${u.id}`)
    expect((await call(env(), 'POST', '/auth/login', { json: { email: u.email, password: u.password } })).status).toBe(200)
  })

  test('an inactive company\'s users cannot log in and their open sessions stop', async () => {
    const { companyId, adminEmail, adminToken } = await createCompany(env())
    await withSystem(env().services.db, (tx) => tx`update companies set status = false where id = ${companyId}`)
    const login = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    expect(login.status).toBe(403)
    expect(login.body.error).toBe('ERR_COMPANY_INACTIVE')
    const me = await call(env(), 'GET', '/users/', { token: adminToken })
    expect(me.status).toBe(403)
    expect(me.body.error).toBe('ERR_COMPANY_INACTIVE')
  })

  test('an expired company logs in and reaches auth, but other calls answer 402', async () => {
    const { adminEmail } = await createCompany(env(), { dueDate: '2026-11-01' })
    const login = await call(env(), 'POST', '/auth/login', { json: { email: adminEmail, password: 'admin-pass' } })
    expect(login.status).toBe(200)
    expect(login.body.dueDate).toBe('2026-11-01')
    const token = login.body.token
    expect((await call(env(), 'GET', '/auth/me', { token })).status).toBe(200)
    const users = await call(env(), 'GET', '/users/', { token })
    expect(users.status).toBe(402)
    expect(users.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: '2026-11-01' })
  })

  test('company 1 never expires', async () => {
    env().clock.advance(0)
    const token = await loginToken(env(), ADMIN_EMAIL, ADMIN_PASSWORD)
    expect((await call(env(), 'GET', '/users/', { token })).status).toBe(200)
  })

  test('sign-up is refused while allowSignup is disabled, and creates company and admin when enabled', async () => {
    const planId = await createPlan(env(), { isPublic: true })
    const payload = { name: 'Nova Pessoa', email: `${uniq('s')}@signup.test`, password: 'secret5', phone: '5511999990000', companyName: uniq('Loja '), planId }
    const off = await call(env(), 'POST', '/auth/signup', { json: payload })
    expect(off.status).toBe(403)
    expect(off.body.error).toBe('ERR_SIGNUP_DISABLED')
    await withSystem(env().services.db, (tx) => tx`update settings set value = 'enabled' where key = 'allowSignup'`)
    const on = await call(env(), 'POST', '/auth/signup', { json: payload })
    expect(on.status).toBe(201)
    const login = await call(env(), 'POST', '/auth/login', { json: { email: payload.email, password: 'secret5' } })
    expect(login.status).toBe(200)
    expect(login.body.user).toMatchObject({ profile: 'admin', companyId: on.body.companyId })
    expect(login.body.user.company.name).toBe(payload.companyName)
    const again = await call(env(), 'POST', '/auth/signup', { json: { ...payload, companyName: uniq('Outra ') } })
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS')
    const privatePlan = await createPlan(env(), { isPublic: false })
    const hidden = await call(env(), 'POST', '/auth/signup', { json: { ...payload, email: `${uniq('p')}@signup.test`, companyName: uniq('Priv '), planId: privatePlan } })
    expect(hidden.status).toBe(404)
    expect(hidden.body.error).toBe('ERR_NO_PLAN_FOUND')
    const invalid = await call(env(), 'POST', '/auth/signup', { json: { name: 'X', email: 'bad', password: '1', companyName: '', planId: '' } })
    expect(invalid.status).toBe(400)
    const fields = invalid.body.fields.map((f: { field: string }) => f.field)
    expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'password', 'phone', 'companyName', 'planId']))
    await withSystem(env().services.db, (tx) => tx`update settings set value = 'disabled' where key = 'allowSignup'`)
  })
})
