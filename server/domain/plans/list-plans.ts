import type { Db } from '../../db/tenant.ts'
import { withTenant } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import { loadAuthContext } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'
import { findPlanView, selectPlans, type PlanView } from './plan-view.ts'

/** Who called, from a bearer token that verified; null for a logged-out caller. */
export interface PlanCaller {
  id: number
  companyId: number
  sid: string
}

/**
 * GET /plans/list (spec part 2 §7, no auth): the public plans, for sign-up and checkout. With
 * listPublic 'false' a super user with a live session gets every plan; anyone else still gets the public ones.
 */
export async function listPlans(db: Db, input: { listPublic?: string; caller: PlanCaller | null }): Promise<PlanView[]> {
  const { caller } = input
  if (input.listPublic !== 'false' || !caller) return selectPlans(db.sql, true)
  return withTenant(db, { companyId: caller.companyId, userId: caller.id }, async (tx) => {
    // A revoked session or a deleted user is simply a logged-out caller here.
    const auth = await loadAuthContext(tx, caller.id, caller.sid).catch(() => null)
    return selectPlans(tx, !auth?.user.super)
  })
}

/** GET /plans/all: every plan, public or not (super user). */
export async function listAllPlans(ctx: DomainCtx): Promise<PlanView[]> {
  assertCan(ctx.auth, 'super')
  return selectPlans(ctx.tx, false)
}

/** GET /plans/{id} (super user). */
export async function findPlan(ctx: DomainCtx, planId: number): Promise<PlanView> {
  assertCan(ctx.auth, 'super')
  const plan = await findPlanView(ctx.tx, planId)
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND')
  return plan
}
