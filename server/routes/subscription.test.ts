import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { hasError, parsePix } from 'pix-utils'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { startFakeMercadoPago, type FakeMercadoPago } from '../../test/fake-mercadopago.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser, superToken } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import { createDueInvoices } from '../domain/billing/create-invoices.ts'
import type { DomainEvent } from '../domain/context.ts'

const CPF = '529.982.247-25' // a CPF whose check digits are right
const payer = { firstName: 'Maria Souza', lastName: 'Lima', zipcode: CPF, address2: '', city: 'Recife', state: 'PE', country: 'BR' }

const db = (env: TestEnv) => env.services.db
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const rows = (env: TestEnv, q: (tx: any) => Promise<any>): Promise<any> => withSystem(db(env), q)

async function setPix(env: TestEnv) {
  const token = await superToken(env)
  for (const [key, value] of [['pixKey', 'financeiro@balcao.example'], ['pixMerchantName', 'Balcão Soluções'], ['pixMerchantCity', 'São Paulo']]) {
    expect((await call(env, 'PUT', `/settings/${key}`, { token, json: { value } })).status).toBe(200)
  }
}

/** Domain events published while fn runs. */
async function eventsDuring(env: TestEnv, fn: () => Promise<unknown>): Promise<DomainEvent[]> {
  const seen: DomainEvent[] = []
  const off = env.services.events.subscribe((e) => seen.push(e))
  try {
    await fn()
  } finally {
    off()
  }
  return seen
}

