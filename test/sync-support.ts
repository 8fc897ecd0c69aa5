import { PGlite } from '@electric-sql/pglite'
import { electricSync } from '@electric-sql/pglite-sync'
import { withSystem } from '../server/db/tenant.ts'
import { localTableDdl } from '../sync/client/local-schema.ts'
import { applyLocalSchema } from '../sync/client/schema.ts'
import { findShape } from '../sync/shapes.ts'
import { shapeColumns } from '../sync/server/columns.ts'
import type { TestEnv } from './env.ts'
import { uniq } from './factories.ts'

/** The app on a loopback port, for clients that speak HTTP (the Electric client, pglite-sync). */
export function serve(env: TestEnv) {
  const requests: string[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 60,
    fetch: (req) => {
      requests.push(req.url)
      return env.app.fetch(req)
    },
  })
  return { url: `http://127.0.0.1:${server.port}/v1/shape`, requests, stop: () => server.stop(true) }
}

/** A browser-like local database: in-memory (or dataDir) PGlite with pglite-sync and the synced tables. */
export async function localDatabase(env: TestEnv, tables: string[], dataDir?: string) {
  const pg = await PGlite.create(dataDir ?? 'memory://', { extensions: { electric: electricSync() } })
  for (const table of tables) {
    const entry = findShape(table)!
    const columns = await withSystem(env.services.db, (tx) => shapeColumns(tx, entry))
    await pg.exec(localTableDdl({ table, primaryKey: entry.primaryKey, columns }))
  }
  return pg
}

/** An in-memory PGlite with the PWA's whole local schema, as the worker opens it (with pglite-sync). */
export async function localSchemaDatabase() {
  const pg = await PGlite.create('memory://', { extensions: { electric: electricSync() } })
  await applyLocalSchema(pg)
  return pg
}

/** Polls until check() is truthy or the time runs out (then throws with the label). */
export async function eventually<T>(label: string, check: () => Promise<T> | T, timeoutMs = 8000, everyMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`)
    await Bun.sleep(everyMs)
  }
}

/** A connection, a contact and a queue in a company, to hang tickets and messages on. */
export async function ticketFixtures(env: TestEnv, companyId: number) {
  return withSystem(env.services.db, async (tx) => {
    const [w] = await tx`insert into whatsapps (company_id, name, channel) values (${companyId}, ${uniq('Conn ')}, 'simulator') returning id`
    const [q1] = await tx`insert into queues (company_id, name, color) values (${companyId}, ${uniq('Q ')}, ${uniq('#')}) returning id`
    const [q2] = await tx`insert into queues (company_id, name, color) values (${companyId}, ${uniq('Q ')}, ${uniq('#')}) returning id`
    return { whatsappId: w.id as number, queueA: q1.id as number, queueB: q2.id as number }
  })
}

export async function insertTicket(env: TestEnv, companyId: number, whatsappId: number, fields: Record<string, unknown> = {}) {
  return withSystem(env.services.db, async (tx) => {
    const [c] = await tx`insert into contacts (company_id, name, number) values (${companyId}, ${uniq('Contact ')}, ${String(5511900000000 + Math.floor(Math.random() * 99999999))}) returning id`
    const [t] = await tx`insert into tickets ${tx({ companyId, contactId: c.id, whatsappId, status: 'pending', ...fields })} returning id`
    return { ticketId: t.id as number, contactId: c.id as number }
  })
}
