import { withSystem } from '../server/db/tenant.ts'
import { insertCompanyRow } from '../server/domain/companies/insert-company.ts'
import { insertUserRow } from '../server/domain/users/insert-user.ts'
import type { TestEnv } from './env.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env.ts'
import { call } from './http.ts'

let seq = 0
export const uniq = (prefix: string) => `${prefix}${++seq}${Math.random().toString(36).slice(2, 6)}`

export interface PlanOptions {
  users?: number
  connections?: number
  queues?: number
  isPublic?: boolean
  [flag: string]: unknown
}

export async function createPlan(env: TestEnv, opts: PlanOptions = {}): Promise<number> {
  return withSystem(env.services.db, async (tx) => {
    const row = { name: uniq('Plan '), users: 10, connections: 10, queues: 10, amount: 99, isPublic: true, ...opts }
    const [p] = await tx<{ id: number }[]>`insert into plans ${tx(row)} returning id`
    return p.id
  })
}

export interface CompanyOptions {
  planId?: number
  plan?: PlanOptions
  dueDate?: string
  status?: boolean
}

/** A company with its settings and an admin; returns ids and the admin's token. */
export async function createCompany(env: TestEnv, opts: CompanyOptions = {}) {
  const planId = opts.planId ?? (await createPlan(env, opts.plan))
  const adminEmail = `${uniq('admin')}@test.local`
  const { companyId, adminId } = await withSystem(env.services.db, async (tx) => {
    const companyId = await insertCompanyRow(tx, {
      name: uniq('Company '),
      planId,
      status: opts.status ?? true,
      dueDate: opts.dueDate ?? '2999-01-01',
    })
    const adminId = await insertUserRow(tx, companyId, { name: 'Admin', email: adminEmail, password: 'admin-pass', profile: 'admin' })
    return { companyId, adminId }
  })
  const adminToken = await loginToken(env, adminEmail, 'admin-pass')
  return { companyId, planId, adminId, adminEmail, adminToken }
}

/** A user of a company with the given fields (profile user unless said). */
export async function createUser(env: TestEnv, companyId: number, fields: Record<string, unknown> = {}) {
  const email = `${uniq('user')}@test.local`
  const password = 'user-pass'
  const id = await withSystem(env.services.db, (tx) =>
    insertUserRow(tx, companyId, { name: uniq('User '), email, password, profile: 'user', ...fields }),
  )
  return { id, email, password, token: await loginToken(env, email, password) }
}

export async function loginToken(env: TestEnv, email: string, password: string): Promise<string> {
  const res = await call(env, 'POST', '/auth/login', { json: { email, password } })
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.token
}

export function superToken(env: TestEnv) {
  return loginToken(env, ADMIN_EMAIL, ADMIN_PASSWORD)
}

/** A connection row of a company (channel simulator unless said), inserted as the system would. */
export async function createConnection(env: TestEnv, companyId: number, fields: Record<string, unknown> = {}) {
  return withSystem(env.services.db, async (tx) => {
    const row = { companyId, name: uniq('Conn '), channel: 'simulator', status: 'CONNECTED', ...fields }
    const [w] = await tx<{ id: number; companyId: number; channel: string }[]>`
      insert into whatsapps ${tx(row)} returning id, company_id, channel`
    return w as { id: number; companyId: number; channel: 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'simulator' }
  })
}
