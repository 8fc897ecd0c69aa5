import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { verifyAccessToken } from '../auth/tokens.ts'
import { findPlan, listAllPlans, listPlans, type PlanCaller } from '../domain/plans/list-plans.ts'
import { createPlan, deletePlan, updatePlan } from '../domain/plans/save-plan.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { idParam } from './common.schema.ts'
import { createPlanSchema, listPlansQuery, updatePlanSchema } from './plans.schema.ts'

/** The caller of a public route, when a valid bearer token came along; null otherwise (never an error). */
async function optionalCaller(c: Context<AppEnv>): Promise<PlanCaller | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
  if (!token) return null
  const { keys, now } = c.get('services')
  return verifyAccessToken(keys, token, now()).catch(() => null)
}

/**
 * Plans (spec part 2 §7). GET /plans/list needs no login (sign-up and checkout pick from it); every other
 * route needs a login and the super user.
 */
export const plans = new Hono<AppEnv>()
  .get('/list', validate('query', listPlansQuery), async (c) =>
    c.json(await listPlans(c.get('services').db, { ...c.req.valid('query'), caller: await optionalCaller(c) })),
  )
  .get('/all', requireAuth(), guard('super'), async (c) => c.json(await listAllPlans(c.get('ctx'))))
  .get('/:id', requireAuth(), guard('super'), validate('param', idParam), async (c) =>
    c.json(await findPlan(c.get('ctx'), c.req.valid('param').id)),
  )
  .post('/', requireAuth(), guard('super'), validate('json', createPlanSchema), async (c) =>
    c.json(await createPlan(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/:id', requireAuth(), guard('super'), validate('param', idParam), validate('json', updatePlanSchema), async (c) =>
    c.json(await updatePlan(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', requireAuth(), guard('super'), validate('param', idParam), async (c) => {
    await deletePlan(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Plan deleted' })
  })
