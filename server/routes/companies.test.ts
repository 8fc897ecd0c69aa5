import { describe, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createPlan, createUser, loginToken, superToken, uniq } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import { insertCompanyRow } from '../domain/companies/insert-company.ts'

const weekday = (weekdayEn: string, times: Partial<Record<'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB', string>> = {}) => ({
  weekday: weekdayEn,
  weekdayEn,
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
  ...times,
})

async function newCompanyBody(env: TestEnv, fields: Record<string, unknown> = {}) {
  return { name: uniq('Acme '), email: `${uniq('acme')}@test.local`, planId: await createPlan(env), ...fields }
}

async function postCompany(env: TestEnv, token: string, fields: Record<string, unknown> = {}) {
  const res = await call(env, 'POST', '/companies', { token, json: await newCompanyBody(env, fields) })
  if (res.status !== 201) throw new Error(`create company failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

const fieldMessages = (body: { fields: { field: string; message: string }[] }) =>
  Object.fromEntries(body.fields.map((f) => [f.field, f.message]))

describeEachBackend('companies', (env) => {
  describe('creating and editing', () => {
    test('a super user creates a company that is inactive, billed MENSAL, with 1 attendant, 1 connection and default settings', async () => {
      const token = await superToken(env())
      const body = await newCompanyBody(env())
      const res = await call(env(), 'POST', '/companies', { token, json: body })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        name: body.name,
        email: body.email,
        planId: body.planId,
        status: false,
        recurrence: 'MENSAL',
        numberAttendants: 1,
        numberConections: 1,
        dueDate: null,
        scheduleType: 'disabled',
      })
      expect(res.body.plan).toMatchObject({ id: body.planId, amount: 99 })
      const [settings] = await withSystem(env().services.db, (tx) => tx`select company_id from company_settings where company_id = ${res.body.id}`)
      expect(settings).toBeDefined()
    })

    test('a password creates the company first admin with the company email, who can log in', async () => {
      const token = await superToken(env())
      const company = await postCompany(env(), token, { status: true, password: 'first-pass' })
      const admin = await loginToken(env(), company.email, 'first-pass')
      const me = await call(env(), 'GET', '/auth/me', { token: admin })
      expect(me.body).toMatchObject({ companyId: company.id, profile: 'admin', email: company.email, super: false })
    })

    test('a company whose admin email is taken is not created at all', async () => {
      const token = await superToken(env())
      const other = await createCompany(env())
      const body = await newCompanyBody(env(), { email: other.adminEmail, password: 'first-pass' })
      const res = await call(env(), 'POST', '/companies', { token, json: body })
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS')
      const list = await call(env(), 'GET', '/companies/list', { token })
      expect(list.body.map((c: { name: string }) => c.name)).not.toContain(body.name)
    })

    test('missing fields answer the spec messages: Nome é obrigatório, E-mail é obrigatório, plan required', async () => {
      const res = await call(env(), 'POST', '/companies', { token: await superToken(env()), json: {} })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_VALIDATION')
      expect(fieldMessages(res.body)).toEqual({ name: 'Nome é obrigatório', email: 'E-mail é obrigatório', planId: 'Plano é obrigatório' })
    })

    test('an invalid email answers Email é inválido and a one-letter name Too Short!', async () => {
      const token = await superToken(env())
      const res = await call(env(), 'POST', '/companies', { token, json: { name: 'A', email: 'nope', planId: 1 } })
      expect(res.status).toBe(400)
      expect(fieldMessages(res.body)).toEqual({ name: 'Too Short!', email: 'Email é inválido' })
      const empty = await call(env(), 'POST', '/companies', { token, json: { name: '  ', email: '', planId: 1 } })
      expect(fieldMessages(empty.body)).toEqual({ name: 'Nome é obrigatório', email: 'E-mail é obrigatório' })
    })

    test('an unknown plan answers 404 ERR_NO_PLAN_FOUND', async () => {
      const res = await call(env(), 'POST', '/companies', { token: await superToken(env()), json: await newCompanyBody(env(), { planId: 999999 }) })
      expect(res.status).toBe(404)
      expect(res.body.error).toBe('ERR_NO_PLAN_FOUND')
    })

    test('a duplicate company name answers 409 ERR_NAME_ALREADY_EXISTS', async () => {
      const token = await superToken(env())
      const first = await postCompany(env(), token)
      const res = await call(env(), 'POST', '/companies', { token, json: await newCompanyBody(env(), { name: first.name.toUpperCase() }) })
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('ERR_NAME_ALREADY_EXISTS')
    })

    test('recurrence accepts the lowercase words and stores the Portuguese value', async () => {
      const token = await superToken(env())
      const words = { monthly: 'MENSAL', bimonthly: 'BIMESTRAL', quarterly: 'TRIMESTRAL', semester: 'SEMESTRAL', yearly: 'ANUAL' }
      for (const [word, stored] of Object.entries(words)) {
        expect((await postCompany(env(), token, { recurrence: word })).recurrence).toBe(stored)
      }
      expect((await postCompany(env(), token, { recurrence: 'TRIMESTRAL' })).recurrence).toBe('TRIMESTRAL')
      const bad = await call(env(), 'POST', '/companies', { token, json: await newCompanyBody(env(), { recurrence: 'weekly' }) })
      expect(bad.status).toBe(400)
      expect(fieldMessages(bad.body)).toEqual({ recurrence: 'Invalid recurrence' })
    })

    test('a super user edits the fields sent and leaves the others', async () => {
      const token = await superToken(env())
      const company = await postCompany(env(), token, { phone: '5511999990000', dueDate: '2027-01-15' })
      const planId = await createPlan(env())
      const res = await call(env(), 'PUT', `/companies/${company.id}`, {
        token,
        json: { name: `${company.name} Ltda`, planId, status: true, recurrence: 'yearly', document: '12345678000199' },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        name: `${company.name} Ltda`,
        planId,
        status: true,
        recurrence: 'ANUAL',
        document: '12345678000199',
        phone: '5511999990000',
        dueDate: '2027-01-15',
        email: company.email,
      })
    })

    test('a time zone Intl does not know answers 400 and changes nothing', async () => {
      const token = await superToken(env())
      const company = await postCompany(env(), token, {})
      const bad = await call(env(), 'PUT', `/companies/${company.id}`, { token, json: { timezone: 'America/Atlantida' } })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.body)).toContain('Fuso horário desconhecido')
      const ok = await call(env(), 'PUT', `/companies/${company.id}`, { token, json: { timezone: 'America/Manaus' } })
      expect(ok.body.timezone).toBe('America/Manaus')
    })

    test('an empty or invalid dueDate is stored as null', async () => {
      const token = await superToken(env())
      for (const dueDate of ['', 'not a date', '2027-02-30', null]) {
        const company = await postCompany(env(), token, { dueDate: '2027-01-15' })
        const res = await call(env(), 'PUT', `/companies/${company.id}`, { token, json: { dueDate } })
        expect(res.status).toBe(200)
        expect(res.body.dueDate).toBeNull()
      }
    })

    test('a dueDate with a time part keeps its date', async () => {
      const token = await superToken(env())
      const company = await postCompany(env(), token, { dueDate: '2027-03-04T00:00:00.000Z' })
      expect(company.dueDate).toBe('2027-03-04')
    })

    test('editing with a password sets a new password for the company admin', async () => {
      const token = await superToken(env())
      const company = await postCompany(env(), token, { status: true, password: 'first-pass' })
      const res = await call(env(), 'PUT', `/companies/${company.id}`, { token, json: { password: 'second-pass' } })
      expect(res.status).toBe(200)
      expect((await loginToken(env(), company.email, 'second-pass')).length).toBeGreaterThan(10)
    })

    test('editing another company name into an existing one answers 409 ERR_NAME_ALREADY_EXISTS', async () => {
      const token = await superToken(env())
      const a = await postCompany(env(), token)
      const b = await postCompany(env(), token)
      const res = await call(env(), 'PUT', `/companies/${b.id}`, { token, json: { name: a.name } })
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('ERR_NAME_ALREADY_EXISTS')
    })
  })

  describe('reading', () => {
    test('GET /companies lists every company with the companies page fields', async () => {
      const token = await superToken(env())
      const a = await createCompany(env())
      const res = await call(env(), 'GET', '/companies', { token })
      expect(res.status).toBe(200)
      const row = res.body.find((c: { id: number }) => c.id === a.companyId)
      for (const field of ['id', 'status', 'name', 'email', 'plan', 'createdAt', 'dueDate', 'recurrence', 'lastLogin', 'folderSize', 'numberFileFolder', 'updatedAtFolder']) {
        expect(row).toHaveProperty(field)
      }
      expect(row.plan).toMatchObject({ id: a.planId, amount: 99 })
      expect(row.dueDate).toBe('2999-01-01')
      expect(row.lastLogin).not.toBeNull()
      expect(res.body.some((c: { id: number }) => c.id === 1)).toBe(true)
    })

    test('GET /companies/list answers the id and name of every company', async () => {
      const a = await createCompany(env())
      const res = await call(env(), 'GET', '/companies/list', { token: await superToken(env()) })
      expect(res.status).toBe(200)
      const row = res.body.find((c: { id: number }) => c.id === a.companyId)
      expect(Object.keys(row).sort()).toEqual(['id', 'name'])
    })

    test('GET /companiesPlan/ searches in lowercase, pages 20 with hasMore and carries each plan', async () => {
      const planId = await createPlan(env(), { useKanban: false })
      const prefix = uniq('Zebra')
      await withSystem(env().services.db, async (tx) => {
        for (let i = 0; i < 21; i++) await insertCompanyRow(tx, { name: `${prefix} ${String(i).padStart(2, '0')}`, planId })
      })
      const token = await superToken(env())
      const p1 = await call(env(), 'GET', `/companiesPlan/?searchParam=${prefix.toUpperCase()}&pageNumber=1`, { token })
      expect(p1.status).toBe(200)
      expect(p1.body.companies).toHaveLength(20)
      expect(p1.body.hasMore).toBe(true)
      expect(p1.body.companies[0].plan).toMatchObject({ id: planId, useKanban: false, useWhatsapp: true, users: 10, amount: 99 })
      const p2 = await call(env(), 'GET', `/companiesPlan?searchParam=${prefix.toLowerCase()}&pageNumber=2`, { token })
      expect(p2.body.companies).toHaveLength(1)
      expect(p2.body.hasMore).toBe(false)
    })

    test('an admin reads their own company', async () => {
      const a = await createCompany(env())
      const res = await call(env(), 'GET', `/companies/${a.companyId}`, { token: a.adminToken })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: a.companyId, planId: a.planId })
    })

    test('an admin of another company gets 403 on company A', async () => {
      const a = await createCompany(env())
      const b = await createCompany(env())
      const res = await call(env(), 'GET', `/companies/${a.companyId}`, { token: b.adminToken })
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('ERR_NO_PERMISSION')
    })

    test('a plain user cannot read the company record, even their own', async () => {
      const a = await createCompany(env())
      const u = await createUser(env(), a.companyId)
      const res = await call(env(), 'GET', `/companies/${a.companyId}`, { token: u.token })
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('ERR_NO_PERMISSION')
    })

    test('a super user reads any company, and an unknown id answers 404 ERR_NO_COMPANY_FOUND', async () => {
      const token = await superToken(env())
      const a = await createCompany(env())
      expect((await call(env(), 'GET', `/companies/${a.companyId}`, { token })).body.id).toBe(a.companyId)
      const missing = await call(env(), 'GET', '/companies/999999', { token })
      expect(missing.status).toBe(404)
      expect(missing.body.error).toBe('ERR_NO_COMPANY_FOUND')
    })

    test('any user reads the plan flags of their own company', async () => {
      const a = await createCompany(env(), { plan: { useCampaigns: false, users: 7 } })
      const u = await createUser(env(), a.companyId)
      const res = await call(env(), 'GET', `/companies/listPlan/${a.companyId}`, { token: u.token })
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(
        ['amount', 'connections', 'id', 'name', 'queues', 'useCampaigns', 'useExternalApi', 'useFacebook', 'useInstagram',
          'useIntegrations', 'useInternalChat', 'useKanban', 'useOpenAi', 'useSchedules', 'useWhatsapp', 'users'].sort(),
      )
      expect(res.body).toMatchObject({ id: a.planId, useCampaigns: false, useWhatsapp: true, users: 7, amount: 99 })
    })

    test('an admin of another company gets 403 on the plan of company A', async () => {
      const a = await createCompany(env())
      const b = await createCompany(env())
      const res = await call(env(), 'GET', `/companies/listPlan/${a.companyId}`, { token: b.adminToken })
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('ERR_NO_PERMISSION')
    })

    test('a super user reads the plan flags of any company', async () => {
      const a = await createCompany(env())
      const res = await call(env(), 'GET', `/companies/listPlan/${a.companyId}`, { token: await superToken(env()) })
      expect(res.status).toBe(200)
      expect(res.body.id).toBe(a.planId)
    })
  })

  describe('schedules', () => {
    test('an admin sets the weekly hours of their own company', async () => {
      const a = await createCompany(env())
      const schedules = [weekday('monday'), weekday('sunday', { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' })]
      const res = await call(env(), 'PUT', `/companies/${a.companyId}/schedules`, { token: a.adminToken, json: { schedules } })
      expect(res.status).toBe(200)
      expect(res.body.schedules).toEqual(schedules)
      const again = await call(env(), 'GET', `/companies/${a.companyId}`, { token: a.adminToken })
      expect(again.body.schedules).toEqual(schedules)
    })

    test('an admin of another company gets 403 setting the hours of company A, which stay unchanged', async () => {
      const a = await createCompany(env())
      const b = await createCompany(env())
      const res = await call(env(), 'PUT', `/companies/${a.companyId}/schedules`, { token: b.adminToken, json: { schedules: [weekday('monday')] } })
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('ERR_NO_PERMISSION')
      const stored = await call(env(), 'GET', `/companies/${a.companyId}`, { token: a.adminToken })
      expect(stored.body.schedules).toEqual([])
    })

    test('a plain user cannot set the company hours', async () => {
      const a = await createCompany(env())
      const u = await createUser(env(), a.companyId)
      const res = await call(env(), 'PUT', `/companies/${a.companyId}/schedules`, { token: u.token, json: { schedules: [weekday('monday')] } })
      expect(res.status).toBe(403)
    })

    test('a super user sets the hours of any company', async () => {
      const a = await createCompany(env())
      const res = await call(env(), 'PUT', `/companies/${a.companyId}/schedules`, {
        token: await superToken(env()),
        json: { schedules: [weekday('friday')] },
      })
      expect(res.status).toBe(200)
      expect(res.body.schedules).toEqual([weekday('friday')])
    })

    test('hours that are not HH:MM or empty answer 400', async () => {
      const a = await createCompany(env())
      const res = await call(env(), 'PUT', `/companies/${a.companyId}/schedules`, {
        token: a.adminToken,
        json: { schedules: [weekday('monday', { startTimeA: '8:00', endTimeB: '24:00' })] },
      })
      expect(res.status).toBe(400)
      expect(fieldMessages(res.body)).toEqual({ 'schedules.0.startTimeA': 'Invalid time (HH:MM)', 'schedules.0.endTimeB': 'Invalid time (HH:MM)' })
    })

    test('a weekday given twice answers 400', async () => {
      const a = await createCompany(env())
      const res = await call(env(), 'PUT', `/companies/${a.companyId}/schedules`, {
        token: a.adminToken,
        json: { schedules: [weekday('monday'), weekday('monday')] },
      })
      expect(res.status).toBe(400)
    })
  })

  describe('deleting', () => {
    test('company 1 cannot be deleted: ERR_CANNOT_DELETE_MAIN_COMPANY', async () => {
      const res = await call(env(), 'DELETE', '/companies/1', { token: await superToken(env()) })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_CANNOT_DELETE_MAIN_COMPANY')
    })

    test('deleting a company removes it with its users', async () => {
      const a = await createCompany(env())
      const token = await superToken(env())
      const res = await call(env(), 'DELETE', `/companies/${a.companyId}`, { token })
      expect(res.status).toBe(200)
      expect((await call(env(), 'GET', `/companies/${a.companyId}`, { token })).status).toBe(404)
      const login = await call(env(), 'POST', '/auth/login', { json: { email: a.adminEmail, password: 'admin-pass' } })
      expect(login.status).toBe(401)
    })

    test('deleting an unknown company answers 404 ERR_NO_COMPANY_FOUND', async () => {
      const res = await call(env(), 'DELETE', '/companies/999999', { token: await superToken(env()) })
      expect(res.status).toBe(404)
      expect(res.body.error).toBe('ERR_NO_COMPANY_FOUND')
    })
  })

  describe('renewing', () => {
    const cases = [
      ['MENSAL', '2027-01-10'],
      ['BIMESTRAL', '2027-02-10'],
      ['TRIMESTRAL', '2027-03-10'],
      ['SEMESTRAL', '2027-06-10'],
      ['ANUAL', '2027-12-10'],
    ] as const
    for (const [recurrence, expected] of cases) {
      test(`renewing a ${recurrence} company moves its due date from 2026-12-10 to ${expected}`, async () => {
        const token = await superToken(env())
        const company = await postCompany(env(), token, { recurrence, dueDate: '2026-12-10' })
        const res = await call(env(), 'POST', `/companies/${company.id}/renew`, { token })
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ id: company.id, dueDate: expected, recurrence })
      })
    }

    test('renewing a lapsed company counts from today', async () => {
      const token = await superToken(env())
      const company = await postCompany(env(), token, { recurrence: 'MENSAL', dueDate: '2020-01-31' })
      const res = await call(env(), 'POST', `/companies/${company.id}/renew`, { token })
      expect(res.body.dueDate).toBe('2026-12-20')
    })

    test('renewing a company without a due date counts from today', async () => {
      const token = await superToken(env())
      const company = await postCompany(env(), token, { recurrence: 'quarterly' })
      const res = await call(env(), 'POST', `/companies/${company.id}/renew`, { token })
      expect(res.body.dueDate).toBe('2027-02-20')
    })

    test('renewing an expired company lets its users back in', async () => {
      const a = await createCompany(env(), { dueDate: '2020-01-01' })
      expect((await call(env(), 'GET', '/users/', { token: a.adminToken })).status).toBe(402)
      await call(env(), 'POST', `/companies/${a.companyId}/renew`, { token: await superToken(env()) })
      expect((await call(env(), 'GET', '/users/', { token: a.adminToken })).status).toBe(200)
    })
  })

  describe('permissions', () => {
    const superOnly = (id: number) => [
      ['GET', '/companies'],
      ['GET', '/companies/list'],
      ['GET', '/companiesPlan/'],
      ['POST', '/companies'],
      ['PUT', `/companies/${id}`],
      ['DELETE', `/companies/${id}`],
      ['POST', `/companies/${id}/renew`],
    ]

    test('super-only company routes answer 403 ERR_NO_PERMISSION to an admin', async () => {
      const a = await createCompany(env())
      for (const [method, path] of superOnly(a.companyId)) {
        const res = await call(env(), method, path, { token: a.adminToken, json: method === 'GET' || method === 'DELETE' ? undefined : {} })
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' })
      }
    })

    test('super-only company routes answer 403 ERR_NO_PERMISSION to a plain user', async () => {
      const a = await createCompany(env())
      const u = await createUser(env(), a.companyId)
      for (const [method, path] of superOnly(a.companyId)) {
        const res = await call(env(), method, path, { token: u.token, json: method === 'GET' || method === 'DELETE' ? undefined : {} })
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' })
      }
    })

    test('company routes need a login', async () => {
      expect((await call(env(), 'GET', '/companies')).status).toBe(401)
      expect((await call(env(), 'GET', '/companies/listPlan/1')).status).toBe(401)
      expect((await call(env(), 'GET', '/companiesPlan/')).status).toBe(401)
    })
  })
})
