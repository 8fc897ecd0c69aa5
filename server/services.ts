import { join } from 'node:path'
import type { Services } from './app-env.ts'
import { seedsSimulator, type Config } from './config.ts'
import { connectDatabase, type Database } from './db/connect.ts'
import { migrate, needsRoleSwitch } from './db/migrate.ts'
import type { Db } from './db/tenant.ts'
import { loadJwtSecret } from './auth/secret.ts'
import { makeTokenKeys } from './auth/tokens.ts'
import { EventBus } from './events.ts'
import { MediaStore } from './media/media-store.ts'
import { seedFirstStart, type SeedResult } from './domain/seed.ts'
import { SyncService } from '../sync/server/sync-service.ts'
import { numberChecksThroughDatabase } from './domain/contacts/number-check-requests.ts'

export interface StartedServices {
  services: Services
  database: Database
  seed: SeedResult
  close(): Promise<void>
}

/** Connects (Postgres or embedded PGlite), migrates, loads the signing key and seeds the first start. */
export async function startServices(
  config: Config,
  opts: { pgliteDir?: string; now?: () => Date; /** Workers leave the first-start seed to the API (it hashes with Bun.password). */ seed?: boolean } = {},
): Promise<StartedServices> {
  const database = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: opts.pgliteDir ?? join(config.DATA_DIR, 'pglite'),
  })
  await migrate(database.sql)
  const db: Db = { sql: database.sql, roleSwitch: await needsRoleSwitch(database.sql) }
  const secret = await loadJwtSecret(db, config.JWT_SECRET)
  const seed = opts.seed === false ? {} : await seedFirstStart(db, {
        adminEmail: config.ADMIN_EMAIL,
        adminPassword: config.ADMIN_PASSWORD,
        simulator: seedsSimulator(config),
      })
  const services: Services = {
    db,
    config,
    keys: makeTokenKeys(secret, config.ACCESS_TOKEN_TTL),
    now: opts.now ?? (() => new Date()),
    events: new EventBus(),
    media: new MediaStore(config.DATA_DIR, config.UPLOAD_LIMIT_BYTES),
    sync: new SyncService(database),
    // API instances without sessions ask the workers through Postgres; embedded PGlite runs the workers
    // in this process (npm start), which then answers directly (start-workers.ts).
    numbers: database.mode === 'postgres' ? numberChecksThroughDatabase(db) : undefined,
  }
  await services.sync.start()
  db.onCommit = () => services.sync.kick()
  return {
    services,
    database,
    seed,
    async close() {
      await services.sync.stop()
      // Grace for requests already past their long-poll to finish before the pool goes away.
      await new Promise((resolve) => setTimeout(resolve, 150))
      await database.close()
    },
  }
}
