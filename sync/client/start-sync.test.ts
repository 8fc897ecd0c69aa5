import { afterAll, beforeAll, expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany } from '../../test/factories.ts'
import { eventually, insertTicket, localSchemaDatabase, serve, ticketFixtures } from '../../test/sync-support.ts'
import { startSync, subscriptionKey, type TokenGetter } from './start-sync.ts'
import type { SyncStatus } from './sync-status.ts'

describeEachBackend('startSync', (env) => {
  let http: ReturnType<typeof serve>
  let admin: Awaited<ReturnType<typeof createCompany>>
  beforeAll(async () => {
    http = serve(env())
    admin = await createCompany(env())
  })
  afterAll(() => http.stop())

  test('fills every catalogue table of the local schema and reports up-to-date', async () => {
    const fx = await ticketFixtures(env(), admin.companyId)
    const { ticketId } = await insertTicket(env(), admin.companyId, fx.whatsappId, { queueId: fx.queueA })
    const pg = await localSchemaDatabase()
    const seen: SyncStatus['state'][] = []
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: 'all', getToken: async () => admin.adminToken, onStatus: (s) => seen.push(s.state) })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      const { rows } = await pg.query<{ tickets: number; queues: number; users: number; companies: number }>(`
        select (select count(*)::int from tickets where id = ${ticketId}) as tickets, (select count(*)::int from queues) as queues,
               (select count(*)::int from users) as users, (select count(*)::int from companies) as companies`)
      expect(rows[0]).toEqual({ tickets: 1, queues: 2, users: 1, companies: 1 })
      expect(seen[0]).toBe('syncing')
      expect(sync.status.get().lastSyncedAt).toBeGreaterThan(0)
      // The planner's statistics follow the first commit of the stored rows (local-stats.ts).
      const analyzed = async () =>
        (await pg.query<{ n: number }>(`select count(*)::int as n from pg_stat_all_tables where relname = 'tickets' and last_analyze is not null`)).rows[0].n === 1
      expect(await analyzed()).toBe(false)
      await eventually('tickets analyzed', analyzed, 10_000)
    } finally {
      sync.unsubscribe()
      await pg.close()
    }
    expect(seen.at(-1)).toBe('idle')
  }, 60_000)

  test('"up to date" is told once the delivered rows are stored, not when the streams finish', async () => {
    const company = await createCompany(env())
    const fx = await ticketFixtures(env(), company.companyId)
    const { ticketId, contactId } = await insertTicket(env(), company.companyId, fx.whatsappId)
    await withSystem(env().services.db, (tx) => tx`
      insert into messages (company_id, ticket_id, contact_id, body)
      select ${company.companyId}, ${ticketId}, ${contactId}, 'mensagem ' || g from generate_series(1, 2000) g`)
    await env().services.sync.runOnce()
    const pg = await localSchemaDatabase()
    // pglite-sync writes what the streams delivered in a transaction: count the ones that ended.
    const transaction = pg.transaction.bind(pg)
    let stored = 0
    pg.transaction = async (fn) => {
      const out = await transaction(fn)
      stored++
      return out
    }
    const storedWhenTold: number[] = []
    const sync = await startSync(pg, {
      shapeUrl: http.url,
      userKey: 'stored',
      getToken: async () => company.adminToken,
      tables: ['messages', 'tickets'],
      onStatus: (st) => {
        if (st.state === 'up-to-date') storedWhenTold.push(stored)
      },
    })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      expect(storedWhenTold[0]).toBeGreaterThan(0)
      expect((await pg.query<{ n: number }>('select count(*)::int as n from messages')).rows[0].n).toBe(2000)
    } finally {
      sync.unsubscribe()
      await pg.close()
    }
  }, 60_000)

  test('a refused token is refreshed and sync goes on', async () => {
    const pg = await localSchemaDatabase()
    const asked: { refresh?: boolean; stale?: string | null }[] = []
    let token = 'not-a-token'
    const getToken: TokenGetter = async (o) => {
      asked.push(o ?? {})
      if (o?.refresh) token = admin.adminToken
      return token
    }
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: 'refresh', getToken, tables: ['users'] })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      expect(asked.filter((o) => o.refresh)).toEqual([{ refresh: true, stale: 'not-a-token' }])
      expect((await pg.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n).toBe(1)
    } finally {
      sync.unsubscribe()
      await pg.close()
    }
  }, 60_000)

  test("the first load goes through pglite-sync's CSV path and every value arrives as stored", async () => {
    const company = await createCompany(env())
    const fx = await ticketFixtures(env(), company.companyId)
    const { ticketId, contactId } = await insertTicket(env(), company.companyId, fx.whatsappId)
    // What its CSV writer would break: a lone carriage return, a body that is exactly \N, an object in jsonb;
    // and what it must quote: commas, quotes, newlines.
    const bodies = ['linha\rsem quebra', '\\N', 'a, "b"\r\nc', '', ' espaços ']
    const schedules = [{ weekday: 'Segunda', startTime: '08:00', endTime: '18:00' }]
    await withSystem(env().services.db, async (tx) => {
      for (const body of bodies) await tx`insert into messages (company_id, ticket_id, contact_id, body) values (${company.companyId}, ${ticketId}, ${contactId}, ${body})`
      await tx`update companies set schedules = ${tx.json(schedules)} where id = ${company.companyId}`
      await tx`update contacts set name = ${'Silva, "Zé"\rJr'} where id = ${contactId}`
    })
    await env().services.sync.runOnce()
    const pg = await localSchemaDatabase()
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: 'csv', getToken: async () => company.adminToken })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      const messages = await pg.query<{ body: string; _fix: string | null }>(`select body, _fix from messages where ticket_id = $1 order by id`, [ticketId])
      expect(messages.rows).toEqual(bodies.map((body) => ({ body, _fix: null })))
      const companies = await pg.query<{ schedules: unknown }>(`select schedules from companies where id = $1`, [company.companyId])
      expect(companies.rows[0].schedules).toEqual(schedules)
      const contacts = await pg.query<{ name: string }>(`select name from contacts where id = $1`, [contactId])
      expect(contacts.rows[0].name).toBe('Silva, "Zé"\rJr')

      // A live update takes the other path (UPDATE): the same encoding, the same trigger.
      await withSystem(env().services.db, (tx) => tx`update messages set body = ${'editada\rde novo'} where ticket_id = ${ticketId} and body = ''`)
      await env().services.sync.runOnce()
      await eventually('the edit', async () => (await pg.query(`select 1 from messages where body = $1`, ['editada\rde novo'])).rows.length === 1, 20_000)
    } finally {
      sync.unsubscribe()
      await pg.close()
    }
  }, 60_000)

  test('a session that cannot be refreshed ends in error ERR_SESSION_EXPIRED', async () => {
    const pg = await localSchemaDatabase()
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: 'over', getToken: async (o) => (o?.refresh ? null : 'stale'), tables: ['users'] })
    try {
      await eventually('error', () => sync.status.get().state === 'error', 20_000)
      expect(sync.status.get().error).toBe('ERR_SESSION_EXPIRED')
    } finally {
      sync.unsubscribe()
      await pg.close()
    }
  }, 60_000)

  test('columns the local table does not know (a newer server) are left out instead of failing', async () => {
    const pg = await localSchemaDatabase()
    await pg.exec(`alter table users drop column color; alter table users drop column default_theme`)
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: 'older-build', getToken: async () => admin.adminToken, tables: ['users'] })
    try {
      await eventually('up-to-date', () => sync.status.get().state === 'up-to-date', 20_000)
      await eventually('rows', async () => (await pg.query(`select 1 from users where email = $1`, [admin.adminEmail])).rows.length === 1)
      await withSystem(env().services.db, (tx) => tx`update users set color = '#123456', name = 'Renamed' where id = ${admin.adminId}`)
      await eventually('update applied', async () => (await pg.query(`select 1 from users where name = 'Renamed'`)).rows.length === 1)
      expect(sync.status.get().state).toBe('up-to-date')
    } finally {
      sync.unsubscribe()
      await pg.close()
    }
  }, 60_000)

  test('a restart resumes the stored subscription without a new snapshot', async () => {
    const pg = await localSchemaDatabase()
    const opts = { shapeUrl: http.url, userKey: 'resume', getToken: async () => admin.adminToken, tables: ['users', 'queues'] }
    const first = await startSync(pg, opts)
    await eventually('up-to-date', () => first.status.get().state === 'up-to-date', 20_000)
    await eventually('committed', async () => (await pg.query(`select 1 from electric.subscriptions_metadata where key = $1`, [subscriptionKey('resume')])).rows.length === 1)
    first.unsubscribe()
    const before = http.requests.length
    const second = await startSync(pg, opts)
    try {
      await eventually('up-to-date again', () => second.status.get().state === 'up-to-date', 20_000)
      const again = http.requests.slice(before).filter((u) => /table=(users|queues)/.test(u))
      expect(again.length).toBeGreaterThan(0)
      expect(again.some((u) => u.includes('offset=-1'))).toBe(false)
    } finally {
      second.unsubscribe()
      await pg.close()
    }
  }, 60_000)
})
