import { PGlite } from '@electric-sql/pglite'
import { expect, test } from 'bun:test'
import { applyLocalSchema, LOCAL_SCHEMA_VERSION, SYNCED_TABLES } from '../../sync/client/schema.ts'
import { buildSeed } from './pglite-seed.ts'

test('the prebuilt database starts in PGlite with the local schema built, without the templates, and keeps writes', async () => {
  const seed = await buildSeed()
  // Gzip, and small: the templates are gone.
  expect([seed[0], seed[1]]).toEqual([0x1f, 0x8b])
  expect(seed.byteLength).toBeLessThan(3_500_000)
  const pg = await PGlite.create({ loadDataDir: new Blob([seed as Uint8Array<ArrayBuffer>]) })
  try {
    expect((await pg.query<{ value: string }>("select value from local_meta where key = 'schema_version'")).rows[0]?.value).toBe(LOCAL_SCHEMA_VERSION)
    // The worker's schema step finds nothing to build.
    expect(await applyLocalSchema(pg)).toEqual({ rebuilt: false })
    const tables = (await pg.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public'")).rows.map((r) => r.tablename)
    expect(tables).toEqual(expect.arrayContaining([...SYNCED_TABLES]))
    expect((await pg.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname)).toEqual(['postgres'])
    await pg.exec("create temporary table probe (id int); insert into probe values (1)")
    expect((await pg.query<{ n: number }>('select count(*)::int as n from probe')).rows[0].n).toBe(1)
  } finally {
    await pg.close()
  }
}, 60_000)
