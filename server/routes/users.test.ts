import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser, loginToken, superToken, uniq } from '../../test/factories.ts'
import { PNG_1PX, formWith } from '../../test/files.ts'
import { withSystem } from '../db/tenant.ts'

describeEachBackend('users', (env) => {
  test('an admin creates a user with queues, and the defaults of the spec apply', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const queueId = await withSystem(env().services.db, async (tx) => {
      const [q] = await tx`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#ff0000') returning id`
      return q.id as number
    })
    const email = `${uniq('new')}@test.local`
    const res = await call(env(), 'POST', '/users', {
      token: adminToken,
      json: { name: 'Maria', email, password: 'secret5', queueIds: [queueId] },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Maria',
      email,
      profile: 'user',
      startWork: '00:00',
      endWork: '23:59',
      defaultTheme: 'light',
      defaultMenu: 'open',
      allTicket: 'disable',
      defaultTicketsManagerWidth: 550,
      companyId,
    })
    expect(res.body.queues.map((q: { id: number }) => q.id)).toEqual([queueId])
    expect(res.body.passwordHash).toBeUndefined()
    expect((await loginToken(env(), email, 'secret5')).length).toBeGreaterThan(10)
  })

  test('validation answers 400 with the spec messages per field', async () => {
    const { adminToken } = await createCompany(env())
    const res = await call(env(), 'POST', '/users', { token: adminToken, json: { name: 'A', email: 'nope', password: '123' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('ERR_VALIDATION')
    const byField = Object.fromEntries(res.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]))
    expect(byField).toEqual({ name: 'Too Short!', email: 'Invalid email', password: 'Too Short!' })
    const missing = await call(env(), 'POST', '/users', { token: adminToken, json: {} })
    expect(missing.body.fields.map((f: { message: string }) => f.message)).toEqual(['Required', 'Required', 'Required'])
    const long = await call(env(), 'POST', '/users', { token: adminToken, json: { name: 'x'.repeat(51), email: 'a@b.co', password: 'x'.repeat(51) } })
    expect(long.body.fields.map((f: { message: string }) => f.message)).toEqual(['Too Long!', 'Too Long!'])
  })

  test('a duplicate email answers 409 ERR_EMAIL_ALREADY_EXISTS even across companies', async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const res = await call(env(), 'POST', '/users', { token: b.adminToken, json: { name: 'Dup', email: a.adminEmail, password: 'secret5' } })
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS')
  })

  test('the plan user count caps creation with ERR_PLAN_LIMIT_USERS', async () => {
    const { adminToken } = await createCompany(env(), { plan: { users: 1 } })
    const res = await call(env(), 'POST', '/users', { token: adminToken, json: { name: 'Extra', email: `${uniq('x')}@t.co`, password: 'secret5' } })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('ERR_PLAN_LIMIT_USERS')
  })

  test('a plain user cannot create or delete users', async () => {
    const { companyId, adminId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const create = await call(env(), 'POST', '/users', { token: u.token, json: { name: 'Nope', email: `${uniq('n')}@t.co`, password: 'secret5' } })
    expect(create.status).toBe(403)
    expect(create.body.error).toBe('ERR_NO_PERMISSION')
    const del = await call(env(), 'DELETE', `/users/${adminId}`, { token: u.token })
    expect(del.status).toBe(403)
  })

  test('a plain user edits own name and password but not own profile or switches', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const ok = await call(env(), 'PUT', `/users/${u.id}`, { token: u.token, json: { name: 'Renamed', password: 'newpass', profile: 'user' } })
    expect(ok.status).toBe(200)
    expect(ok.body.name).toBe('Renamed')
    expect((await loginToken(env(), u.email, 'newpass')).length).toBeGreaterThan(10)
    const token = await loginToken(env(), u.email, 'newpass')
    const promote = await call(env(), 'PUT', `/users/${u.id}`, { token, json: { profile: 'admin' } })
    expect(promote.status).toBe(403)
    const switches = await call(env(), 'PUT', `/users/${u.id}`, { token, json: { allTicket: 'enable' } })
    expect(switches.status).toBe(403)
    const other = await createUser(env(), companyId)
    const edit = await call(env(), 'PUT', `/users/${other.id}`, { token, json: { name: 'Hacked' } })
    expect(edit.status).toBe(403)
  })

  test('an admin cannot grant super nor edit the super user', async () => {
    const admin = await call(env(), 'GET', '/users/list', { token: await superToken(env()) })
    const superId = admin.body.find((u: { email: string }) => u.email === 'super@test.local').id
    const { companyId, adminToken } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const grant = await call(env(), 'PUT', `/users/${u.id}`, { token: adminToken, json: { super: true } })
    expect(grant.status).toBe(403)
    const edit = await call(env(), 'PUT', `/users/${superId}`, { token: adminToken, json: { name: 'x y' } })
    expect([403, 404]).toContain(edit.status)
  })

  test('an admin cannot delete themselves; deleting another user removes them', async () => {
    const { companyId, adminId, adminToken } = await createCompany(env())
    const self = await call(env(), 'DELETE', `/users/${adminId}`, { token: adminToken })
    expect(self.status).toBe(400)
    expect(self.body.error).toBe('ERR_CANNOT_DELETE_SELF')
    const u = await createUser(env(), companyId)
    expect((await call(env(), 'DELETE', `/users/${u.id}`, { token: adminToken })).status).toBe(200)
    expect((await call(env(), 'GET', `/users/${u.id}`, { token: adminToken })).status).toBe(404)
    expect((await call(env(), 'GET', '/auth/me', { token: u.token })).status).toBe(401)
  })

  test('lists users 20 a page with lowercase search, hasMore and count', async () => {
    const { companyId, adminToken } = await createCompany(env(), { plan: { users: 50 } })
    for (let i = 0; i < 21; i++) {
      await withSystem(env().services.db, (tx) =>
        tx`insert into users (company_id, name, email, password_hash) values (${companyId}, ${`Zeca ${String(i).padStart(2, '0')}`}, ${`${uniq('z')}@t.co`}, 'x')`,
      )
    }
    const p1 = await call(env(), 'GET', '/users/?searchParam=ZECA&pageNumber=1', { token: adminToken })
    expect(p1.status).toBe(200)
    expect(p1.body.users).toHaveLength(20)
    expect(p1.body.hasMore).toBe(true)
    expect(p1.body.count).toBe(21)
    const p2 = await call(env(), 'GET', '/users/?searchParam=zeca&pageNumber=2', { token: adminToken })
    expect(p2.body.users).toHaveLength(1)
    expect(p2.body.hasMore).toBe(false)
    const none = await call(env(), 'GET', '/users/?searchParam=%25', { token: adminToken })
    expect(none.body.users).toHaveLength(0)
  })

  test('saves the ticket list width within 404-700', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const wide = await call(env(), 'PUT', `/users/toggleChangeWidht/${u.id}`, { token: u.token, json: { defaultTicketsManagerWidth: 900 } })
    expect(wide.body.defaultTicketsManagerWidth).toBe(700)
    const narrow = await call(env(), 'PUT', `/users/toggleChangeWidht/${u.id}`, { token: u.token, json: { defaultTicketsManagerWidth: 100 } })
    expect(narrow.body.defaultTicketsManagerWidth).toBe(404)
    const bad = await call(env(), 'PUT', `/users/toggleChangeWidht/${u.id}`, { token: u.token, json: { defaultTicketsManagerWidth: 'wide' } })
    expect(bad.status).toBe(400)
  })

  test('uploads an avatar image under the company media folder and refuses other files', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const ok = await call(env(), 'POST', `/users/${u.id}/media-upload`, {
      token: u.token,
      form: formWith('profileImage', PNG_1PX, 'me.png', 'image/png', { userId: String(u.id), typeArch: 'user' }),
    })
    expect(ok.status).toBe(200)
    expect(ok.body.profileImage).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(existsSync(env().services.media.pathOf(companyId, ok.body.profileImage)!)).toBe(true)
    const fake = await call(env(), 'POST', `/users/${u.id}/media-upload`, {
      token: u.token,
      form: formWith('profileImage', 'not a png', 'me.png', 'image/png'),
    })
    expect(fake.status).toBe(400)
    expect(fake.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const exe = await call(env(), 'POST', `/users/${u.id}/media-upload`, {
      token: u.token,
      form: formWith('profileImage', 'MZ', 'evil.exe', 'application/octet-stream'),
    })
    expect(exe.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const none = await call(env(), 'POST', `/users/${u.id}/media-upload`, { token: u.token, form: new FormData() })
    expect(none.status).toBe(400)
  })
})
