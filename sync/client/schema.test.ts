import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { electricSync } from '@electric-sql/pglite-sync'
import { GENERATED_SCHEMA_PATH, readSyncedTables, renderClientSchema } from '../../scripts/gen-client-schema.ts'
import { shapeCatalogue } from '../shapes.ts'
import { LOCAL_TABLES_VERSION } from './local-tables.ts'
import { applyLocalSchema, LOCAL_SCHEMA_VERSION, SYNCED_TABLES } from './schema.ts'

const freshDb = () => PGlite.create('memory://', { extensions: { electric: electricSync() } })
const count = async (pg: PGlite, sql: string) => (await pg.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0].n

describe('the generated client schema', () => {
  test('is current: regenerating it from migrations/ and the catalogue gives the committed file', async () => {
    const expected = renderClientSchema(await readSyncedTables())
    const committed = readFileSync(GENERATED_SCHEMA_PATH, 'utf8')
    // On failure: run `bun scripts/gen-client-schema.ts` and commit sync/client/schema.generated.ts.
    expect(committed).toBe(expected)
  }, 120_000)

  test('has one table per catalogue entry', () => {
    expect([...SYNCED_TABLES].sort() as string[]).toEqual(Object.keys(shapeCatalogue).sort())
  })
})

describe('applyLocalSchema', () => {
  test('creates the synced and local tables once, and keeps rows on the next start', async () => {
    const pg = await freshDb()
    expect(await applyLocalSchema(pg)).toEqual({ rebuilt: true })
    await pg.exec(`insert into users (id, company_id, name) values (1, 1, 'Ana')`)
    expect(await applyLocalSchema(pg)).toEqual({ rebuilt: false })
    expect(await count(pg, 'users')).toBe(1)
    expect(await count(pg, 'local_writes')).toBe(0)
    await pg.close()
  })

  test('a new synced schema drops the synced rows and the subscriptions but keeps pending local writes', async () => {
    const pg = await freshDb()
    await applyLocalSchema(pg)
    await pg.electric.initMetadataTables()
    await pg.exec(`
      insert into users (id, company_id, name) values (1, 1, 'Ana');
      insert into electric.subscriptions_metadata (key, shape_metadata, last_lsn) values ('balcao-x-old', '{}', '5');
      insert into local_writes (client_id, table_name, op, value) values ('w1', 'users', 'insert', '{"name":"Bia"}');
      create table "retired_table" (id int primary key);
      update local_meta set value = 'old.${LOCAL_TABLES_VERSION}' where key = 'schema_version';
      update local_meta set value = '["users","retired_table"]' where key = 'synced_tables';`)
    expect(await applyLocalSchema(pg)).toEqual({ rebuilt: true })
    expect(await count(pg, 'users')).toBe(0)
    expect(await count(pg, 'electric.subscriptions_metadata')).toBe(0)
    expect(await count(pg, 'local_writes')).toBe(1)
    expect((await pg.query(`select to_regclass('retired_table') as t`)).rows[0]).toEqual({ t: null })
    expect((await pg.query<{ value: string }>(`select value from local_meta where key = 'schema_version'`)).rows[0].value).toBe(LOCAL_SCHEMA_VERSION)
    await pg.close()
  })

  test('a new local-tables definition rebuilds the local tables too', async () => {
    const pg = await freshDb()
    await applyLocalSchema(pg)
    await pg.exec(`
      insert into local_writes (client_id, table_name, op) values ('w1', 'users', 'insert');
      update local_meta set value = '${LOCAL_SCHEMA_VERSION.split('.')[0]}.old' where key = 'schema_version';`)
    expect(await applyLocalSchema(pg)).toEqual({ rebuilt: true })
    expect(await count(pg, 'local_writes')).toBe(0)
    await pg.close()
  })
})

describe('local write triggers', () => {
  test('a delivered txid drops the write it answered, whichever comes first', async () => {
    const pg = await freshDb()
    await applyLocalSchema(pg)
    await pg.exec(`insert into local_writes (client_id, table_name, op) values ('a', 'users', 'insert'), ('b', 'users', 'insert')`)
    await pg.exec(`update local_writes set txid = 10, pending = false where client_id = 'a'`)
    await pg.exec(`insert into synced_txids (txid) values (10), (20)`)
    expect((await pg.query(`select client_id from local_writes`)).rows).toEqual([{ client_id: 'b' }])
    await pg.exec(`update local_writes set txid = 20, pending = false where client_id = 'b'`)
    expect(await count(pg, 'local_writes')).toBe(0)
    await pg.close()
  })
})
