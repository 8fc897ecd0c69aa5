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
    // The body only fills in what the query lacks; anything but an object (null, a list, bad JSON) is ignored.
    const raw: unknown = await c.req.json().catch(() => null)
    const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as { type?: unknown; data?: { id?: unknown } | null }
    const { events } = await receiveMercadoPago(
      services.db,
      services.config,
      {
        dataId: query['data.id'] ?? (body.data?.id === undefined || body.data?.id === null ? undefined : String(body.data.id)),
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
