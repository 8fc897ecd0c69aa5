import { afterAll, beforeAll } from 'bun:test'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { websocketHandler } from '../../server/realtime/index.ts'
import { startTestEnv, type TestEnv } from '../../test/env.ts'
import { eventually } from '../../test/sync-support.ts'

export { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../test/env.ts'

const ROOT = join(import.meta.dir, '..', '..')
export const DIST_INDEX = join(ROOT, 'client', 'dist', 'index.html')
export const RESULTS_DIR = join(ROOT, 'test-results')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/**
 * A day of November 2026, the month the dashboard and report suites seed: their pages' clock starts there
 * (`page.clock.install`, and runs on from it), so "this month" is that month whatever day the suite runs.
 */
export const SEEDED_MONTH_DAY = new Date('2026-11-25T12:00:00Z')

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Server {
  env: TestEnv
  baseUrl: string
  close(): Promise<void>
}

/**
 * The real app (server/app.ts via test/env.ts, PGlite in memory) on a random port of 127.0.0.1, serving
 * the built PWA from client/dist. Needs `vite build` first: the SPA middleware is on only with a build.
 */
export async function startServer(): Promise<Server> {
  if (!existsSync(DIST_INDEX)) throw new Error('client/dist is missing: run `npm run build:client` before the e2e tests')
  const env = await startTestEnv('pglite')
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: env.app.fetch, idleTimeout: 60, websocket: websocketHandler })
  return {
    env,
    baseUrl: `http://127.0.0.1:${server.port}`,
    async close() {
      await server.stop(true)
      await env.close()
    },
  }
}

/**
 * The test file's server: started before its tests, closed after them. The answer stands for the server
 * (a proxy), so tests read `server.baseUrl` and `server.env` as usual.
 */
export function fileServer(): Server {
  let current: Server | undefined
  beforeAll(async () => {
    current = await startServer()
  }, 60_000)
  afterAll(async () => {
    await current?.close()
  })
  return new Proxy({} as Server, {
    get(_, key) {
      if (!current) throw new Error('the file server is not started yet (use it inside tests or hooks)')
      return current[key as keyof Server]
    },
  })
}

export interface Browser {
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

/**
 * Debian Chromium with a fresh profile (own user-data-dir), one page. `args` adds Chromium switches
 * (e.g. the fake microphone: --use-fake-device-for-media-stream).
 */
export async function openBrowser(viewport = { width: 1280, height: 800 }, args: string[] = []): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-e2e-'))
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
    viewport,
    locale: 'pt-BR',
  })
  const page = context.pages()[0] ?? (await context.newPage())
  page.setDefaultTimeout(15_000)
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Fills the login form and submits it. */
export async function loginAs(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  await page.locator('#email').fill(email)
  await page.locator('#password').fill(password)
  await page.locator('form button[type="submit"]').click()
}

/** After loginAs: the app has left /login for the user's landing page (/ or /tickets, app/guards.tsx landingPath). */
export async function waitForLanding(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/tickets', { timeout })
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const path = join(RESULTS_DIR, name)
  await page.screenshot({ path, fullPage: false })
  return path
}

/**
 * Waits until the service worker controls the page: its install precached the app shell, the PGlite
 * worker, wasm and data, so an offline reload works from then on (shared/pwa-notes.md "Test harness shape").
 */
export async function waitForServiceWorker(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout })
}

/** What this browser profile stores for the origin: IndexedDB database names and OPFS top-level entries. */
export async function browserStorage(page: Page): Promise<{ idb: string[]; opfs: string[] }> {
  return page.evaluate(async () => {
    const idb = (await indexedDB.databases()).map((d) => d.name ?? '').sort()
    const opfs: string[] = []
    const root = (await navigator.storage.getDirectory().catch(() => null)) as (FileSystemDirectoryHandle & { keys(): AsyncIterable<string> }) | null
    if (root) for await (const name of root.keys()) opfs.push(name)
    return { idb, opfs: opfs.sort() }
  })
}

/** Polls check every 200 ms until it returns something truthy (returned), or fails naming what it waited for. */
export const until = <T>(label: string, check: () => Promise<T> | T, timeoutMs = 30_000): Promise<T> => eventually(label, check, timeoutMs, 200)