describeEachBackend('billing', (env) => {
  afterAll(async () => {
    await rows(env(), (tx) => tx`update settings set value = '' where key in ('pixKey', 'pixMerchantName', 'pixMerchantCity')`)
  })

  describe('POST /subscription checks', () => {
    test('the spec\'s messages for a missing name and CPF/CNPJ, a CPF with wrong digits, a custom plan under 3', async () => {
      const a = await createCompany(env())
      const bad = async (json: Record<string, unknown>) => (await call(env(), 'POST', '/subscription', { token: a.adminToken, json })).body
      const noName = await bad({ ...payer, firstName: ' ', plan: a.planId })
      expect(noName.error).toBe('ERR_VALIDATION')
      expect(noName.fields).toContainEqual(expect.objectContaining({ field: 'firstName', message: 'O nome completo é obrigatório' }))
      expect((await bad({ ...payer, zipcode: '', plan: a.planId })).fields).toContainEqual(expect.objectContaining({ field: 'zipcode', message: 'CEP é obrigatório' }))
      expect((await bad({ ...payer, zipcode: '529.982.247-26', plan: a.planId })).fields).toContainEqual(expect.objectContaining({ field: 'zipcode', message: 'CPF/CNPJ inválido' }))
      const low = await bad({ ...payer, plan: 'custom', users: 2, connections: 3 })
      expect(low.fields).toContainEqual(expect.objectContaining({ field: 'users', message: 'Mínimo de 3 usuários' }))
      expect((await bad({ ...payer, plan: 'custom', users: 3 })).fields).toContainEqual(expect.objectContaining({ field: 'connections' }))
    })

    test('without a Pix key a manual charge is refused and nothing is written', async () => {
      const a = await createCompany(env(), { dueDate: '2026-11-25' })
      const res = await call(env(), 'POST', '/subscription', { token: a.adminToken, json: { ...payer, plan: a.planId } })
      expect(res.status).toBe(503)
      expect(res.body.error).toBe('ERR_PIX_NOT_CONFIGURED')
      const [{ invoices, charges }] = await rows(env(), (tx) => tx`
        select (select count(*)::int from invoices where company_id = ${a.companyId}) as invoices,
               (select count(*)::int from pix_charges where company_id = ${a.companyId}) as charges`)
      expect({ invoices, charges }).toEqual({ invoices: 0, charges: 0 })
    })

    test('a webhook body of null, a list or bad JSON is a 401 like any unsigned notification, never a 500', async () => {
      for (const body of ['null', '[1]', '{"data":null}', 'not json']) {
        const res = await env().app.request('/subscription/webhook/mercadopago', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        expect(res.status).toBe(401)
        expect((await res.json()).error).toBe('ERR_INVALID_WEBHOOK_SIGNATURE')
      }
    })

    test('a plain user may not subscribe', async () => {
      const a = await createCompany(env())
      const u = await createUser(env(), a.companyId)
      expect((await call(env(), 'POST', '/subscription', { token: u.token, json: { ...payer, plan: a.planId } })).status).toBe(403)
    })
  })

  describe('manual Pix', () => {
    test('an expired company pays its plan: a BR Code an independent parser accepts, confirmed once by the super user', async () => {
      await setPix(env())
      const a = await createCompany(env(), { dueDate: '2026-11-10', plan: { amount: 149.9 } })
      const res = await call(env(), 'POST', '/subscription', { token: a.adminToken, json: { ...payer, plan: a.planId, price: 1 } })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ provider: 'manual', valor: { original: '149.90' } })
      const pix = parsePix(res.body.qrcode.qrcode)
      expect(hasError(pix)).toBe(false)
      expect(pix).toMatchObject({ pixKey: 'financeiro@balcao.example', merchantName: 'Balcao Solucoes', merchantCity: 'Sao Paulo', transactionAmount: 149.9 })
      const invoiceId = res.body.invoiceId

      const sup = await superToken(env())
      expect((await call(env(), 'POST', `/invoices/${invoiceId}/confirm-payment`, { token: a.adminToken })).status).toBe(403)
      const events = await eventsDuring(env(), async () => {
        const ok = await call(env(), 'POST', `/invoices/${invoiceId}/confirm-payment`, { token: sup })
        expect(ok.status).toBe(200)
        // Paid after its due date passed: a month from today (the test clock's 2026-11-20).
        expect(ok.body.dueDate).toBe('2026-12-20')
      })
      expect(events).toContainEqual(expect.objectContaining({ type: 'payment', companyId: a.companyId, payload: expect.objectContaining({ action: 'CONCLUIDA' }) }))
      const again = await call(env(), 'POST', `/invoices/${invoiceId}/confirm-payment`, { token: sup })
      expect(again.status).toBe(409)
      expect(again.body.error).toBe('ERR_INVOICE_ALREADY_PAID')
      const [row] = await rows(env(), (tx) => tx`
        select i.status, i.confirmed_by, to_char(c.due_date, 'YYYY-MM-DD') as due, (select status from pix_charges where invoice_id = i.id) as charge
          from invoices i join companies c on c.id = i.company_id where i.id = ${invoiceId}`)
      expect(row).toMatchObject({ status: 'paid', due: '2026-12-20', charge: 'paid' })
      expect(row.confirmedBy).toBeGreaterThan(0)
      const listed = await call(env(), 'GET', '/invoices', { token: a.adminToken })
      expect(listed.body.invoices[0]).toMatchObject({ id: invoiceId, status: 'Pago', value: 149.9 })
      expect((await call(env(), 'GET', '/invoices/all', { token: a.adminToken })).status).toBe(403)
      expect((await call(env(), 'GET', '/invoices/all', { token: sup })).body.invoices.some((i: { id: number }) => i.id === invoiceId)).toBe(true)
    })

    test('the custom plan is priced on the server: 49 + 11 per user and 20 per connection beyond 3', async () => {
      await setPix(env())
      const a = await createCompany(env(), { dueDate: '2026-12-15' })
      const res = await call(env(), 'POST', '/subscription', { token: a.adminToken, json: { ...payer, plan: 'custom', users: 5, connections: 4, price: 10 } })
      expect(res.status).toBe(200)
      expect(res.body.valor.original).toBe('91.00')
      expect(parsePix(res.body.qrcode.qrcode)).toMatchObject({ transactionAmount: 91 })
      const [inv] = await rows(env(), (tx) => tx`select users, connections, value::float8 as value, plan_id, to_char(due_date, 'YYYY-MM-DD') as due from invoices where id = ${res.body.invoiceId}`)
      expect(inv).toEqual({ users: 5, connections: 4, value: 91, planId: null, due: '2026-12-15' })
      // Paid: the company gets a private plan with those counts and the switches of the plan it had.
      await rows(env(), (tx) => tx`update plans set use_kanban = false where id = ${a.planId}`)
      expect((await call(env(), 'POST', `/invoices/${res.body.invoiceId}/confirm-payment`, { token: await superToken(env()) })).status).toBe(200)
      const [plan] = await rows(env(), (tx) => tx`
        select p.id, p.users, p.connections, p.amount::float8 as amount, p.is_public, p.use_kanban, p.use_campaigns
          from companies c join plans p on p.id = c.plan_id where c.id = ${a.companyId}`)
      expect(plan).toMatchObject({ users: 5, connections: 4, amount: 91, isPublic: false, useKanban: false, useCampaigns: true })
      expect(plan.id).not.toBe(a.planId)
    })
  })

  describe('invoice job', () => {
    test('one invoice per company and due date, however many workers run it', async () => {
      const soon = await createCompany(env(), { dueDate: '2026-11-28' })
      const later = await createCompany(env(), { dueDate: '2027-01-30' })
      const now = new Date('2026-11-20T12:00:00Z')
      const runs = await Promise.all([1, 2, 3].map(() => rows(env(), (tx) => createDueInvoices(tx, now))))
      const [{ n }] = await rows(env(), (tx) => tx`select count(*)::int as n from invoices where company_id = ${soon.companyId}`)
      expect(n).toBe(1)
      expect(runs.flat().length).toBeGreaterThanOrEqual(1)
      const [{ m }] = await rows(env(), (tx) => tx`select count(*)::int as m from invoices where company_id = ${later.companyId}`)
      expect(m).toBe(0)
      const [inv] = await rows(env(), (tx) => tx`select detail, value::float8 as value, to_char(due_date, 'YYYY-MM-DD') as due, plan_id from invoices where company_id = ${soon.companyId}`)
      expect(inv).toMatchObject({ value: 99, due: '2026-11-28', planId: soon.planId })
    })
  })
})

