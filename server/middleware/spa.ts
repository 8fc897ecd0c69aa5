import type { MiddlewareHandler } from 'hono'
import { existsSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import type { AppEnv } from '../app-env.ts'

export interface SpaOptions {
  /** The built PWA (vite build output). Defaults to client/dist beside server/. */
  distDir?: string
}

/** Paths that always belong to the API, the sync endpoint, the socket or stored media, never to the PWA. */
const API_PREFIXES = ['/v1/', '/ws', '/media/', '/public-settings/', '/webhooks', '/api/']

const IMMUTABLE = 'public, max-age=31536000, immutable'
const NO_CACHE = 'no-cache'

/** Hashed build outputs may be cached forever; the entry points must be revalidated on every load. */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/') || /^\/workbox-[\w-]+\.js$/.test(path)) return IMMUTABLE
  if (path === '/index.html' || path === '/sw.js' || path === '/registerSW.js' || path.endsWith('.webmanifest')) return NO_CACHE
  return 'public, max-age=3600'
}

const isApiPath = (path: string) => API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))

/** A browser page load: no bearer header and an Accept that asks for HTML. */
const isNavigation = (accept: string, authorization: string | undefined) => !authorization && accept.includes('text/html')

/** The file under dist for a URL path, or null when there is none or the path tries to leave dist. */
function distFile(distDir: string, path: string): string | null {
  if (path === '/' || path.endsWith('/')) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const file = resolve(distDir, '.' + decoded)
  if (!file.startsWith(distDir + sep)) return null
  try {
    return statSync(file).isFile() ? file : null
  } catch {
    return null
  }
}

function fileResponse(file: string, cacheControl: string, head: boolean): Response {
  const body = Bun.file(file)
  const type = file.endsWith('.webmanifest') ? 'application/manifest+json' : body.type
  const headers = { 'Content-Type': type, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' }
  return new Response(head ? null : body, { headers })
}

/**
 * Serves the built PWA from the same origin as the API. API paths and page routes collide (GET /users is
 * both), so the request decides: a file that exists in dist is served as a file; a page load (GET/HEAD, no
 * Authorization header, Accept with text/html) of any other non-API path gets index.html; everything else
 * goes on to the API. Without a build (no dist/index.html) it does nothing.
 *
 * @example
 * app.use('*', spa())
 */
export function spa({ distDir = join(import.meta.dir, '../../client/dist') }: SpaOptions = {}): MiddlewareHandler<AppEnv> {
  const root = resolve(distDir)
  const indexFile = join(root, 'index.html')
  const enabled = existsSync(indexFile)
  return async function spaMiddleware(c, next) {
    const method = c.req.method
    if (!enabled || (method !== 'GET' && method !== 'HEAD')) return next()
    const path = c.req.path
    if (isApiPath(path)) return next()
    const head = method === 'HEAD'
    const file = distFile(root, path)
    if (file) return fileResponse(file, cacheControlFor(path), head)
    if (isNavigation(c.req.header('accept') ?? '', c.req.header('authorization'))) {
      return fileResponse(indexFile, NO_CACHE, head)
    }
    return next()
  }
}
