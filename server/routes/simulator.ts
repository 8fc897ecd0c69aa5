import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { simulateInbound } from '../domain/simulator/simulate-inbound.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { simulatorInboundSchema, simulatorParams } from './simulator.schema.ts'

/** The simulator channel's phone side (issue 4): admins make a contact write to a simulator connection. */
export const simulator = new Hono<AppEnv>()
  .use('*', requireAuth())
  .post('/:connectionId/inbound', guard('admin'), validate('param', simulatorParams), validate('json', simulatorInboundSchema), async (c) => {
    const result = await simulateInbound(c.get('ctx'), c.get('services'), c.req.valid('param').connectionId, c.req.valid('json'))
    return c.json(result, result.outcome === 'stored' ? 201 : 200)
  })
