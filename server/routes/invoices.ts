import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { confirmInvoiceByHand, findInvoice, listAllInvoices, listInvoices } from '../domain/invoices/list-invoices.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { idParam, listQuery } from './common.schema.ts'

/**
 * Invoices of the caller's company (spec part 2 §7; admins only, §6). They stay reachable after the
 * subscription has expired: that is where the user goes to pay (/financeiro-aberto).
 */
export const invoices = new Hono<AppEnv>()
  .use('*', requireAuth({ allowExpired: true }), guard('admin'))
  .get('/', validate('query', listQuery), async (c) => c.json(await listInvoices(c.get('ctx'), c.req.valid('query'))))
  .get('/all', validate('query', listQuery), async (c) => c.json(await listAllInvoices(c.get('ctx'), c.req.valid('query'))))
  .post('/:id/confirm-payment', validate('param', idParam), async (c) => c.json(await confirmInvoiceByHand(c.get('ctx'), c.req.valid('param').id)))
  .get('/:id', validate('param', idParam), async (c) => c.json(await findInvoice(c.get('ctx'), c.req.valid('param').id)))
