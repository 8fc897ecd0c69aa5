import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connectDatabase, type Database } from '../db/connect.ts'
import { migrate, needsRoleSwitch } from '../db/migrate.ts'
import { withSystem, type Db } from '../db/tenant.ts'
import { verifyPassword } from '../auth/password.ts'
import { BACKENDS } from '../../test/env.ts'
import { createScratchDatabase } from '../../test/scratch-db.ts'
import { seedFirstStart, SIMULATOR_NAME } from './seed.ts'
import { seedsSimulator } from '../config.ts'
import { PLAN_FEATURES } from './auth/auth-context.ts'

for (const backend of BACKENDS) {
  describe(`first start seed [${backend}]`, () => {
    let database: Database
    let db: Db
    let drop: (() => Promise<void>) | undefined
    beforeAll(async () => {
      const scratch = backend === 'postgres' ? await createScratchDatabase() : undefined
      drop = scratch?.drop
      database = await connectDatabase({ databaseUrl: scratch?.url, pgliteDir: 'memory://' })
      await migrate(database.sql)
      db = { sql: database.sql, roleSwitch: await needsRoleSwitch(database.sql) }
    }, 60_000)
    afterAll(async () => {
      await database.close()
      await drop?.()
    })

    test('generates the super user password when none is given, and it logs in', async () => {
      const first = await seedFirstStart(db, { simulator: true })
      expect(first.createdAdmin?.generated).toBe(true)
      expect(first.createdAdmin?.email).toBe('admin@balcao.local')
      expect(first.createdAdmin!.password!.length).toBeGreaterThanOrEqual(12)
      const [u] = await withSystem(db, (tx) => tx`select password_hash, super, profile from users where email = 'admin@balcao.local'`)
      expect(u.super).toBe(true)
      expect(u.profile).toBe('admin')
      expect(await verifyPassword(first.createdAdmin!.password!, u.passwordHash)).toBe(true)
    })

    test('creates company 1, never expiring, on a plan with every feature, with its settings', async () => {
      const [c] = await withSystem(db, (tx) => tx`
        select c.id, c.status, to_char(c.due_date, 'YYYY-MM-DD') as due, p.*
          from companies c join plans p on p.id = c.plan_id where c.id = 1`)
      expect(c.due).toBe('2999-12-31')
      expect(c.status).toBe(true)
      for (const f of PLAN_FEATURES) expect(c[f]).toBe(true)
      const [s] = await withSystem(db, (tx) => tx`select count(*)::int as n from company_settings where company_id = 1`)
      expect(s.n).toBe(1)
      const settings = await withSystem(db, (tx) => tx`select key from settings`)
      expect(settings.map((r) => r.key)).toEqual(expect.arrayContaining(['allowSignup', 'userCreation', 'appName']))
    })

    test('creates one simulator connection, named a test channel and never the default, with a 30-character token', async () => {
      const rows = await withSystem(db, (tx) => tx`select name, channel, status, is_default, token from whatsapps where company_id = 1`)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ name: SIMULATOR_NAME, channel: 'simulator', status: 'CONNECTED', isDefault: false })
      expect(SIMULATOR_NAME).toContain('teste')
      expect(rows[0].token).toMatch(/^[A-Za-z0-9]{30}$/)
    })

    test('a second start changes nothing and prints no password', async () => {
      const before = await withSystem(db, (tx) => tx`select id, password_hash from users order by id`)
      const again = await seedFirstStart(db, { adminPassword: 'other-pass' })
      expect(again.createdAdmin).toBeUndefined()
      const after = await withSystem(db, (tx) => tx`select id, password_hash from users order by id`)
      expect(after).toEqual(before)
      const [n] = await withSystem(db, (tx) => tx`select count(*)::int as n from companies`)
      expect(n.n).toBe(1)
    })

    test('the simulator is seeded by default on the embedded database only; SEED_SIMULATOR decides otherwise', () => {
      expect(seedsSimulator({ DATABASE_URL: undefined, SEED_SIMULATOR: undefined })).toBe(true)
      expect(seedsSimulator({ DATABASE_URL: 'postgres://db/prod', SEED_SIMULATOR: undefined })).toBe(false)
      expect(seedsSimulator({ DATABASE_URL: 'postgres://db/prod', SEED_SIMULATOR: 'true' })).toBe(true)
      expect(seedsSimulator({ DATABASE_URL: undefined, SEED_SIMULATOR: 'false' })).toBe(false)
    })

    test('migrations are applied once: a second run applies nothing', async () => {
      expect(await migrate(database.sql)).toEqual([])
    })
  })
}
