import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { receiveMercadoPago } from '../domain/billing/payment-webhook.ts'
import { subscribe } from '../domain/billing/subscribe.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { mercadoPagoWebhookQuery, subscriptionBody } from './subscription.schema.ts'

/**
 * POST /subscription (spec part 2 §7): an admin pays, also after the subscription expired (that is what
 * /financeiro-aberto is for). The provider's webhook has no session: its signature authenticates it.
 */
export const subscription = new Hono<AppEnv>()
  .post('/webhook/mercadopago', validate('query', mercadoPagoWebhookQuery), async (c) => {
    const services = c.get('services')
    const query = c.req.valid('query')
    const body = (await c.req.json().catch(() => ({}))) as { type?: unknown; data?: { id?: unknown } }
    const { events } = await receiveMercadoPago(
      services.db,
      services.config,
      {
        dataId: query['data.id'] ?? (body.data?.id === undefined ? undefined : String(body.data.id)),
        type: query.type ?? (typeof body.type === 'string' ? body.type : undefined),
        signature: c.req.header('x-signature'),
        requestId: c.req.header('x-request-id'),
      },
      services.now(),
    )
    services.events.publish(events)
    return c.json({ received: true })
  })
  .post('/', requireAuth({ allowExpired: true }), guard('admin'), validate('json', subscriptionBody), async (c) =>
    c.json(await subscribe(c.get('ctx'), c.get('services').config, c.req.valid('json'))),
  )
