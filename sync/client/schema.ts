import type { LocalPg } from './local-pg.ts'
import { CHANGE_NOTIFY_DDL } from './change-notify.ts'
import { LOCAL_INDEXES_DDL, LOCAL_TABLES, LOCAL_TABLES_DDL, LOCAL_TABLES_VERSION, fnv1a } from './local-tables.ts'
import { SCHEMA_VERSION, SYNCED_DDL, SYNCED_TABLES } from './schema.generated.ts'

export { SCHEMA_VERSION, SYNCED_TABLES } from './schema.generated.ts'

/** Where pglite-sync keeps its subscriptions (its default metadata schema). */
export const METADATA_SCHEMA = 'electric'

/** What the database was built with, stored in local_meta: synced schema and local tables. */
export const LOCAL_SCHEMA_VERSION = `${SCHEMA_VERSION}.${LOCAL_TABLES_VERSION}`

/**
 * What can be added to a built database without rebuilding a table (the change notifications' triggers,
 * later indexes): versioned apart, so that adding them never drops the synced rows or local_writes.
 */
const ADDITIONS_DDL = `${CHANGE_NOTIFY_DDL}\n${LOCAL_INDEXES_DDL}`
const ADDITIONS_VERSION = fnv1a(ADDITIONS_DDL)

const META_DDL = 'create table if not exists local_meta (key text primary key, value text not null)'

const ident = (n: string) => `"${n.replace(/"/g, '""')}"`

/**
 * Creates the local schema, or rebuilds it when the app's schema differs from the one the database was
 * built with: the synced tables (those the database knows of and today's) are dropped with pglite-sync's
 * subscriptions, so a server migration never leaves a stale local shape; local tables are dropped only
 * when their own definition changed. Everything happens in one transaction.
 * Returns whether anything was (re)built.
 */
export async function applyLocalSchema(pg: LocalPg): Promise<{ rebuilt: boolean }> {
  await pg.exec(META_DDL)
  const meta = await readMeta(pg)
  if (meta.version === LOCAL_SCHEMA_VERSION) {
    if (meta.additions !== ADDITIONS_VERSION) {
      await pg.transaction(async (tx) => {
        await tx.exec(ADDITIONS_DDL)
        await tx.query(ADDITIONS_META, [ADDITIONS_VERSION])
      })
      await pg.syncToFs()
    }
    return { rebuilt: false }
  }
  await pg.transaction(async (tx) => {
    if (meta.version !== undefined) {
      const synced = new Set([...meta.syncedTables, ...SYNCED_TABLES])
      const stale = [...synced].map((t) => `drop table if exists ${ident(t)} cascade;`)
      if (!meta.version.endsWith(`.${LOCAL_TABLES_VERSION}`)) stale.push(...LOCAL_TABLES.map((t) => `drop table if exists ${ident(t)} cascade;`))
      await tx.exec(stale.join('\n'))
      // pglite-sync may have created its metadata table already: empty it rather than drop it.
      const { rows } = await tx.query<{ t: string | null }>(`select to_regclass('${METADATA_SCHEMA}.subscriptions_metadata')::text as t`)
      if (rows[0]?.t) await tx.exec(`delete from ${ident(METADATA_SCHEMA)}.subscriptions_metadata`)
    }
    await tx.exec(SYNCED_DDL)
    await tx.exec(LOCAL_TABLES_DDL)
    await tx.exec(ADDITIONS_DDL)
    await tx.query(ADDITIONS_META, [ADDITIONS_VERSION])
    await tx.query(
      `insert into local_meta (key, value) values ('schema_version', $1), ('synced_tables', $2)
       on conflict (key) do update set value = excluded.value`,
      [LOCAL_SCHEMA_VERSION, JSON.stringify(SYNCED_TABLES)],
    )
  })
  // transaction() never syncs to storage after COMMIT (pwa-notes pitfall 2).
  await pg.syncToFs()
  return { rebuilt: true }
}

const ADDITIONS_META = `insert into local_meta (key, value) values ('additions', $1) on conflict (key) do update set value = excluded.value`

async function readMeta(pg: LocalPg): Promise<{ version?: string; additions?: string; syncedTables: string[] }> {
  const { rows } = await pg.query<{ key: string; value: string }>(
    `select key, value from local_meta where key in ('schema_version', 'synced_tables', 'additions')`,
  )
  const get = (k: string) => rows.find((r) => r.key === k)?.value
  return { version: get('schema_version'), additions: get('additions'), syncedTables: JSON.parse(get('synced_tables') ?? '[]') as string[] }
}
