import { withSystemScope } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan, can } from '../permissions.ts'

/** Who may act on a company record besides a super user: nobody, its admins, or any of its users. */
export type CompanyAccess = 'super' | 'admin' | 'member'

/**
 * Runs fn for an actor allowed to act on companyId (spec part 2 §6). A super user may act on any company,
 * so fn runs in system scope, widened only after this check; others act on their own company, in the
 * request's tenant scope. Anyone else gets 403 ERR_NO_PERMISSION, whether or not the company exists.
 */
export async function withCompanyAccess<T>(ctx: DomainCtx, companyId: number, access: CompanyAccess, fn: () => Promise<T>): Promise<T> {
  const { auth } = ctx
  if (auth.user.super) return withSystemScope(ctx.tx, fn)
  const allowed = companyId === auth.user.companyId && (access === 'member' || (access === 'admin' && can(auth, 'admin')))
  if (!allowed) throw new AppError('ERR_NO_PERMISSION', 'Not allowed on this company')
  return fn()
}

/** Runs fn in system scope for a super user; 403 ERR_NO_PERMISSION for anyone else. */
export async function asSuper<T>(ctx: DomainCtx, fn: () => Promise<T>): Promise<T> {
  assertCan(ctx.auth, 'super')
  return withSystemScope(ctx.tx, fn)
}
