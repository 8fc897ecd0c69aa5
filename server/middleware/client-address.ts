import type { Context } from 'hono'
import { getConnInfo } from 'hono/bun'
import type { AppEnv } from '../app-env.ts'

/**
 * The address a request came from, for login throttling. Behind a proxy (TRUST_PROXY=true) it is the last
 * X-Forwarded-For entry, the one our proxy added; otherwise the socket's peer, since a client could
 * write any X-Forwarded-For it likes. '' when unknown (app.request in tests).
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.get('services').config.TRUST_PROXY) {
    const last = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean).pop()
    if (last) return last.slice(0, 64)
  }
  try {
    return getConnInfo(c).remote.address ?? ''
  } catch {
    return ''
  }
}

/**
 * Whether the browser reached us over HTTPS, directly or through a proxy that says so. A forged
 * X-Forwarded-Proto only makes the answer stricter (a Secure cookie, HSTS), so it needs no trust setting.
 * COOKIE_SECURE, when set, decides instead.
 */
export function requestIsSecure(c: Context<AppEnv>): boolean {
  const setting = c.get('services').config.COOKIE_SECURE
  if (setting !== undefined) return setting
  const forwarded = (c.req.header('x-forwarded-proto') ?? '').split(',')[0].trim().toLowerCase()
  return forwarded === 'https' || new URL(c.req.url).protocol === 'https:'
}
