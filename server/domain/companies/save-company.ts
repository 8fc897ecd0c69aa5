import type { Tx } from '../../db/connect.ts'
import { endSessionsForNewPassword } from '../auth/sessions.ts'
import { hashPassword } from '../../auth/password.ts'
import { AppError } from '../app-error.ts'
import { MAIN_COMPANY_ID } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { insertUserRow } from '../users/insert-user.ts'
import { asSuper } from './company-access.ts'
import { assertDatabaseKnowsZone } from './company-time-zone.ts'
import { findCompanyView, type CompanyView } from './company-view.ts'
import { insertCompanyRow } from './insert-company.ts'
import type { Recurrence } from './recurrence.ts'

export interface CompanyInput {
  name?: string
  email?: string
  planId?: number
  phone?: string | null
  status?: boolean
  document?: string | null
  addressStreet?: string | null
  addressState?: string | null
  addressCity?: string | null
  /** null clears it: the form sends an empty or invalid date as null (spec part 2 §4). */
  dueDate?: string | null
  recurrence?: Recurrence
  paymentMethod?: string | null
  timezone?: string
  numberAttendants?: number
  numberConections?: number
  password?: string
}

const companyColumns = [
  'name', 'email', 'planId', 'phone', 'status', 'document', 'addressStreet', 'addressState', 'addressCity',
  'dueDate', 'recurrence', 'paymentMethod', 'timezone', 'numberAttendants', 'numberConections',
] as const

/**
 * POST /companies (super user; spec part 2 §3 Company): a new company is inactive with 1 attendant and
 * 1 connection unless told otherwise, billed MENSAL, with default company settings. With a password its
 * first admin is created too, with the company's email and name.
 */
export async function createCompany(ctx: DomainCtx, input: CompanyInput & { name: string; email: string; planId: number }): Promise<CompanyView> {
  const { tx } = ctx
  const company = await asSuper(ctx, async () => {
    await assertDatabaseKnowsZone(tx, input.timezone)
    const row = pickCompanyColumns(input)
    const companyId = await insertCompanyRow(tx, {
      ...row,
      name: input.name,
      planId: input.planId,
      status: input.status ?? false,
      recurrence: input.recurrence ?? 'MENSAL',
    })
    if (input.password) {
      await insertUserRow(tx, companyId, { name: input.name, email: input.email, password: input.password, profile: 'admin' })
    }
    return (await findCompanyView(tx, companyId))!
  })
  ctx.emit({ type: 'company', companyId: company.id, payload: { action: 'create', company } })
  return company
}

/**
 * PUT /companies/{id} (super user): the fields sent change. A password sets a new password for the
 * company's admin whose email is the company's (the one created with it).
 */
export async function updateCompany(ctx: DomainCtx, companyId: number, input: CompanyInput): Promise<CompanyView> {
  const { tx } = ctx
  const company = await asSuper(ctx, async () => {
    const current = await findCompanyView(tx, companyId)
    if (!current) throw new AppError('ERR_NO_COMPANY_FOUND')
    if (input.planId !== undefined) await assertPlanExists(tx, input.planId)
    if (input.name !== undefined) await assertCompanyNameFree(tx, input.name, companyId)
    await assertDatabaseKnowsZone(tx, input.timezone)
    if (input.password) await setCompanyAdminPassword(ctx, current, input.password)
    const patch = pickCompanyColumns(input)
    if (Object.keys(patch).length) await tx`update companies set ${tx(patch)} where id = ${companyId}`
    return (await findCompanyView(tx, companyId))!
  })
  ctx.emit({ type: 'company', companyId, payload: { action: 'update', company } })
  return company
}

/** DELETE /companies/{id} (super user): removes the company and all its data; company 1 stays. */
export async function deleteCompany(ctx: DomainCtx, companyId: number): Promise<void> {
  const { tx, auth } = ctx
  await asSuper(ctx, async () => {
    if (companyId === MAIN_COMPANY_ID) throw new AppError('ERR_CANNOT_DELETE_MAIN_COMPANY', 'The main company cannot be deleted')
    if (companyId === auth.user.companyId) throw new AppError('ERR_CANNOT_DELETE_SELF', 'You cannot delete your own company')
    const [row] = await tx`delete from companies where id = ${companyId} returning id`
    if (!row) throw new AppError('ERR_NO_COMPANY_FOUND')
  })
  ctx.emit({ type: 'company', companyId, payload: { action: 'delete', companyId } })
}

function pickCompanyColumns(input: CompanyInput): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const c of companyColumns) if (input[c] !== undefined) row[c] = input[c]
  return row
}

async function assertPlanExists(tx: Tx, planId: number) {
  const [plan] = await tx`select 1 from plans where id = ${planId}`
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 'Plan not found', { field: 'planId' })
}

async function assertCompanyNameFree(tx: Tx, name: string, exceptId: number) {
  const [dup] = await tx`select 1 from companies where lower(name) = lower(${name}) and id <> ${exceptId}`
  if (dup) throw new AppError('ERR_NAME_ALREADY_EXISTS', 'A company with this name already exists', { field: 'name' })
}

async function setCompanyAdminPassword(ctx: DomainCtx, company: CompanyView, password: string) {
  const { tx } = ctx
  const [user] = await tx<{ id: number }[]>`
    select id from users where company_id = ${company.id} and lower(email) = lower(${company.email ?? ''})`
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 'The company has no user with its email', { field: 'password' })
  await tx`update users set password_hash = ${await hashPassword(password)} where id = ${user.id}`
  await endSessionsForNewPassword(ctx, { id: user.id, companyId: company.id }, user.id === ctx.auth.user.id ? ctx.auth.sessionId : undefined)
}
