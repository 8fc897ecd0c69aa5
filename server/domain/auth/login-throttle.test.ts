import { describe, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../../test/env.ts'
import { createCompany } from '../../../test/factories.ts'
import { rejection } from '../../../test/rejection.ts'
import { login } from './login.ts'
import { ADDRESS_FREE_FAILURES, backoffMs } from './login-throttle.ts'

describe('backoffMs', () => {
  test('free below the threshold, then doubling from the first wait, never above 15 minutes', () => {
    expect([4, 5, 6, 7].map((n) => backoffMs(n, 5, 60_000))).toEqual([0, 60_000, 120_000, 240_000])
    expect(backoffMs(40, 5, 60_000)).toBe(15 * 60_000)
  })
})

describeEachBackend('login throttling (issue 16 item 7)', (env) => {
  const deps = (e: TestEnv) => ({ keys: e.services.keys, now: e.services.now, refreshTtlSeconds: 3600 })
  const attempt = (email: string, password: string, clientAddress: string) => login(env().services.db, deps(env()), { email, password, clientAddress })
  const status = async (p: Promise<unknown>) => {
    const err = (await rejection(p).catch(() => null)) as { code?: string; details?: { retryAfter?: number } } | null
    return err ? `${err.code}${err.details?.retryAfter ? ` ${err.details.retryAfter}s` : ''}` : 'ok'
  }

  test('five failures slow that client for that account; another client with the right password gets in', async () => {
    const { adminEmail } = await createCompany(env())
    for (let i = 0; i < 5; i++) expect(await status(attempt(adminEmail, 'wrong', '10.0.0.1'))).toBe('ERR_INVALID_CREDENTIALS')
    expect(await status(attempt(adminEmail, 'admin-pass', '10.0.0.1'))).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS 60s')
    expect(await status(attempt(adminEmail, 'admin-pass', '10.0.0.2'))).toBe('ok')
    env().clock.advance(61_000)
    expect(await status(attempt(adminEmail, 'wrong', '10.0.0.1'))).toBe('ERR_INVALID_CREDENTIALS')
    expect(await status(attempt(adminEmail, 'admin-pass', '10.0.0.1'))).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS 120s')
    env().clock.advance(121_000)
    expect(await status(attempt(adminEmail, 'admin-pass', '10.0.0.1'))).toBe('ok')
  }, 30_000)

  test('failures across many accounts from one client slow that client only', async () => {
    const { adminEmail } = await createCompany(env())
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      expect(await status(attempt(`nobody${i}@spray.test`, 'guess', '10.0.0.9'))).toBe('ERR_INVALID_CREDENTIALS')
    }
    expect(await status(attempt('one-more@spray.test', 'guess', '10.0.0.9'))).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS 15s')
    expect(await status(attempt(adminEmail, 'admin-pass', '10.0.0.9'))).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS 15s')
    expect(await status(attempt(adminEmail, 'admin-pass', '10.0.0.10'))).toBe('ok')
    env().clock.advance(16_000)
    expect(await status(attempt('again@spray.test', 'guess', '10.0.0.9'))).toBe('ERR_INVALID_CREDENTIALS')
    expect(await status(attempt('again@spray.test', 'guess', '10.0.0.9'))).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS 30s')
  }, 30_000)
})
