import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connectDatabase, type Database } from '../../server/db/connect.ts'
import { migrate } from '../../server/db/migrate.ts'
import { withSystem, type Db } from '../../server/db/tenant.ts'
import { BACKENDS } from '../../test/env.ts'
import { createScratchDatabase } from '../../test/scratch-db.ts'
import { SyncService } from './sync-service.ts'

const BURST_MS = 1_500

for (const backend of BACKENDS) {
  describe(`sync service [${backend}]`, () => {
    let database: Database
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined
    let sync: SyncService
    let db: Db
    let companyId: number
    let kicking = true

    beforeAll(async () => {
      scratch = backend === 'postgres' ? await createScratchDatabase() : undefined
      database = await connectDatabase(scratch ? { databaseUrl: scratch.url } : { pgliteDir: 'memory://' })
      await migrate(database.sql)
      // The only sequencer on this database; the timer never fires during the test.
      sync = new SyncService(database, 600_000, 5, { txs: 5, ms: BURST_MS })
      await sync.start()
      db = { sql: database.sql, roleSwitch: false, onCommit: () => kicking && sync.kick() }
      const [plan] = await withSystem(db, (tx) => tx`select id from plans limit 1`)
      const [company] = await withSystem(db, (tx) => tx`insert into companies ${tx({ name: `Burst ${backend}`, planId: plan?.id ?? null })} returning id`)
      companyId = company.id
      // The run the company's commit asked for (5 ms later) is over before the test starts.
      await Bun.sleep(100)
    }, 120_000)

    afterAll(async () => {
      await sync?.stop()
      await database?.close()
      await scratch?.drop()
    }, 60_000)

    const addTag = (name: string) => withSystem(db, (tx) => tx`insert into tags ${tx({ companyId, name })} returning id`).then((r) => r[0].id as number)
    const positionedAt = async (id: number) => {
      const deadline = performance.now() + 10_000
      for (;;) {
        const [row] = await database.sql`select seq from sync_log where relation = 'tags' and (new ->> 'id')::int = ${id}`
        if (row?.seq != null || performance.now() > deadline) return performance.now()
        await Bun.sleep(5)
      }
    }

    test('after a run that positioned a burst the next run waits longer; after a small run it does not', async () => {
      // A burst: 8 transactions committed before the sequencer looks, then positioned by one run.
      kicking = false
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => addTag(`b${i}`)))
      kicking = true
      await sync.runOnce()
      await Promise.all(burst.map(positionedAt))
      let t0 = performance.now()
      const afterBurst = await addTag('after burst')
      expect((await positionedAt(afterBurst)) - t0).toBeGreaterThanOrEqual(BURST_MS - 20)
      // That run positioned one transaction: the next write is positioned within the usual coalescing.
      t0 = performance.now()
      const single = await addTag('single')
      expect((await positionedAt(single)) - t0).toBeLessThan(BURST_MS - 20)
    }, 30_000)
  })
}
