import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ticketsPerTime, ticketsPerUser } from '../domain/dashboard/dashboard-charts.ts'
import { getDashboard } from '../domain/dashboard/dashboard-counters.ts'
import { listMoments } from '../domain/dashboard/moments.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { dashboardChartQuery, dashboardQuery, momentsQuery } from './dashboard.schema.ts'

/** The dashboard (spec part 1 §2, §3, §7): dashboard:view, over the tickets the caller may count; the panel's call realtime:view. */
export const dashboard = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', guard('dashboard:view'), validate('query', dashboardQuery), async (c) => c.json(await getDashboard(c.get('ctx'), c.req.valid('query'))))
  .get('/ticketsUsers', guard('dashboard:view'), validate('query', dashboardChartQuery), async (c) => c.json(await ticketsPerUser(c.get('ctx'), c.req.valid('query'))))
  .get('/ticketsDay', guard('dashboard:view'), validate('query', dashboardChartQuery), async (c) => c.json(await ticketsPerTime(c.get('ctx'), c.req.valid('query'))))
  .get('/moments', guard('realtime:view'), validate('query', momentsQuery), async (c) => c.json(await listMoments(c.get('ctx'), c.req.valid('query'))))

/** GET /usersMoments (spec part 2 §7): the panel's tickets with the default filter. */
export const usersMoments = new Hono<AppEnv>().get('/', requireAuth(), guard('realtime:view'), async (c) =>
  c.json(await listMoments(c.get('ctx'), momentsQuery.parse({}))),
)