describeEachBackend('billing through Mercado Pago', (env) => {
  let mp: FakeMercadoPago
  beforeAll(async () => {
    mp = await startFakeMercadoPago()
    Object.assign(env().services.config, { MERCADOPAGO_ACCESS_TOKEN: mp.accessToken, MERCADOPAGO_WEBHOOK_SECRET: mp.secret, MERCADOPAGO_API_URL: mp.url })
  })
  afterAll(async () => {
    Object.assign(env().services.config, { MERCADOPAGO_ACCESS_TOKEN: undefined, MERCADOPAGO_WEBHOOK_SECRET: undefined })
    await mp.close()
  })
  const post = async (path: string, init: RequestInit) => env().app.request(path, init)

  test('the charge is created on Mercado Pago; its signed webhook renews once; forged and replayed ones change nothing', async () => {
    const a = await createCompany(env(), { dueDate: '2026-12-05', plan: { amount: 79.5 } })
    const res = await call(env(), 'POST', '/subscription', { token: a.adminToken, json: { ...payer, plan: a.planId } })
    expect(res.status).toBe(200)
    expect(res.body.provider).toBe('mercadopago')
    const sent = mp.requests.find((r) => r.method === 'POST')!
    expect(sent.headers['x-idempotency-key']).toBe(res.body.txid)
    expect(sent.json).toMatchObject({ transaction_amount: 79.5, payment_method_id: 'pix', external_reference: res.body.txid, payer: { identification: { type: 'CPF', number: '52998224725' } } })
    const [paymentId] = [...mp.payments.keys()].slice(-1)
    expect(hasError(parsePix(res.body.qrcode.qrcode))).toBe(false)

    // Not yet paid: a valid notification of a pending payment changes nothing.
    const early = mp.notification(paymentId)
    expect((await post(early.path, early.init)).status).toBe(200)
    // Forged: signed with another secret.
    mp.payments.get(paymentId)!.status = 'approved'
    const forged = mp.notification(paymentId, { secret: 'not-the-secret-at-all' })
    const f = await post(forged.path, forged.init)
    expect(f.status).toBe(401)
    expect((await f.json()).error).toBe('ERR_INVALID_WEBHOOK_SIGNATURE')
    const due = async () => (await rows(env(), (tx) => tx`select to_char(due_date, 'YYYY-MM-DD') as d from companies where id = ${a.companyId}`))[0].d
    expect(await due()).toBe('2026-12-05')

    const events = await eventsDuring(env(), async () => expect(await mp.approve(paymentId, post)).toBe(200))
    expect(await due()).toBe('2027-01-05')
    expect(events.filter((e) => e.type === 'payment')).toHaveLength(1)
    // A replay of the same notification: still one renewal.
    const replay = mp.notification(paymentId)
    expect((await post(replay.path, replay.init)).status).toBe(200)
    expect(await due()).toBe('2027-01-05')
    const [inv] = await rows(env(), (tx) => tx`select status, confirmed_by from invoices where id = ${res.body.invoiceId}`)
    expect(inv).toEqual({ status: 'paid', confirmedBy: null })
  })
})
