import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export type Sql = postgres.Sql<{}>
export type Tx = postgres.TransactionSql<{}>
/** Anything that runs tagged queries: the pool or a transaction. */
export type Queryable = Sql | Tx

export interface Database {
  sql: Sql
  mode: 'postgres' | 'pglite'
  /** The URL postgres.js connected to (for PGlite, the loopback socket). */
  url: string
  close(): Promise<void>
}

export interface ConnectOptions {
  /** Real Postgres when set; embedded PGlite otherwise. */
  databaseUrl?: string
  /** PGlite data directory (`memory://` for a throwaway database). */
  pgliteDir?: string
  max?: number
}

// snake_case columns come back as the spec's camelCase field names; JSON values are left alone.
const columnTransform = { column: { from: postgres.toCamel, to: postgres.fromCamel }, undefined: null }

function makeSql(url: string, max: number): Sql {
  return postgres(url, {
    max,
    onnotice: () => {},
    transform: columnTransform,
    // No parallel workers unless a query asks (forReporting, server/domain/dashboard/dashboard-range.ts):
    // the everyday lists lost more to a gather's setup than they gained (migrations/0028_*).
    connection: { application_name: 'balcao', max_parallel_workers_per_gather: 0 },
    // int8 (counts, sums) as numbers: our counts never reach 2^53.
    types: { bigint: { to: 20, from: [20], serialize: (x: number) => x.toString(), parse: (x: string) => Number(x) } },
  }) as unknown as Sql
}

export async function connectDatabase(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const sql = makeSql(opts.databaseUrl, opts.max ?? 10)
    return { sql, mode: 'postgres', url: opts.databaseUrl, close: () => sql.end({ timeout: 5 }) }
  }
  const dir = opts.pgliteDir ?? './data/pglite'
  if (!dir.includes('://')) mkdirSync(dir, { recursive: true })
  // pg_trgm: the trigram indexes of the contact search (migrations/0010_*).
  const pglite = await PGlite.create(dir.includes('://') ? dir : join(dir), { extensions: { pg_trgm } })
  // PGlite is one session: one socket connection keeps transactions from interleaving.
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 1 })
  await server.start()
  const url = `postgres://postgres@127.0.0.1:${(server as unknown as { port: number }).port}/postgres`
  const sql = makeSql(url, 1)
  return {
    sql,
    mode: 'pglite',
    url,
    async close() {
      await sql.end({ timeout: 5 })
      await server.stop()
      await pglite.close()
    },
  }
}
