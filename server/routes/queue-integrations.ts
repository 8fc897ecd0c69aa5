import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { createIntegration, deleteIntegration, listIntegrations, showIntegration, updateIntegration } from '../domain/integrations/save-integration.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard, planFeature } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { integrationIdParam, integrationSchema, listIntegrationsQuery } from './queue-integrations.schema.ts'

/**
 * Queue integrations (spec part 2 §2, §3, §7): a company admin's, with the plan's useIntegrations. The
 * Dialogflow test (POST /queueIntegration/testSession) needs Google's API and comes with issue 22's runtime.
 */
export const queueIntegrations = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('admin'), planFeature('useIntegrations'))
  .get('/', validate('query', listIntegrationsQuery), async (c) => c.json(await listIntegrations(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', integrationIdParam), async (c) => c.json(await showIntegration(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', integrationSchema), async (c) => c.json(await createIntegration(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', integrationIdParam), validate('json', integrationSchema), async (c) =>
    c.json(await updateIntegration(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', integrationIdParam), async (c) => {
    await deleteIntegration(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Integration deleted' })
  })
