import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ticketsPerTime, ticketsPerUser } from '../domain/dashboard/dashboard-charts.ts'
import { getDashboard } from '../domain/dashboard/dashboard-counters.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { dashboardChartQuery, dashboardQuery } from './dashboard.schema.ts'

/** The dashboard (spec part 1 §2, §3, §7): dashboard:view, over the tickets the caller may count. */
export const dashboard = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('dashboard:view'))
  .get('/', validate('query', dashboardQuery), async (c) => c.json(await getDashboard(c.get('ctx'), c.req.valid('query'))))
  .get('/ticketsUsers', validate('query', dashboardChartQuery), async (c) => c.json(await ticketsPerUser(c.get('ctx'), c.req.valid('query'))))
  .get('/ticketsDay', validate('query', dashboardChartQuery), async (c) => c.json(await ticketsPerTime(c.get('ctx'), c.req.valid('query'))))
