import { describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { ANALYZE_AFTER_CHANGES, LocalStats } from './local-stats.ts'

const analyzedAt = async (pg: PGlite) =>
  (await pg.query<{ n: number }>(`select count(*)::int as n from pg_stat_user_tables where relname = 'items' and last_analyze is not null`)).rows[0].n

describe('the planner statistics of the browser database', () => {
  test('are gathered at the first up-to-date, then only after enough new changes', async () => {
    const pg = await PGlite.create('memory://')
    await pg.exec(`create table items (id int primary key); insert into items select generate_series(1, 3000)`)
    const execs: string[] = []
    const stats = new LocalStats({ exec: (sql: string) => (execs.push(sql), pg.exec(sql)) })
    stats.delivered(3000)
    await stats.upToDate()
    expect(await analyzedAt(pg)).toBe(1)
    expect((await pg.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'items'`)).rows[0].reltuples).toBe(3000)
    stats.delivered(10)
    await stats.upToDate()
    expect(execs).toEqual(['analyze'])
    stats.delivered(ANALYZE_AFTER_CHANGES)
    await stats.upToDate()
    expect(execs).toEqual(['analyze', 'analyze'])
    await pg.close()
  })
})
