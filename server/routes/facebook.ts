import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { linkFacebook } from '../domain/connections/link-facebook.ts'
import { viewFor } from '../domain/connections/connection-view.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { facebookPagesClient } from '../../workers/channels/meta/pages.ts'
import { linkFacebookSchema } from './facebook.schema.ts'

/** Facebook and Instagram linking (spec part 2 §7 POST /facebook): admins only. */
export const facebook = new Hono<AppEnv>().use('*', requireAuth()).post('/', guard('admin'), validate('json', linkFacebookSchema), async (c) => {
  const { config } = c.get('services')
  const pages = facebookPagesClient({ graphBaseUrl: config.GRAPH_API_URL, apiVersion: config.GRAPH_API_VERSION })
  const log = (m: string, err?: unknown) => config.LOG_LEVEL !== 'silent' && console.error(`[${c.get('requestId')}] ${m}`, err ?? '')
  const views = await linkFacebook(c.get('ctx'), { ...pages, log }, c.req.valid('json'))
  return c.json(views.map((v) => viewFor(c.get('auth'), v)))
})
