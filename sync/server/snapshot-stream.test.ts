import { afterAll, beforeAll, expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany } from '../../test/factories.ts'
import { serve } from '../../test/sync-support.ts'
import { SNAPSHOT_BATCH_ROWS } from './snapshot-stream.ts'

/**
 * The first answer of a shape on Postgres is streamed from a cursor (snapshot-stream.ts); on PGlite,
 * built whole. Either way the client must get every row once, as one JSON array, with the handle
 * already usable for the next request.
 */
describeEachBackend('a snapshot larger than one batch', (env) => {
  let http: ReturnType<typeof serve>
  let token: string
  let companyId: number
  const ROWS = SNAPSHOT_BATCH_ROWS * 2 + 7

  beforeAll(async () => {
    http = serve(env())
    ;({ companyId, adminToken: token } = await createCompany(env()))
    await withSystem(env().services.db, (tx) => tx`
      insert into contacts (company_id, name, number, channel)
      select ${companyId}, 'Contato, "' || g || E'"\\n', '5511' || (970000000 + g)::text, 'simulator' from generate_series(1, ${ROWS}) g`)
  }, 60_000)
  afterAll(() => http.stop())

  test('arrives whole: every row once, text intact, and the handle answers the next offset', async () => {
    const get = (q: string) => fetch(`${http.url}?${q}`, { headers: { Authorization: `Bearer ${token}` } })
    const first = await get('table=contacts&offset=-1')
    expect(first.status).toBe(200)
    const handle = first.headers.get('electric-handle')!
    expect(first.headers.get('electric-offset')).toBe('0_0')
    const rows = (await first.json()) as { key: string; value: { company_id: string; name: string }; headers: { operation: string; lsn: string } }[]
    const ours = rows.filter((r) => r.value.company_id === String(companyId))
    expect(ours.length).toBe(rows.length)
    expect(ours.length).toBe(ROWS)
    expect(new Set(ours.map((r) => r.key)).size).toBe(ROWS)
    expect(ours.every((r) => r.headers.operation === 'insert' && /^\d+$/.test(r.headers.lsn))).toBe(true)
    expect(ours.map((r) => r.value.name)).toContain('Contato, "4000"\n')
    const next = await get(`table=contacts&offset=0_0&handle=${encodeURIComponent(handle)}`)
    expect(next.status).toBe(200)
    expect(next.headers.get('electric-up-to-date')).not.toBeNull()
  })
})
