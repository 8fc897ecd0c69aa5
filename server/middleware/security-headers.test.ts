import { afterAll, describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppEnv, Services } from '../app-env.ts'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany } from '../../test/factories.ts'
import { securityHeaders } from './security-headers.ts'
import { spa } from './spa.ts'

const dist = mkdtempSync(join(tmpdir(), 'balcao-csp-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Balcão</title>')
afterAll(() => rmSync(dist, { recursive: true, force: true }))

function appWith(cookieSecure: boolean | undefined) {
  const app = new Hono<AppEnv>()
  app.use('*', securityHeaders())
  app.use('*', async (c, next) => {
    c.set('services', { config: { COOKIE_SECURE: cookieSecure, TRUST_PROXY: false } } as unknown as Services)
    await next()
  })
  app.use('*', spa({ distDir: dist }))
  app.get('/version', (c) => c.json({ version: 'x' }))
  return app
}

describe('security headers (issue 16 item 8)', () => {
  const page = { accept: 'text/html', host: 'balcao.example' }

  test('the PWA page carries a policy fit for it: own scripts, WASM, own socket, never framed', async () => {
    const res = await appWith(undefined).request('http://balcao.example/tickets', { headers: page })
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
    expect(csp).not.toContain("'unsafe-eval'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("connect-src 'self' ws://balcao.example")
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  test('over HTTPS, or behind a proxy that says so, HSTS is on and the socket is wss', async () => {
    const res = await appWith(undefined).request('http://balcao.example/tickets', { headers: { ...page, 'x-forwarded-proto': 'https' } })
    expect(res.headers.get('strict-transport-security')).toContain('max-age=')
    expect(res.headers.get('content-security-policy')).toContain('wss://balcao.example')
  })

  test('COOKIE_SECURE=false opts out even over HTTPS; JSON answers get no page policy', async () => {
    const res = await appWith(false).request('https://balcao.example/version')
    expect(res.headers.get('strict-transport-security')).toBeNull()
    expect(res.headers.get('content-security-policy')).toBeNull()
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describeEachBackend('the refresh cookie follows the request (issue 16 item 8)', (env) => {
  test('Secure when the request came over HTTPS through a proxy, not over plain HTTP', async () => {
    const { adminEmail } = await createCompany(env())
    const json = { email: adminEmail, password: 'admin-pass' }
    const plain = await call(env(), 'POST', '/auth/login', { json })
    expect(plain.headers.get('set-cookie')).not.toContain('Secure')
    const proxied = await call(env(), 'POST', '/auth/login', { json, headers: { 'x-forwarded-proto': 'https' } })
    expect(proxied.headers.get('set-cookie')).toContain('Secure')
  })
})
