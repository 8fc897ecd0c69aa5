import { afterAll, describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppEnv } from '../app-env.ts'
import { cacheControlFor, spa } from './spa.ts'

const dist = mkdtempSync(join(tmpdir(), 'balcao-spa-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Balcão</title>')
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
writeFileSync(join(dist, 'sw.js'), 'self.x = 1')
writeFileSync(join(dist, 'workbox-1a2b3c.js'), 'self.wb = 1')
writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Balcão"}')
writeFileSync(join(dist, 'secret.txt'), 'outside')
afterAll(() => rmSync(dist, { recursive: true, force: true }))

/** A tiny app shaped like ours: the SPA middleware first, then API routes that collide with page routes. */
function appWith(distDir: string) {
  const app = new Hono<AppEnv>({ strict: false })
  app.use('*', spa({ distDir }))
  app.get('/users', (c) => c.json({ users: [], auth: c.req.header('authorization') ?? null }))
  app.get('/version', (c) => c.json({ version: 'x' }))
  app.get('/media/:c/:f', (c) => c.json({ media: c.req.param('f') }))
  app.get('/public-settings/:key', (c) => c.json({ key: c.req.param('key') }))
  app.post('/auth/login', (c) => c.json({ ok: true }))
  app.notFound((c) => c.json({ error: 'ERR_ROUTE_NOT_FOUND' }, 404))
  return app
}

const app = appWith(dist)
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

describe('spa middleware: page loads', () => {
  test('a browser navigation to /users gets the PWA index.html', async () => {
    const res = await app.request('/users', { headers: html })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('<title>Balcão</title>')
  })

  test('a navigation to an unknown deep route also gets index.html', async () => {
    const res = await app.request('/tickets/0f6c3a/whatever', { headers: html })
    expect(await res.text()).toContain('Balcão')
  })

  test('HEAD of a page answers the headers without a body', async () => {
    const res = await app.request('/login', { method: 'HEAD', headers: html })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toBe('')
  })
})

describe('spa middleware: API calls pass through', () => {
  test('an API call with Authorization still reaches the API, even when it accepts HTML', async () => {
    const res = await app.request('/users', { headers: { ...html, authorization: 'Bearer t' } })
    expect(await res.json()).toEqual({ users: [], auth: 'Bearer t' })
  })

  test('a fetch that asks for JSON reaches the API', async () => {
    const res = await app.request('/version', { headers: { accept: 'application/json' } })
    expect(await res.json()).toEqual({ version: 'x' })
  })

  test('media and public settings are never the PWA, even for a navigation', async () => {
    expect(await (await app.request('/media/1/logo.png', { headers: html })).json()).toEqual({ media: 'logo.png' })
    expect(await (await app.request('/public-settings/appName', { headers: html })).json()).toEqual({ key: 'appName' })
    const ws = await app.request('/ws', { headers: html })
    expect(ws.status).toBe(404)
    const shape = await app.request('/v1/shape', { headers: html })
    expect((await shape.json()).error).toBe('ERR_ROUTE_NOT_FOUND')
  })

  test('a POST is never answered by the PWA', async () => {
    const res = await app.request('/auth/login', { method: 'POST', headers: html })
    expect(await res.json()).toEqual({ ok: true })
  })
})

describe('spa middleware: static files', () => {
  test('hashed assets are served with a long cache', async () => {
    const res = await app.request('/assets/index-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('javascript')
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(await res.text()).toBe('console.log(1)')
  })

  test('sw.js is served with no-cache, the workbox runtime with a long cache', async () => {
    const sw = await app.request('/sw.js', { headers: { authorization: 'Bearer t' } })
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    expect(await sw.text()).toBe('self.x = 1')
    const wb = await app.request('/workbox-1a2b3c.js')
    expect(wb.headers.get('cache-control')).toContain('immutable')
  })

  test('the manifest is served as a web app manifest', async () => {
    const res = await app.request('/manifest.webmanifest')
    expect(res.headers.get('content-type')).toBe('application/manifest+json')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  test('a path that climbs out of dist is not served from outside it', async () => {
    const res = await app.request('/assets/..%2f..%2fetc%2fpasswd')
    expect(res.status).toBe(404)
    const dotted = await app.request('/%2e%2e/%2e%2e/etc/hostname', { headers: html })
    expect(await dotted.text()).toContain('Balcão')
  })

  test('cache rules by path', () => {
    expect(cacheControlFor('/assets/a-1.css')).toContain('immutable')
    expect(cacheControlFor('/index.html')).toBe('no-cache')
    expect(cacheControlFor('/icons/icon-192.png')).toBe('public, max-age=3600')
  })
})

describe('spa middleware: without a build', () => {
  test('does nothing when dist/index.html is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'balcao-spa-empty-'))
    try {
      const res = await appWith(empty).request('/users', { headers: html })
      expect(await res.json()).toEqual({ users: [], auth: null })
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
