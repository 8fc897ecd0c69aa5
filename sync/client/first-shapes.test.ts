import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { PGlite } from '@electric-sql/pglite'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany } from '../../test/factories.ts'
import { eventually, insertTicket, localSchemaDatabase, serve, ticketFixtures } from '../../test/sync-support.ts'
import { firstRequestTable, firstShapeUrl, prefetchFirstShapes } from './first-shapes.ts'
import { startSync, syncedTables } from './start-sync.ts'

describe('which request is a first one', () => {
  const shapeUrl = 'http://h:1/v1/shape'
  test("the Electric client's first request of a table, its cache-buster aside", () => {
    expect(firstShapeUrl(shapeUrl, 'tickets').toString()).toBe('http://h:1/v1/shape?log=full&offset=-1&table=tickets')
    expect(firstRequestTable('http://h:1/v1/shape?log=full&offset=-1&table=tickets', shapeUrl)).toBe('tickets')
    expect(firstRequestTable(new URL('http://h:1/v1/shape?cache-buster=x1&log=full&offset=-1&table=tickets'), shapeUrl)).toBe('tickets')
  })

  test('anything else is not: a resumed offset, a handle, an expired-handle hint, live, another path or host', () => {
    for (const url of [
      'http://h:1/v1/shape?log=full&offset=12_0&table=tickets',
      'http://h:1/v1/shape?handle=abc&log=full&offset=-1&table=tickets',
      'http://h:1/v1/shape?expired_handle=abc&log=full&offset=-1&table=tickets',
      'http://h:1/v1/shape?live=true&log=full&offset=-1&table=tickets',
      'http://h:1/v1/shape?log=changes_only&offset=-1&table=tickets',
      'http://h:1/v1/shape?log=full&offset=-1&table=tickets&table=messages',
      'http://h:1/v1/other?log=full&offset=-1&table=tickets',
      'http://x:1/v1/shape?log=full&offset=-1&table=tickets',
      'http://h:1/v1/shape?log=full&offset=-1',
    ])
      expect(firstRequestTable(url, shapeUrl)).toBeNull()
  })
})

describeEachBackend('first shape requests sent before the database opens', (env) => {
  let http: ReturnType<typeof serve>
  let admin: Awaited<ReturnType<typeof createCompany>>
  let ticketId: number
  beforeAll(async () => {
    http = serve(env())
    admin = await createCompany(env())
    const fx = await ticketFixtures(env(), admin.companyId)
    ticketId = (await insertTicket(env(), admin.companyId, fx.whatsappId, { queueId: fx.queueA })).ticketId
  })
  afterAll(() => http.stop())

  /** fetch that records every shape request's table and offset. */
  const recording = (fail?: Set<string>) => {
    const seen: string[] = []
    const inner = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input))
      const table = url.searchParams.get('table') ?? '?'
      seen.push(`${table}@${url.searchParams.get('offset')}`)
      if (fail?.delete(table)) throw new TypeError('Failed to fetch')
      return fetch(input, init)
    }
    return { seen, inner }
  }
  const ticketsStored = async (pg: PGlite) => (await pg.query<{ n: number }>(`select count(*)::int as n from tickets where id = ${ticketId}`)).rows[0].n
  // The statistics run after the first commit (local-stats.ts): closed before them, PGlite warns.
  const analyzed = (pg: PGlite) =>
    eventually('analyzed', async () => (await pg.query<{ n: number }>(`select count(*)::int as n from pg_stat_all_tables where relname = 'tickets' and last_analyze is not null`)).rows[0].n === 1, 10_000)

  test("every table's first request is answered by the prefetch, and each is asked of the server once", async () => {
    const pg = await localSchemaDatabase()
    const { seen, inner } = recording()
    const tables = syncedTables()
    const first = prefetchFirstShapes(inner, http.url, tables, async () => admin.adminToken)
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: 'prefetch', getToken: async () => admin.adminToken, fetchClient: first.fetch })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      expect(await ticketsStored(pg)).toBe(1)
      expect([...first.used].sort()).toEqual([...tables].sort())
      for (const table of tables) expect(seen.filter((s) => s === `${table}@-1`)).toHaveLength(1)
      await analyzed(pg)
    } finally {
      sync.unsubscribe()
      await pg.close()
    }
  }, 60_000)

  test('a prefetch that failed is sent again for the stream; a resumed subscription takes none of them', async () => {
    const pg = await localSchemaDatabase()
    const { seen, inner } = recording(new Set(['tickets']))
    const first = prefetchFirstShapes(inner, http.url, syncedTables(), async () => admin.adminToken)
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: 'resume', getToken: async () => admin.adminToken, fetchClient: first.fetch })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      expect(await ticketsStored(pg)).toBe(1)
      expect(first.used.has('tickets')).toBe(true)
      expect(seen.filter((s) => s === 'tickets@-1')).toHaveLength(2)
      await analyzed(pg)
    } finally {
      sync.unsubscribe()
    }
    // The same database again: its stored subscription resumes from where it was, not from -1.
    const again = recording()
    const second = prefetchFirstShapes(again.inner, http.url, syncedTables(), async () => admin.adminToken)
    const resumed = await startSync(pg, { shapeUrl: http.url, userKey: 'resume', getToken: async () => admin.adminToken, fetchClient: second.fetch })
    try {
      await eventually('up-to-date again', () => resumed.status.get().state === 'up-to-date', 20_000)
      expect(second.used.size).toBe(0)
      expect(await ticketsStored(pg)).toBe(1)
    } finally {
      resumed.unsubscribe()
      await pg.close()
    }
  }, 60_000)
})
