import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import { BACKENDS, describeEachBackend, startTestEnv, type TestEnv } from '../../test/env.ts'
import { createCompany } from '../../test/factories.ts'
import { eventually, localDatabase, serve, ticketFixtures } from '../../test/sync-support.ts'
import { findShape, type ShapeScope } from '../shapes.ts'
import { shapeColumns } from './columns.ts'
import { positionSnapshot, takeSnapshot } from './snapshot.ts'

/**
 * Initial sync of two tables whose snapshots are taken at different moments (issue 3, multi-table
 * atomicity): a ticket and its message written in one transaction between the messages snapshot and the
 * tickets snapshot must appear together in the browser, never the ticket alone.
 */
describeEachBackend('snapshots of several tables', (env) => {
  let http: ReturnType<typeof serve>
  let admin: { companyId: number; adminToken: string }
  let fx: Awaited<ReturnType<typeof ticketFixtures>>

  beforeAll(async () => {
    http = serve(env())
    admin = await createCompany(env())
    fx = await ticketFixtures(env(), admin.companyId)
  }, 60_000)
  afterAll(() => http.stop())

  test('a transaction seen by one table\'s snapshot and not the other\'s shows whole or not at all', async () => {
    let pairWritten!: () => void
    const written = new Promise<void>((resolve) => (pairWritten = resolve))
    let messagesLive!: () => void
    const live = new Promise<void>((resolve) => (messagesLive = resolve))
    let releaseLive!: () => void
    const released = new Promise<void>((resolve) => (releaseLive = resolve))

    // The tickets snapshot waits for the pair; the messages shape's live long-polls are held until
    // released (an abort from the client, its forced refresh, still ends them).
    const gated = (table: 'tickets' | 'messages') => async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (table === 'tickets' && url.searchParams.get('offset') === '-1') await written
      if (table === 'messages' && url.searchParams.get('live') === 'true') {
        messagesLive()
        await Promise.race([released, new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))])
      }
      return fetch(input, init)
    }
    const local = await localDatabase(env(), ['tickets', 'messages'])
    const shape = (table: 'tickets' | 'messages') => ({
      shape: { url: http.url, params: { table }, headers: { Authorization: `Bearer ${admin.adminToken}` }, fetchClient: gated(table) as typeof fetch },
      table,
      primaryKey: ['id'],
    })
    const sync = await local.electric.syncShapesToTables({ key: null, shapes: { messages: shape('messages'), tickets: shape('tickets') } })

    const seen: string[] = []
    let watching = true
    const watcher = (async () => {
      while (watching) {
        const { rows } = await local.query<{ t: number; m: number }>(
          `select (select count(*)::int from tickets where last_message = 'split pair') as t, (select count(*)::int from messages where body = 'split pair') as m`,
        )
        seen.push(`${rows[0].t}/${rows[0].m}`)
        await Bun.sleep(2)
      }
    })()

    await live
    await withSystem(env().services.db, async (tx) => {
      const [c] = await tx`insert into contacts (company_id, name, number) values (${admin.companyId}, 'Par', '5511977776666') returning id`
      const [t] = await tx`insert into tickets (company_id, contact_id, whatsapp_id, last_message) values (${admin.companyId}, ${c.id}, ${fx.whatsappId}, 'split pair') returning id`
      await tx`insert into messages (company_id, ticket_id, body) values (${admin.companyId}, ${t.id}, 'split pair')`
    })
    await env().services.sync.runOnce()
    pairWritten()
    await eventually('the pair in the browser', () => seen.at(-1) === '1/1', 5000).catch(() => null)
    releaseLive()
    await eventually('the pair in the browser', () => seen.at(-1) === '1/1')
    watching = false
    await watcher
    sync.unsubscribe()
    await local.close()
    expect(seen.filter((s) => s !== '0/0' && s !== '1/1')).toEqual([])
  })

})

// Postgres only: holding the sequencer's lock from a second session keeps a committed transaction
// unpositioned while the snapshot is taken (embedded PGlite has one session).
describe.if(BACKENDS.includes('postgres'))('a snapshot taken before its transactions are positioned [postgres]', () => {
  let env: TestEnv
  beforeAll(async () => {
    env = await startTestEnv('postgres')
  }, 60_000)
  afterAll(() => env?.close())

  test('rows of a transaction committed but not yet positioned carry the position it gets', async () => {
    const db = env.services.db
    const admin = await createCompany(env)
    const fx = await ticketFixtures(env, admin.companyId)
    let unlock!: () => void
    const held = new Promise<void>((resolve) => (unlock = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const holder = db.sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(727276)`
      locked()
      await held
    })
    await isLocked
    const ticketId = await withSystem(db, async (tx) => {
      const [c] = await tx`insert into contacts (company_id, name, number) values (${admin.companyId}, 'Pendente', '5511966665555') returning id`
      const [t] = await tx`insert into tickets (company_id, contact_id, whatsapp_id, last_message) values (${admin.companyId}, ${c.id}, ${fx.whatsappId}, 'pending pair') returning id`
      return t.id as number
    })
    const entry = findShape('tickets')!
    const columns = await withSystem(db, (tx) => shapeColumns(tx, entry))
    const scope: ShapeScope = {
      companyId: admin.companyId, userId: 0, isAdmin: true, isSuper: false, seesNoQueue: true, seesGroups: true,
      queueIds: [], maskNumbers: false, managesConnections: true,
    }
    const snap = await takeSnapshot(db.sql, entry, scope, columns, 'test', { withRows: true, nowMs: Date.now() })
    expect(snap.pendingXids.length).toBeGreaterThan(0)
    const body = await positionSnapshot(db.sql, snap, async () => {
      unlock()
      await holder
      await env.services.sync.runOnce()
    })
    const [{ seq }] = await withSystem(db, (tx) => tx<{ seq: string }[]>`
      select seq::text from sync_log where relation = 'tickets' and (new ->> 'id')::int = ${ticketId}`)
    const rows = JSON.parse(`[${body}]`) as { value: { id: string }; headers: { lsn: string } }[]
    expect(BigInt(seq)).toBeGreaterThan(snap.seq)
    expect(rows.find((r) => Number(r.value.id) === ticketId)?.headers.lsn).toBe(seq)
    expect(new Set(rows.map((r) => r.headers.lsn))).toEqual(new Set([seq]))
  })
})
