import { describe, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createPlan, createUser, superToken, uniq } from '../../test/factories.ts'

const FLAGS = [
  'useWhatsapp', 'useFacebook', 'useInstagram', 'useCampaigns', 'useSchedules',
  'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations',
]

const fieldMessages = (body: { fields: { field: string; message: string }[] }) =>
  Object.fromEntries(body.fields.map((f) => [f.field, f.message]))

const idsOf = (plans: { id: number }[]) => plans.map((p) => p.id)

describeEachBackend('plans', (env) => {
  describe('creating and editing', () => {
    test('a super user creates a plan that is public with all ten features on by default', async () => {
      const name = uniq('Basic ')
      const res = await call(env(), 'POST', '/plans', { token: await superToken(env()), json: { name, users: 3, connections: 2, queues: 4, amount: 49.9 } })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ name, users: 3, connections: 2, queues: 4, amount: 49.9, value: 49.9, isPublic: true })
      for (const flag of FLAGS) expect(res.body[flag]).toBe(true)
    })

    test('value is accepted as the amount and answered as a number', async () => {
      const res = await call(env(), 'POST', '/plans', { token: await superToken(env()), json: { name: uniq('Valued '), value: '120.5' } })
      expect(res.status).toBe(201)
      expect(res.body.amount).toBe(120.5)
      expect(typeof res.body.amount).toBe('number')
    })

    test('flags and isPublic may be switched off on create', async () => {
      const res = await call(env(), 'POST', '/plans', {
        token: await superToken(env()),
        json: { name: uniq('Lite '), isPublic: false, useKanban: false, useOpenAi: 'disabled' },
      })
      expect(res.body).toMatchObject({ isPublic: false, useKanban: false, useOpenAi: false, useWhatsapp: true })
    })

    test('plan validation: name required 2-50, counts whole numbers of 0 or more, amount 0 or more', async () => {
      const token = await superToken(env())
      const missing = await call(env(), 'POST', '/plans', { token, json: {} })
      expect(missing.status).toBe(400)
      expect(fieldMessages(missing.body)).toEqual({ name: 'Required' })
      const bad = await call(env(), 'POST', '/plans', { token, json: { name: 'P', users: -1, connections: 1.5, queues: 'many', amount: -3 } })
      expect(bad.status).toBe(400)
      expect(fieldMessages(bad.body)).toEqual({
        name: 'Too Short!',
        users: 'Must be 0 or more',
        connections: 'Must be a whole number',
        queues: 'Must be a number',
        amount: 'Must be 0 or more',
      })
      const long = await call(env(), 'POST', '/plans', { token, json: { name: 'x'.repeat(51) } })
      expect(fieldMessages(long.body)).toEqual({ name: 'Too Long!' })
    })

    test('a duplicate plan name, in any case, answers 409 ERR_NAME_ALREADY_EXISTS', async () => {
      const token = await superToken(env())
      const name = uniq('Dup ')
      expect((await call(env(), 'POST', '/plans', { token, json: { name } })).status).toBe(201)
      const res = await call(env(), 'POST', '/plans', { token, json: { name: name.toUpperCase() } })
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('ERR_NAME_ALREADY_EXISTS')
    })

    test('a super user edits a plan and only the fields sent change', async () => {
      const token = await superToken(env())
      const planId = await createPlan(env(), { users: 5 })
      const res = await call(env(), 'PUT', `/plans/${planId}`, { token, json: { amount: 10, useCampaigns: false } })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: planId, users: 5, amount: 10, useCampaigns: false, useKanban: true, isPublic: true })
    })

    test('editing a plan tells each company on it (company update), so open sessions reload the flags', async () => {
      const on = await createCompany(env())
      const other = await createCompany(env())
      const token = await superToken(env())
      const seen: { type: string; companyId: number; action: unknown }[] = []
      const off = env().services.events.subscribe((e) => seen.push({ type: e.type, companyId: e.companyId, action: e.payload.action }))
      try {
        expect((await call(env(), 'PUT', `/plans/${on.planId}`, { token, json: { useExternalApi: false } })).status).toBe(200)
      } finally {
        off()
      }
      expect(seen).toContainEqual({ type: 'company', companyId: on.companyId, action: 'update' })
      expect(seen.some((e) => e.companyId === other.companyId)).toBe(false)
    })

    test('renaming a plan to another plan name answers 409, keeping its own name is fine', async () => {
      const token = await superToken(env())
      const a = (await call(env(), 'POST', '/plans', { token, json: { name: uniq('A ') } })).body
      const b = (await call(env(), 'POST', '/plans', { token, json: { name: uniq('B ') } })).body
      expect((await call(env(), 'PUT', `/plans/${b.id}`, { token, json: { name: a.name } })).status).toBe(409)
      expect((await call(env(), 'PUT', `/plans/${b.id}`, { token, json: { name: b.name, users: 2 } })).status).toBe(200)
    })

    test('editing an unknown plan answers 404 ERR_NO_PLAN_FOUND', async () => {
      const res = await call(env(), 'PUT', '/plans/999999', { token: await superToken(env()), json: { users: 1 } })
      expect(res.status).toBe(404)
      expect(res.body.error).toBe('ERR_NO_PLAN_FOUND')
    })
  })

  describe('deleting', () => {
    test('a plan in use by a company cannot be deleted: 409 ERR_PLAN_IN_USE', async () => {
      const { planId } = await createCompany(env())
      const token = await superToken(env())
      const res = await call(env(), 'DELETE', `/plans/${planId}`, { token })
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('ERR_PLAN_IN_USE')
      expect((await call(env(), 'GET', `/plans/${planId}`, { token })).status).toBe(200)
    })

    test('an unused plan is deleted', async () => {
      const planId = await createPlan(env())
      const token = await superToken(env())
      expect((await call(env(), 'DELETE', `/plans/${planId}`, { token })).status).toBe(200)
      const gone = await call(env(), 'GET', `/plans/${planId}`, { token })
      expect(gone.status).toBe(404)
      expect(gone.body.error).toBe('ERR_NO_PLAN_FOUND')
    })
  })

  describe('listing', () => {
    test('/plans/list without a login shows only public plans, whatever listPublic says', async () => {
      const publicId = await createPlan(env(), { isPublic: true })
      const privateId = await createPlan(env(), { isPublic: false })
      for (const path of ['/plans/list', '/plans/list?listPublic=true', '/plans/list?listPublic=false']) {
        const res = await call(env(), 'GET', path)
        expect(res.status).toBe(200)
        expect(idsOf(res.body)).toContain(publicId)
        expect(idsOf(res.body)).not.toContain(privateId)
        expect(res.body.every((p: { isPublic: boolean }) => p.isPublic)).toBe(true)
      }
    })

    test('/plans/list with listPublic=false shows every plan to a super user', async () => {
      const privateId = await createPlan(env(), { isPublic: false })
      const token = await superToken(env())
      expect(idsOf((await call(env(), 'GET', '/plans/list?listPublic=false', { token })).body)).toContain(privateId)
      expect(idsOf((await call(env(), 'GET', '/plans/list', { token })).body)).not.toContain(privateId)
    })

    test('/plans/list with listPublic=false still shows only public plans to an admin', async () => {
      const privateId = await createPlan(env(), { isPublic: false })
      const { adminToken } = await createCompany(env())
      const res = await call(env(), 'GET', '/plans/list?listPublic=false', { token: adminToken })
      expect(res.status).toBe(200)
      expect(idsOf(res.body)).not.toContain(privateId)
    })

    test('/plans/list treats an invalid or ended token as no login', async () => {
      const privateId = await createPlan(env(), { isPublic: false })
      const bogus = await call(env(), 'GET', '/plans/list?listPublic=false', { token: 'not-a-jwt' })
      expect(bogus.status).toBe(200)
      expect(idsOf(bogus.body)).not.toContain(privateId)
      const ended = await superToken(env())
      await superToken(env()) // a new login replaces the previous session
      const stale = await call(env(), 'GET', '/plans/list?listPublic=false', { token: ended })
      expect(stale.status).toBe(200)
      expect(idsOf(stale.body)).not.toContain(privateId)
    })

    test('GET /plans/all lists public and private plans to a super user', async () => {
      const publicId = await createPlan(env(), { isPublic: true })
      const privateId = await createPlan(env(), { isPublic: false })
      const res = await call(env(), 'GET', '/plans/all', { token: await superToken(env()) })
      expect(res.status).toBe(200)
      expect(idsOf(res.body)).toEqual(expect.arrayContaining([publicId, privateId]))
    })
  })

  describe('permissions', () => {
    const superOnly = (id: number) => [
      ['GET', '/plans/all'],
      ['GET', `/plans/${id}`],
      ['POST', '/plans'],
      ['PUT', `/plans/${id}`],
      ['DELETE', `/plans/${id}`],
    ]

    test('super-only plan routes answer 403 ERR_NO_PERMISSION to an admin', async () => {
      const { planId, adminToken } = await createCompany(env())
      for (const [method, path] of superOnly(planId)) {
        const res = await call(env(), method, path, { token: adminToken, json: method === 'POST' || method === 'PUT' ? { name: 'Hacked' } : undefined })
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' })
      }
    })

    test('super-only plan routes answer 403 ERR_NO_PERMISSION to a plain user', async () => {
      const { companyId, planId } = await createCompany(env())
      const u = await createUser(env(), companyId)
      for (const [method, path] of superOnly(planId)) {
        const res = await call(env(), method, path, { token: u.token, json: method === 'POST' || method === 'PUT' ? { name: 'Hacked' } : undefined })
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' })
      }
    })

    test('plan routes other than /plans/list need a login', async () => {
      const planId = await createPlan(env())
      for (const [method, path] of superOnly(planId)) {
        const res = await call(env(), method, path, { json: method === 'POST' || method === 'PUT' ? { name: 'Anon' } : undefined })
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 401, error: 'ERR_SESSION_EXPIRED' })
      }
    })
  })
})
