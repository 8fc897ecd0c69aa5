import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { requestIsSecure } from './client-address.ts'

/**
 * The PWA's Content-Security-Policy (issue 16 item 8, docs/decisions.md "Security headers"): code only from
 * our origin, plus compiling PGlite's WASM ('wasm-unsafe-eval', not 'unsafe-eval'); inline styles for React
 * style props and the emoji picker; images from anywhere over HTTPS (contacts' profile pictures live on the
 * channels' CDNs); help videos from YouTube; never framed.
 */
export function contentSecurityPolicy(host: string, secure: boolean): string {
  const socket = host ? ` ${secure ? 'wss' : 'ws'}://${host}` : ''
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${socket}`,
    'frame-src https://www.youtube.com https://www.youtube-nocookie.com',
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Paths answered by a protocol switch, whose 101 carries no headers of ours. */
const UPGRADES = ['/ws', '/v1/shape-socket']

/** Adds the headers every answer carries, and the page policy to HTML answers (the PWA). */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    await next()
    if (c.res.status === 101 || UPGRADES.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`))) return
    const secure = requestIsSecure(c)
    const headers: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    }
    if (secure) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
    if ((c.res.headers.get('content-type') ?? '').startsWith('text/html')) {
      headers['Content-Security-Policy'] = contentSecurityPolicy(c.req.header('host') ?? '', secure)
    }
    try {
      for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v)
    } catch {
      // A response whose headers are immutable (an upstream fetch in proxy mode): copy it first.
      c.res = new Response(c.res.body, c.res)
      for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v)
    }
  }
}
