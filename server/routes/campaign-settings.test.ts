import { describe, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import { frameFor, routeEvent } from '../realtime/route-event.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser, type PlanOptions } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const sys = <T>(env: TestEnv, fn: (tx: any) => Promise<T>): Promise<T> => withSystem(env.services.db, fn)

/** Route tests make many calls; PGlite on a busy 2-core machine needs more than bun's 5 s. */
const SLOW = 30_000

const DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
}

/** A company whose admin may use campaigns: the plan's useCampaigns and the company switch on. */
async function campaignCompany(env: TestEnv, plan: PlanOptions = {}) {
  const company = await createCompany(env, { plan })
  const on = await call(env, 'PUT', '/companySettings', { token: company.adminToken, json: { column: 'campaignsEnabled', data: true } })
  expect(on.status).toBe(200)
  return company
}

const storedRows = (env: TestEnv, companyId: number): Promise<{ key: string; value: string }[]> =>
  sys(env, (tx) => tx`select key, value from campaign_settings where company_id = ${companyId} order by key`)

const post = (env: TestEnv, token: string, settings: unknown) => call(env, 'POST', '/campaign-settings', { token, json: { settings } })

describeEachBackend('campaign settings', (env) => {
  describe('read', () => {
    test('a company that never saved them reads the defaults of spec part 2 §9', async () => {
      const { adminToken } = await campaignCompany(env())
      const res = await call(env(), 'GET', '/campaign-settings', { token: adminToken })
      expect([res.status, res.body]).toEqual([200, DEFAULTS])
    }, SLOW)

    test('rows stored as Whaticket text read as typed values; unreadable ones fall back to the defaults', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      await sys(env(), (tx) => tx`insert into campaign_settings (company_id, key, value) values
        (${companyId}, 'messageInterval', '15'), (${companyId}, 'greaterInterval', 'abc'), (${companyId}, 'sabado', 'true'),
        (${companyId}, 'variables', '[{"key":"loja","value":"Centro"}]'), (${companyId}, 'endHour', 'tarde')`)
      const res = await call(env(), 'GET', '/campaign-settings', { token: adminToken })
      expect(res.body).toEqual({ ...DEFAULTS, messageInterval: 15, sabado: true, variables: [{ key: 'loja', value: 'Centro' }] })
    }, SLOW)
  })

  describe('save', () => {
    test('POST {settings} stores every key, answers the full settings, and GET reads them back', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      const settings = {
        messageInterval: 0,
        longerIntervalAfter: 60,
        greaterInterval: 180,
        variables: [{ key: 'loja', value: 'Centro' }, { key: 'cupom_10', value: 'BALCAO10' }],
        sabado: true,
        domingo: true,
        startHour: '08:30',
        endHour: '20:00',
      }
      const res = await post(env(), adminToken, settings)
      expect([res.status, res.body]).toEqual([200, settings])
      expect((await call(env(), 'GET', '/campaign-settings', { token: adminToken })).body).toEqual(settings)
      expect(await storedRows(env(), companyId)).toContainEqual({ key: 'variables', value: JSON.stringify(settings.variables) })
      expect(await storedRows(env(), companyId)).toContainEqual({ key: 'sabado', value: 'true' })
    }, SLOW)

    test('only the keys sent change; a second save updates the rows in place', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      await post(env(), adminToken, { messageInterval: 30, sabado: true })
      const res = await post(env(), adminToken, { messageInterval: '45', greaterInterval: 0 })
      expect(res.body).toEqual({ ...DEFAULTS, messageInterval: 45, greaterInterval: 0, sabado: true })
      expect((await storedRows(env(), companyId)).map((r) => r.key)).toEqual(['greaterInterval', 'messageInterval', 'sabado'])
    }, SLOW)

    test('the save reaches the company admins as company-{id}-campaignSettings', async () => {
      const { companyId, adminToken } = await campaignCompany(env())
      const events: DomainEvent[] = []
      const stop = env().services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
      const res = await post(env(), adminToken, { domingo: true })
      stop()
      const [event] = events.filter((e) => e.type === 'campaignSettings')
      expect(event).toEqual({ type: 'campaignSettings', companyId, payload: { action: 'update', settings: res.body } })
      const route = routeEvent(event!)
      expect(route.audiences).toEqual([{ to: 'company', companyId, adminsOnly: true }])
      expect(frameFor(route, companyId).event).toBe(`company-${companyId}-campaignSettings`)
    }, SLOW)
  })

  describe('ranges (spec part 2 §9)', () => {
    const refused: [string, Record<string, unknown>, string][] = [
      ['messageInterval above 120', { messageInterval: 121 }, 'settings.messageInterval'],
      ['a negative messageInterval', { messageInterval: -1 }, 'settings.messageInterval'],
      ['a fractional messageInterval', { messageInterval: 2.5 }, 'settings.messageInterval'],
      ['longerIntervalAfter above 60', { longerIntervalAfter: 61 }, 'settings.longerIntervalAfter'],
      ['greaterInterval between 0 and 20', { greaterInterval: 10 }, 'settings.greaterInterval'],
      ['greaterInterval above 180', { greaterInterval: 181 }, 'settings.greaterInterval'],
      ['a start hour that is no time', { startHour: '9h' }, 'settings.startHour'],
      ['an end hour before the start hour', { startHour: '10:00', endHour: '09:59' }, 'settings.endHour'],
      ['an end hour equal to the start hour', { startHour: '10:00', endHour: '10:00' }, 'settings.endHour'],
      ['a variable key with a space', { variables: [{ key: 'nome loja', value: 'x' }] }, 'settings.variables.0.key'],
      ['a variable key of 31 characters', { variables: [{ key: 'k'.repeat(31), value: 'x' }] }, 'settings.variables.0.key'],
      ['a repeated variable key', { variables: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] }, 'settings.variables.1.key'],
      ['a variable value over 1000 characters', { variables: [{ key: 'a', value: 'x'.repeat(1001) }] }, 'settings.variables.0.value'],
      ['51 variables', { variables: Array.from({ length: 51 }, (_, i) => ({ key: `v${i}`, value: '' })) }, 'settings.variables'],
      ['a NUL character in a variable', { variables: [{ key: 'a', value: 'x\u0000' }] }, 'settings.variables.0.value'],
    ]
    for (const [name, settings, field] of refused) {
      test(`refuses ${name} with 400 on ${field}, writing nothing`, async () => {
        const { companyId, adminToken } = await campaignCompany(env())
        const res = await post(env(), adminToken, settings)
        expect([res.status, res.body.error]).toEqual([400, 'ERR_VALIDATION'])
        expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual([field])
        expect(await storedRows(env(), companyId)).toEqual([])
      }, SLOW)
    }

    test('the edges are accepted: 0 and 120 s, 0 and 60 messages, greater interval 0, 20 and 180 s', async () => {
      const { adminToken } = await campaignCompany(env())
      for (const settings of [
        { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
        { messageInterval: 120, longerIntervalAfter: 60, greaterInterval: 20 },
        { greaterInterval: 180 },
      ]) {
        const res = await post(env(), adminToken, settings)
        expect([res.status, res.body]).toEqual([200, expect.objectContaining(settings)])
      }
    }, SLOW)

    test('an end hour sent alone is checked against the stored start hour', async () => {
      const { adminToken } = await campaignCompany(env())
      expect((await post(env(), adminToken, { startHour: '14:00' })).status).toBe(200)
      const res = await post(env(), adminToken, { endHour: '13:00' })
      expect([res.status, res.body.fields]).toEqual([400, [{ field: 'settings.endHour', message: 'O horário final deve ser depois do inicial' }]])
      const late = await post(env(), adminToken, { startHour: '19:00' })
      expect([late.status, late.body.fields[0].field]).toEqual([400, 'settings.startHour'])
    }, SLOW)

    test('a body without settings is a 400', async () => {
      const { adminToken } = await campaignCompany(env())
      const res = await call(env(), 'POST', '/campaign-settings', { token: adminToken, json: { messageInterval: 10 } })
      expect([res.status, res.body.fields[0].field]).toEqual([400, 'settings'])
    }, SLOW)
  })

  describe('gates', () => {
    test('with the company switch off, both verbs are 403 ERR_CAMPAIGNS_DISABLED', async () => {
      const { adminToken } = await createCompany(env())
      for (const res of [await call(env(), 'GET', '/campaign-settings', { token: adminToken }), await post(env(), adminToken, { sabado: true })]) {
        expect([res.status, res.body.error]).toEqual([403, 'ERR_CAMPAIGNS_DISABLED'])
      }
    }, SLOW)

    test('a plan without useCampaigns is 403 ERR_PLAN_FEATURE_DISABLED even with the switch on', async () => {
      const { adminToken } = await campaignCompany(env(), { useCampaigns: false })
      const res = await call(env(), 'GET', '/campaign-settings', { token: adminToken })
      expect([res.status, res.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
    }, SLOW)

    test('a plain user is 403 ERR_NO_PERMISSION; without a session it is 401', async () => {
      const { companyId } = await campaignCompany(env())
      const user = await createUser(env(), companyId)
      for (const res of [await call(env(), 'GET', '/campaign-settings', { token: user.token }), await post(env(), user.token, { sabado: true })]) {
        expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION'])
      }
      expect((await call(env(), 'GET', '/campaign-settings')).status).toBe(401)
    }, SLOW)

    test("one company's settings never reach another's", async () => {
      const a = await campaignCompany(env())
      const b = await campaignCompany(env())
      await post(env(), a.adminToken, { messageInterval: 5, variables: [{ key: 'loja', value: 'A' }] })
      expect((await call(env(), 'GET', '/campaign-settings', { token: b.adminToken })).body).toEqual(DEFAULTS)
      await post(env(), b.adminToken, { messageInterval: 99 })
      expect((await call(env(), 'GET', '/campaign-settings', { token: a.adminToken })).body).toMatchObject({ messageInterval: 5, variables: [{ key: 'loja', value: 'A' }] })
    }, SLOW)
  })
})
