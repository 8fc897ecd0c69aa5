import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { appManifest } from '../domain/settings/app-manifest.ts'

/** The web app manifest with the white-label applied; read on every install check, never cached. */
export const appManifestRoute = new Hono<AppEnv>().get('/app.webmanifest', async (c) => {
  const manifest = await appManifest(c.get('services').db.sql)
  return c.body(JSON.stringify(manifest), 200, { 'content-type': 'application/manifest+json', 'cache-control': 'no-cache' })
})
