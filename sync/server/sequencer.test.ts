import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connectDatabase, type Database } from '../../server/db/connect.ts'
import { migrate } from '../../server/db/migrate.ts'
import { BACKENDS } from '../../test/env.ts'
import { createScratchDatabase } from '../../test/scratch-db.ts'
import { positionPending, runSequencer, sequencerPlanSettings } from './sequencer.ts'

/** Two transactions interleave only on a server with several connections: Postgres. */
const describePostgres = BACKENDS.includes('postgres') ? describe : describe.skip

describePostgres('sequencer [postgres]', () => {
  let database: Database
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let companyId: number
  let tagId: number

  beforeAll(async () => {
    scratch = await createScratchDatabase()
    database = await connectDatabase({ databaseUrl: scratch.url })
    await migrate(database.sql)
    // Nothing else positions entries here: no sync service runs on this database.
    await database.sql.begin(async (tx) => {
      await tx`select set_config('app.system', 'on', true)`
      const [company] = await tx`insert into companies (name) values ('Sequencer') returning id`
      companyId = company.id
      const [tag] = await tx`insert into tags (company_id, name) values (${companyId}, 'start') returning id`
      tagId = tag.id
    })
    await runSequencer(database.sql)
  }, 120_000)

  afterAll(async () => {
    await database?.close()
    await scratch?.drop()
  }, 60_000)

  test('a transaction that waited for another row lock is positioned after it, even if it wrote first', async () => {
    const step = () => {
      let go!: () => void
      const p = new Promise<void>((r) => (go = r))
      return { p, go }
    }
    const bWroteFirst = step()
    const aHoldsTheRow = step()
    const system = `select set_config('app.system', 'on', true)`
    const b = database.sql.begin(async (tx) => {
      await tx.unsafe(system)
      await tx`insert into contacts (company_id, name, number) values (${companyId}, 'Bia', '5511900001111')`
      bWroteFirst.go()
      await aHoldsTheRow.p
      await tx`update tags set name = 'b' where id = ${tagId}` // waits for a's commit
    })
    await bWroteFirst.p
    await database.sql.begin(async (tx) => {
      await tx.unsafe(system)
      await tx`update tags set name = 'a' where id = ${tagId}`
      aHoldsTheRow.go()
      await Bun.sleep(100) // b is now waiting on the row
    })
    await b
    await runSequencer(database.sql)
    const updates = await database.sql<{ name: string }[]>`
      select new ->> 'name' as name from sync_log where relation = 'tags' and op = 'update' order by seq, op_pos`
    // The log replays to what the table holds: b's value last.
    expect(updates.map((u) => u.name)).toEqual(['a', 'b'])
    const [row] = await database.sql<{ name: string }[]>`select name from tags where id = ${tagId}`
    expect(row.name).toBe('b')
  })

  test('a run reaches its pending entries through their index and a merge or hash join, however stale the statistics', async () => {
    const system = `select set_config('app.system', 'on', true)`
    // Statistics taken while the log is small, then thousands of positioned entries and 300 pending ones:
    // the planner still believes the log holds a handful of rows (autovacuum is off on the bench machine).
    await database.sql`analyze sync_log`
    for (let round = 0; round < 10; round++) {
      await database.sql.begin(async (tx) => {
        await tx.unsafe(system)
        await tx`update tags set name = ${`r${round}`} where id = ${tagId}`
        await tx`insert into contacts (company_id, name, number)
                 select ${companyId}, 'Plano ' || g, '55219' || lpad((${round * 1000} + g)::text, 8, '0') from generate_series(1, 300) g`
      })
      if (round < 9) await runSequencer(database.sql)
    }
    const plan = await database.sql.begin(async (tx) => {
      await sequencerPlanSettings(tx)
      const rows = await tx<{ 'QUERY PLAN': string }[]>`explain ${positionPending(tx)}`
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    const update = plan.slice(plan.indexOf('Update on sync_log'), plan.indexOf('CTE clock'))
    expect(update).toContain('sync_log_unsequenced_idx')
    expect(update).not.toContain('Seq Scan on sync_log')
    expect(update).not.toContain('Nested Loop')
    expect(update).toMatch(/Merge Join|Hash Join/)
    const advance = await runSequencer(database.sql)
    expect(advance?.positioned).toBe(1)
    const [{ pending }] = await database.sql<{ pending: number }[]>`select count(*)::int as pending from sync_log where seq is null`
    expect(pending).toBe(0)
  })
})
