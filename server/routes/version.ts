import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'

/** GET /version: the app version the client stores and shows in the drawer footer. */
export const version = new Hono<AppEnv>().get('/', (c) => c.json({ version: c.get('services').config.APP_VERSION }))
