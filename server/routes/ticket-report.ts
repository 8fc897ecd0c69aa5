import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ticketReport } from '../domain/reports/ticket-report.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { ticketReportQuery } from './ticket-report.schema.ts'

/** GET /ticketreport/reports (spec part 2 §7): no role check; the rows are the tickets the caller may see. */
export const ticketReportRoutes = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/reports', validate('query', ticketReportQuery), async (c) => c.json(await ticketReport(c.get('ctx'), c.req.valid('query'))))
