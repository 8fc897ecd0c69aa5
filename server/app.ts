import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv, Services } from './app-env.ts'
import { AppError } from './domain/app-error.ts'
import { mountRoutes } from './routes/index.ts'
import { dbErrorToAppError } from './db/errors.ts'
import { attachRealtimeHub, realtimeRoutes } from './realtime/index.ts'
import { spa } from './middleware/spa.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { keepUploadsOnlyOnSuccess } from './media/media-store.ts'
import { shapeSocketRoutes } from '../sync/server/shape-socket.ts'

/** Builds the whole HTTP app; tests call app.request() on it without a port. */
export function createApp(services: Services) {
  // The spec writes some paths with a trailing slash (GET /users/, POST /whatsapp-restart/): both forms match.
  const app = new Hono<AppEnv>({ strict: false })

  app.use('*', requestId())
  app.use('*', securityHeaders())
  app.use('*', async function servicesMiddleware(c, next) {
    c.set('services', services)
    await next()
  })
  app.use('*', async function sizeLimitMiddleware(c, next) {
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/')
    const maxSize = multipart ? services.config.UPLOAD_LIMIT_BYTES + 64 * 1024 : services.config.BODY_LIMIT_BYTES
    return bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError('ERR_BODY_TOO_LARGE', `Request body larger than ${maxSize} bytes`, { maxBytes: maxSize })
      },
    })(c, next)
  })

  // A refused or failed request leaves no file behind (issue 16 item 2); Hono has already turned a thrown
  // error into its answer when next() returns.
  app.use('*', (c, next) => keepUploadsOnlyOnSuccess(services.media, next, () => c.error !== undefined || c.res.status >= 400))
  app.use('*', spa()) // the built PWA (client/dist), when present: page loads and its static files
  mountRoutes(app)
  attachRealtimeHub(services)
  app.route('/ws', realtimeRoutes)
  // Every /v1/shape long-poll of a client over one WebSocket (HTTP/1.1 allows a browser 6 connections);
  // each request runs through this app's own fetch, so auth and scope are those of GET /v1/shape.
  app.route('/v1/shape-socket', shapeSocketRoutes((req) => app.fetch(req)))

  app.notFound((c) => c.json({ error: 'ERR_ROUTE_NOT_FOUND', message: `No route ${c.req.method} ${c.req.path}` }, 404))

  app.onError((err, c) => {
    err = dbErrorToAppError(err) ?? err
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v)
      return c.json({ error: err.code, message: err.message, ...err.details }, err.status)
    }
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode
      // Hono's validators raise 400 for a body they cannot parse (malformed JSON or multipart).
      const json = (c.req.header('content-type') ?? '').includes('json')
      const code = status === 400 ? (json ? 'ERR_INVALID_JSON' : 'ERR_VALIDATION') : status === 413 ? 'ERR_BODY_TOO_LARGE' : 'ERR_HTTP'
      return c.json({ error: code, message: err.message || 'Bad request' }, status)
    }
    console.error(`[${c.get('requestId')}] ${c.req.method} ${c.req.path}`, err)
    return c.json({ error: 'ERR_INTERNAL', message: 'An error occurred!', requestId: c.get('requestId') }, 500)
  })

  return app
}

export type App = ReturnType<typeof createApp>
