import type { Tx } from '../../db/connect.ts'
import { withSystemScope } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import { PLAN_FEATURES, type PlanFeature } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'
import { findCompanyViewsOnPlan } from '../companies/company-view.ts'
import { findPlanView, type PlanView } from './plan-view.ts'

export type PlanInput = Partial<Record<PlanFeature, boolean>> & {
  name?: string
  users?: number
  connections?: number
  queues?: number
  amount?: number
  isPublic?: boolean
}

const planColumns = ['name', 'users', 'connections', 'queues', 'amount', 'isPublic', ...PLAN_FEATURES] as const

/** POST /plans (super user; spec part 2 §3 Plan): names are unique regardless of case. */
export async function createPlan(ctx: DomainCtx, input: PlanInput & { name: string }): Promise<PlanView> {
  assertCan(ctx.auth, 'super')
  const { tx } = ctx
  await assertPlanNameFree(tx, input.name)
  const [created] = await tx<{ id: number }[]>`insert into plans ${tx(pickPlanColumns(input))} returning id`
  return (await findPlanView(tx, created.id))!
}

/** PUT /plans/{id} (super user): only the fields sent change. */
export async function updatePlan(ctx: DomainCtx, planId: number, input: PlanInput): Promise<PlanView> {
  assertCan(ctx.auth, 'super')
  const { tx } = ctx
  const current = await findPlanView(tx, planId)
  if (!current) throw new AppError('ERR_NO_PLAN_FOUND')
  if (input.name !== undefined) await assertPlanNameFree(tx, input.name, planId)
  const patch = pickPlanColumns(input)
  if (Object.keys(patch).length) await tx`update plans set ${tx(patch)} where id = ${planId}`
  // The companies on this plan learn at once: their open sessions reload the plan's flags (issue 19).
  const companies = await withSystemScope(tx, () => findCompanyViewsOnPlan(tx, planId))
  for (const company of companies) ctx.emit({ type: 'company', companyId: company.id, payload: { action: 'update', company } })
  return (await findPlanView(tx, planId))!
}

/** DELETE /plans/{id} (super user): a plan some company is on cannot go (409 ERR_PLAN_IN_USE). */
export async function deletePlan(ctx: DomainCtx, planId: number): Promise<void> {
  assertCan(ctx.auth, 'super')
  const { tx } = ctx
  if (!(await findPlanView(tx, planId))) throw new AppError('ERR_NO_PLAN_FOUND')
  // Companies are tenant rows: count them across all companies (the super check passed above).
  const [used] = await withSystemScope(tx, () => tx<{ n: number }[]>`select count(*)::int as n from companies where plan_id = ${planId}`)
  if (used.n > 0) {
    throw new AppError('ERR_PLAN_IN_USE', `The plan is used by ${used.n} companies`, { companies: used.n })
  }
  await tx`delete from plans where id = ${planId}`
}

function pickPlanColumns(input: PlanInput): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const c of planColumns) if (input[c] !== undefined) row[c] = input[c]
  return row
}

async function assertPlanNameFree(tx: Tx, name: string, exceptId?: number) {
  const [dup] = await tx`select 1 from plans where lower(name) = lower(${name}) and id is distinct from ${exceptId ?? null}`
  if (dup) throw new AppError('ERR_NAME_ALREADY_EXISTS', 'A plan with this name already exists', { field: 'name' })
}
