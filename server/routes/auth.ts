import { Hono, type Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../app-env.ts'
import { verifyAccessToken } from '../auth/tokens.ts'
import { login } from '../domain/auth/login.ts'
import { logout } from '../domain/auth/logout.ts'
import { refreshSession } from '../domain/auth/refresh.ts'
import { signup } from '../domain/auth/signup.ts'
import { findUserView } from '../domain/users/user-view.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { clientAddress, requestIsSecure } from '../middleware/client-address.ts'
import { loginSchema, signupSchema } from './auth.schema.ts'

export const REFRESH_COOKIE = 'jrt'

const sessionDeps = (c: Context<AppEnv>) => {
  const s = c.get('services')
  return { keys: s.keys, now: s.now, refreshTtlSeconds: s.config.REFRESH_TOKEN_TTL }
}

function setRefreshCookie(c: Context<AppEnv>, token: string) {
  const { config } = c.get('services')
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: requestIsSecure(c),
    path: '/auth',
    maxAge: config.REFRESH_TOKEN_TTL,
  })
}

export const auth = new Hono<AppEnv>()
  .post('/login', validate('json', loginSchema), async (c) => {
    const body = c.req.valid('json')
    const out = await login(c.get('services').db, sessionDeps(c), { ...body, userAgent: c.req.header('user-agent'), clientAddress: clientAddress(c) })
    c.get('services').events.publish(out.events)
    setRefreshCookie(c, out.refreshToken)
    return c.json(out.result)
  })
  .post('/refresh_token', async (c) => {
    try {
      const out = await refreshSession(c.get('services').db, sessionDeps(c), getCookie(c, REFRESH_COOKIE))
      setRefreshCookie(c, out.refreshToken)
      return c.json({ token: out.token, user: out.user })
    } catch (err) {
      deleteCookie(c, REFRESH_COOKIE, { path: '/auth' })
      throw err
    }
  })
  .delete('/logout', async (c) => {
    const { db, keys, now } = c.get('services')
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const claims = bearer ? await verifyAccessToken(keys, bearer, now()).catch(() => null) : null
    await logout(db, now(), getCookie(c, REFRESH_COOKIE), claims?.sid)
    deleteCookie(c, REFRESH_COOKIE, { path: '/auth' })
    return c.json({ message: 'Logout realizado' })
  })
  .get('/me', requireAuth({ allowExpired: true }), async (c) => c.json(await findUserView(c.get('tx'), c.get('auth').user.id)))
  .post('/signup', validate('json', signupSchema), async (c) => {
    const { db, now } = c.get('services')
    const created = await signup(db, now(), c.req.valid('json'))
    return c.json(created, 201)
  })
