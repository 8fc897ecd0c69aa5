import { describe, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser, superToken } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'

interface InvoiceFields {
  detail?: string
  dueDate?: string
  status?: string
  value?: number
  linkInvoice?: string
}

async function insertInvoice(env: TestEnv, companyId: number, fields: InvoiceFields = {}): Promise<number> {
  return withSystem(env.services.db, async (tx) => {
    const row = { companyId, detail: 'Plano', dueDate: '2026-12-01', status: 'open', value: 99.9, users: 3, connections: 2, queues: 1, ...fields }
    const [inv] = await tx<{ id: number }[]>`insert into invoices ${tx(row)} returning id`
    return inv.id
  })
}

describeEachBackend('invoices', (env) => {
  describe('listing', () => {
    test('lists the company invoices latest due date first, with Pago for paid and Em aberto for open', async () => {
      const a = await createCompany(env())
      const older = await insertInvoice(env(), a.companyId, { dueDate: '2026-10-01', status: 'paid', linkInvoice: 'https://pay.example/1' })
      const newer = await insertInvoice(env(), a.companyId, { dueDate: '2026-12-01', status: 'open' })
      const res = await call(env(), 'GET', '/invoices', { token: a.adminToken })
      expect(res.status).toBe(200)
      expect(res.body.hasMore).toBe(false)
      expect(res.body.invoices.map((i: { id: number }) => i.id)).toEqual([newer, older])
      expect(res.body.invoices[0]).toMatchObject({ id: newer, status: 'Em aberto', dueDate: '2026-12-01', value: 99.9, users: 3, connections: 2, queues: 1 })
      expect(res.body.invoices[1]).toMatchObject({ id: older, status: 'Pago', linkInvoice: 'https://pay.example/1' })
    })

    test('searches by detail in lowercase and pages 20 with hasMore', async () => {
      const a = await createCompany(env())
      for (let i = 0; i < 21; i++) await insertInvoice(env(), a.companyId, { detail: `Mensalidade ${i}`, dueDate: `2026-01-${String(i + 1).padStart(2, '0')}` })
      await insertInvoice(env(), a.companyId, { detail: 'Setup' })
      const p1 = await call(env(), 'GET', '/invoices?searchParam=MENSALIDADE&pageNumber=1', { token: a.adminToken })
      expect(p1.body.invoices).toHaveLength(20)
      expect(p1.body.hasMore).toBe(true)
      expect(p1.body.invoices[0].detail).toBe('Mensalidade 20')
      const p2 = await call(env(), 'GET', '/invoices?searchParam=mensalidade&pageNumber=2', { token: a.adminToken })
      expect(p2.body.invoices.map((i: { detail: string }) => i.detail)).toEqual(['Mensalidade 0'])
      expect(p2.body.hasMore).toBe(false)
      const setup = await call(env(), 'GET', '/invoices?searchParam=setup', { token: a.adminToken })
      expect(setup.body.invoices.map((i: { detail: string }) => i.detail)).toEqual(['Setup'])
    })

    test('GET /invoices/{id} answers one invoice of the own company', async () => {
      const a = await createCompany(env())
      const id = await insertInvoice(env(), a.companyId, { detail: 'Plano anual', status: 'paid' })
      const res = await call(env(), 'GET', `/invoices/${id}`, { token: a.adminToken })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id, companyId: a.companyId, detail: 'Plano anual', status: 'Pago' })
    })
  })

  describe('isolation', () => {
    test('an admin of company B never lists company A invoices', async () => {
      const a = await createCompany(env())
      const b = await createCompany(env())
      const aInvoice = await insertInvoice(env(), a.companyId)
      const bInvoice = await insertInvoice(env(), b.companyId)
      const res = await call(env(), 'GET', '/invoices', { token: b.adminToken })
      expect(res.body.invoices.map((i: { id: number }) => i.id)).toEqual([bInvoice])
      expect(res.body.invoices.map((i: { id: number }) => i.id)).not.toContain(aInvoice)
    })

    test('an admin of company B gets 404 ERR_NO_INVOICE_FOUND for company A invoice id', async () => {
      const a = await createCompany(env())
      const b = await createCompany(env())
      const aInvoice = await insertInvoice(env(), a.companyId)
      const res = await call(env(), 'GET', `/invoices/${aInvoice}`, { token: b.adminToken })
      expect(res.status).toBe(404)
      expect(res.body.error).toBe('ERR_NO_INVOICE_FOUND')
    })

    test('a super user sees only the invoices of their own company', async () => {
      const a = await createCompany(env())
      const aInvoice = await insertInvoice(env(), a.companyId)
      const token = await superToken(env())
      const list = await call(env(), 'GET', '/invoices', { token })
      expect(list.body.invoices.map((i: { id: number }) => i.id)).not.toContain(aInvoice)
      expect((await call(env(), 'GET', `/invoices/${aInvoice}`, { token })).status).toBe(404)
    })
  })

  describe('access', () => {
    test('an expired company still lists its invoices while other routes answer 402 ERR_SUBSCRIPTION_EXPIRED', async () => {
      const a = await createCompany(env(), { dueDate: '2020-01-01' })
      const id = await insertInvoice(env(), a.companyId, { detail: 'Atrasada', dueDate: '2020-01-01' })
      const list = await call(env(), 'GET', '/invoices', { token: a.adminToken })
      expect(list.status).toBe(200)
      expect(list.body.invoices.map((i: { id: number }) => i.id)).toEqual([id])
      expect((await call(env(), 'GET', `/invoices/${id}`, { token: a.adminToken })).status).toBe(200)
      const users = await call(env(), 'GET', '/users/', { token: a.adminToken })
      expect(users.status).toBe(402)
      expect(users.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED')
    })

    test('a plain user gets 403 ERR_NO_PERMISSION on invoices', async () => {
      const a = await createCompany(env())
      const u = await createUser(env(), a.companyId)
      const id = await insertInvoice(env(), a.companyId)
      for (const path of ['/invoices', `/invoices/${id}`]) {
        const res = await call(env(), 'GET', path, { token: u.token })
        expect(res.status).toBe(403)
        expect(res.body.error).toBe('ERR_NO_PERMISSION')
      }
    })

    test('invoices need a login', async () => {
      const res = await call(env(), 'GET', '/invoices')
      expect(res.status).toBe(401)
      expect(res.body.error).toBe('ERR_SESSION_EXPIRED')
    })
  })
})
