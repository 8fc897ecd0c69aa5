import { describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { ANALYZE_AFTER_CHANGES, ANALYZE_DEFER_MS, ANALYZE_OWN_TABLES, LocalStats } from './local-stats.ts'

const analyzedAt = async (pg: PGlite, table = 'items') =>
  (await pg.query<{ n: number }>(`select count(*)::int as n from pg_stat_all_tables where relname = '${table}' and last_analyze is not null`)).rows[0].n

describe('the planner statistics of the browser database', () => {
  test('are gathered at the first up-to-date, then only after enough new changes', async () => {
    const pg = await PGlite.create('memory://')
    await pg.exec(`create table items (id int primary key); insert into items select generate_series(1, 3000);
      create schema other; create table other.extra (id int); insert into other.extra values (1)`)
    const execs: string[] = []
    const stats = new LocalStats({ exec: (sql: string) => (execs.push(sql), pg.exec(sql)) })
    stats.delivered(3000)
    await stats.upToDate()
    expect(await analyzedAt(pg)).toBe(1)
    // Our tables, in every schema of ours, and not the system catalogs.
    expect(await analyzedAt(pg, 'extra')).toBe(1)
    expect(await analyzedAt(pg, 'pg_class')).toBe(0)
    expect((await pg.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'items'`)).rows[0].reltuples).toBe(3000)
    stats.delivered(10)
    await stats.upToDate()
    expect(execs).toEqual([ANALYZE_OWN_TABLES])
    stats.delivered(ANALYZE_AFTER_CHANGES)
    await stats.upToDate()
    expect(execs).toEqual([ANALYZE_OWN_TABLES, ANALYZE_OWN_TABLES])
    await pg.close()
  })

  test("wait a moment after the stream is up to date: the screens' queries on the new rows go first", async () => {
    const pg = await PGlite.create('memory://')
    await pg.exec(`create table items (id int primary key); insert into items select generate_series(1, 100)`)
    const order: string[] = []
    const stats = new LocalStats({ exec: (sql: string) => (order.push('analyze'), pg.exec(sql)) })
    const started = performance.now()
    const analyzed = stats.upToDate()
    // A list re-run on the committed rows, asked a few milliseconds after the up-to-date.
    await new Promise((r) => setTimeout(r, 20))
    expect((await pg.query<{ n: number }>('select count(*)::int as n from items')).rows[0].n).toBe(100)
    order.push('list')
    await analyzed
    expect(order).toEqual(['list', 'analyze'])
    expect(performance.now() - started).toBeGreaterThanOrEqual(ANALYZE_DEFER_MS - 5)
    expect(await analyzedAt(pg)).toBe(1)
    await pg.close()
  })
})
