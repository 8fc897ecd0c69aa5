import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { PlanFeature } from '../domain/auth/auth-context.ts'
import { assertCan, assertPlanFeature, type Permission } from '../domain/permissions.ts'
import { assertCampaignAccess } from '../domain/campaigns/campaigns-enabled.ts'

/**
 * Refuses the request unless the actor has the named permission (403 ERR_NO_PERMISSION).
 *
 * @example
 * users.post('/', guard('admin'), validate('json', createUserSchema), handler)
 */
export function guard(permission: Permission): MiddlewareHandler<AppEnv> {
  return async function guardMiddleware(c, next) {
    assertCan(c.get('auth'), permission)
    await next()
  }
}

/** Refuses the request unless the company's plan has the feature (403 ERR_PLAN_FEATURE_DISABLED). */
export function planFeature(feature: PlanFeature): MiddlewareHandler<AppEnv> {
  return async function planFeatureMiddleware(c, next) {
    assertPlanFeature(c.get('auth'), feature)
    await next()
  }
}

/** Campaign routes: plan useCampaigns, an admin, and the company's campaignsEnabled switch on. */
export function campaignAccess(): MiddlewareHandler<AppEnv> {
  return async function campaignAccessMiddleware(c, next) {
    await assertCampaignAccess(c.get('ctx'))
    await next()
  }
}
