import { describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import type { AuthContext } from '../domain/auth/auth-context.ts'
import { guard, planFeature } from './guard.ts'

function appFor(auth: Partial<AuthContext['user']>, plan: Partial<AuthContext['plan']>) {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('auth', { user: { profile: 'user', super: false, ...auth }, plan } as AuthContext)
    await next()
  })
  app.get('/campaigns', planFeature('useCampaigns'), (c) => c.text('ok'))
  app.get('/settings', guard('admin'), (c) => c.text('ok'))
  app.onError((err, c) => c.json({ error: (err as AppError).code }, (err as AppError).status))
  return app
}

describe('route guards', () => {
  test('planFeature lets a request through only when the plan has the feature', async () => {
    const off = await appFor({}, { useCampaigns: false }).request('/campaigns')
    expect(off.status).toBe(403)
    expect(await off.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    const on = await appFor({}, { useCampaigns: true }).request('/campaigns')
    expect(on.status).toBe(200)
  })

  test('guard answers 403 ERR_NO_PERMISSION to a plain user and passes an admin', async () => {
    const user = await appFor({ profile: 'user' }, {}).request('/settings')
    expect(user.status).toBe(403)
    expect(await user.json()).toEqual({ error: 'ERR_NO_PERMISSION' })
    expect((await appFor({ profile: 'admin' }, {}).request('/settings')).status).toBe(200)
  })
})
