import { afterAll, beforeAll, describe } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, type App } from '../server/app.ts'
import type { Services } from '../server/app-env.ts'
import { loadConfig } from '../server/config.ts'
import { startServices } from '../server/services.ts'
import { createScratchDatabase } from './scratch-db.ts'

export type Backend = 'pglite' | 'postgres'
export const BACKENDS: Backend[] = (process.env.TEST_BACKENDS ?? 'pglite,postgres').split(',') as Backend[]

export const ADMIN_EMAIL = 'super@test.local'
export const ADMIN_PASSWORD = 'super-secret-1'

export interface TestEnv {
  backend: Backend
  app: App
  services: Services
  /** A controllable clock: tests move time instead of sleeping. */
  clock: { now: Date; advance(ms: number): void }
  close(): Promise<void>
}

/** A fresh database (in-memory PGlite or a scratch Postgres database), migrated and seeded, with the app on it. */
export async function startTestEnv(backend: Backend, opts: { /** an existing database (a benchmark's kept one), left as it is on close */ databaseUrl?: string } = {}): Promise<TestEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), 'balcao-test-'))
  const scratch = backend === 'postgres' && !opts.databaseUrl ? await createScratchDatabase() : undefined
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? scratch?.url,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Both backends start alike: the simulator is seeded on Postgres too (production leaves it out).
    SEED_SIMULATOR: 'true',
  })
  const clock = {
    now: new Date('2026-11-20T12:00:00Z'),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms)
    },
  }
  const started = await startServices(config, { pgliteDir: 'memory://', now: () => clock.now })
  return {
    backend,
    app: createApp(started.services),
    services: started.services,
    clock,
    async close() {
      await started.close()
      await scratch?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Runs a suite once per database backend, each on its own fresh database.
 *
 * @example
 * describeEachBackend('login', (env) => { test('...', async () => { await env().app.request('/version') }) })
 */
export function describeEachBackend(name: string, suite: (env: () => TestEnv) => void) {
  for (const backend of BACKENDS) {
    describe(`${name} [${backend}]`, () => {
      let env: TestEnv | undefined
      // Starting PGlite, migrating and seeding takes seconds on a busy 2-core machine.
      beforeAll(async () => {
        env = await startTestEnv(backend)
      }, 120_000)
      suite(() => {
        if (!env) throw new Error('test env not started')
        return env
      })
      // Registered after the suite's own hooks, so a suite stops its clients before the database closes.
      afterAll(async () => {
        await env?.close()
      }, 60_000)
    })
  }
}
