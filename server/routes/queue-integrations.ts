import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { createIntegration, deleteIntegration, listIntegrations, showIntegration, updateIntegration } from '../domain/integrations/save-integration.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard, planFeature } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { integrationIdParam, integrationSchema, listIntegrationsQuery, testSessionSchema } from './queue-integrations.schema.ts'
import { testIntegrationSession } from '../domain/integrations/test-session.ts'

/**
 * Queue integrations (spec part 2 §2, §3, §7): a company admin's, with the plan's useIntegrations.
 * POST /testSession asks Dialogflow (config DIALOGFLOW_API_URL) with the given or the stored credentials.
 */
export const queueIntegrations = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('admin'), planFeature('useIntegrations'))
  .get('/', validate('query', listIntegrationsQuery), async (c) => c.json(await listIntegrations(c.get('ctx'), c.req.valid('query'))))
  .post('/testSession', validate('json', testSessionSchema), async (c) =>
    c.json(await testIntegrationSession(c.get('ctx'), c.get('services').config.DIALOGFLOW_API_URL, c.req.valid('json'))),
  )
  .get('/:id', validate('param', integrationIdParam), async (c) => c.json(await showIntegration(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', integrationSchema), async (c) => c.json(await createIntegration(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', integrationIdParam), validate('json', integrationSchema), async (c) =>
    c.json(await updateIntegration(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', integrationIdParam), async (c) => {
    await deleteIntegration(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Integration deleted' })
  })
