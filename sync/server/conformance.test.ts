import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Shape, ShapeStream } from '@electric-sql/client'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser, superToken } from '../../test/factories.ts'
import { eventually, insertTicket, localDatabase, serve, ticketFixtures } from '../../test/sync-support.ts'

/**
 * Our /v1/shape against the official @electric-sql/client and @electric-sql/pglite-sync, unchanged,
 * with an in-memory PGlite as the client database (issue 3 "Tests").
 */
describeEachBackend('shape protocol with the official clients', (env) => {
  let http: ReturnType<typeof serve>
  let admin: { companyId: number; adminToken: string }
  let fx: Awaited<ReturnType<typeof ticketFixtures>>
  const stop = new AbortController()
  const stream = (table: string, token: string, extra: Record<string, string> = {}) =>
    new ShapeStream({ url: http.url, params: { table, ...extra }, headers: { Authorization: `Bearer ${token}` }, signal: stop.signal })

  beforeAll(async () => {
    http = serve(env())
    admin = await createCompany(env())
    fx = await ticketFixtures(env(), admin.companyId)
  }, 60_000)
  afterAll(() => {
    stop.abort()
    http.stop()
  })

  test('an initial sync gives the rows with values typed by the schema header', async () => {
    const { ticketId } = await insertTicket(env(), admin.companyId, fx.whatsappId, { queueId: fx.queueA, lastMessage: 'Olá / tudo bem?' })
    const rows = await new Shape(stream('tickets', admin.adminToken)).rows
    const row = rows.find((r) => r.id === ticketId)!
    expect(row).toMatchObject({ id: ticketId, company_id: admin.companyId, status: 'pending', queue_id: fx.queueA, is_group: false })
    expect(row.last_message).toBe('Olá / tudo bem?')
    expect(typeof row.uuid).toBe('string')
    expect(row.data_webhook).toBeUndefined()
  })

  test('a snapshot is private to its user: no shared cache keeps it (issue 16 item 10)', async () => {
    const res = await env().app.request('/v1/shape?table=tickets&offset=-1', { headers: { authorization: `Bearer ${admin.adminToken}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toStartWith('private')
    expect(res.headers.get('cache-control')).not.toContain('public')
    expect(res.headers.get('vary')).toContain('Authorization')
  })

  test('live inserts, updates and deletes arrive within one long-poll', async () => {
    const shape = new Shape(stream('tickets', admin.adminToken))
    await shape.rows
    const { ticketId } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    await eventually('insert', () => shape.currentRows.some((r) => r.id === ticketId))
    await withSystem(env().services.db, (tx) => tx`update tickets set status = 'open', unread_messages = 3 where id = ${ticketId}`)
    await eventually('update', () => shape.currentRows.some((r) => r.id === ticketId && r.status === 'open' && r.unread_messages === 3))
    await withSystem(env().services.db, (tx) => tx`delete from tickets where id = ${ticketId}`)
    await eventually('delete', () => !shape.currentRows.some((r) => r.id === ticketId))
  })

  test('an update sends the key and the changed columns only', async () => {
    const { ticketId } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    const s = stream('tickets', admin.adminToken)
    const seen: Record<string, unknown>[] = []
    s.subscribe((msgs) => {
      for (const m of msgs) if ('key' in m && m.headers.operation === 'update') seen.push(m.value as Record<string, unknown>)
    })
    await new Shape(s).rows
    await withSystem(env().services.db, (tx) => tx`update tickets set unread_messages = 7 where id = ${ticketId}`)
    await eventually('update message', () => seen.find((v) => v.id === ticketId))
    const v = seen.find((x) => x.id === ticketId)!
    expect(Object.keys(v).sort()).toEqual(['id', 'unread_messages', 'updated_at'].sort())
  })

  test('a transaction over two tables is applied atomically by pglite-sync', async () => {
    const local = await localDatabase(env(), ['tickets', 'messages'])
    const sync = await local.electric.syncShapesToTables({
      key: null,
      shapes: {
        tickets: { shape: { url: http.url, params: { table: 'tickets' }, headers: { Authorization: `Bearer ${admin.adminToken}` } }, table: 'tickets', primaryKey: ['id'] },
        messages: { shape: { url: http.url, params: { table: 'messages' }, headers: { Authorization: `Bearer ${admin.adminToken}` } }, table: 'messages', primaryKey: ['id'] },
      },
    })
    const mismatches: string[] = []
    let watching = true
    const watcher = (async () => {
      while (watching) {
        const { rows } = await local.query<{ t: number; m: number }>(
          `select (select count(*)::int from tickets where last_message like 'pair %') as t, (select count(*)::int from messages where body like 'pair %') as m`,
        )
        if (rows[0].t !== rows[0].m) mismatches.push(JSON.stringify(rows[0]))
        await Bun.sleep(1)
      }
    })()
    for (let i = 0; i < 10; i++) {
      await withSystem(env().services.db, async (tx) => {
        const [c] = await tx`insert into contacts (company_id, name, number) values (${admin.companyId}, 'Par', ${`55119${i}${Date.now() % 100000}`}) returning id`
        const [t] = await tx`insert into tickets (company_id, contact_id, whatsapp_id, last_message) values (${admin.companyId}, ${c.id}, ${fx.whatsappId}, ${`pair ${i}`}) returning id`
        await tx`insert into messages (company_id, ticket_id, body) values (${admin.companyId}, ${t.id}, ${`pair ${i}`})`
      })
    }
    await eventually('all pairs', async () => (await local.query<{ n: number }>(`select count(*)::int as n from messages where body like 'pair %'`)).rows[0].n === 10)
    watching = false
    await watcher
    sync.unsubscribe()
    await local.close()
    expect(mismatches).toEqual([])
  })

  test('a rotated handle answers 409 and the client refetches to the same rows', async () => {
    const s = stream('tickets', admin.adminToken)
    const shape = new Shape(s)
    const before = (await shape.rows).length
    let refetched = false
    s.subscribe((msgs) => {
      if (msgs.some((m) => 'headers' in m && (m.headers as { control?: string }).control === 'must-refetch')) refetched = true
    })
    await withSystem(env().services.db, (tx) => tx`delete from sync_handles where handle = ${s.shapeHandle!}`)
    await insertTicket(env(), admin.companyId, fx.whatsappId)
    await eventually('refetch', () => refetched)
    await eventually('rows after refetch', () => shape.currentRows.length === before + 1)
  })

  test('a client resumes from its stored offset without a new snapshot', async () => {
    const first = new AbortController()
    const s1 = new ShapeStream({ url: http.url, params: { table: 'tickets' }, headers: { Authorization: `Bearer ${admin.adminToken}` }, signal: first.signal })
    await new Shape(s1).rows
    const resumeAt = { offset: s1.lastOffset, handle: s1.shapeHandle! }
    first.abort()
    const { ticketId } = await insertTicket(env(), admin.companyId, fx.whatsappId)
    const before = http.requests.length
    const s2 = new ShapeStream({
      url: http.url,
      params: { table: 'tickets' },
      headers: { Authorization: `Bearer ${admin.adminToken}` },
      offset: resumeAt.offset,
      handle: resumeAt.handle,
      signal: stop.signal,
    })
    const got: number[] = []
    s2.subscribe((msgs) => {
      for (const m of msgs) if ('key' in m) got.push((m.value as { id: number }).id)
    })
    await eventually('resumed change', () => got.includes(ticketId))
    expect(got).toEqual([ticketId])
    expect(http.requests.slice(before).some((u) => u.includes('offset=-1'))).toBe(false)
  })

  test('overlapping writers never lose a change', async () => {
    const shape = new Shape(stream('tickets', admin.adminToken))
    await shape.rows
    const db = env().services.db
    // Transactions that start in one order and commit in another; on Postgres they truly overlap.
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withSystem(db, async (tx) => {
          const [c] = await tx`insert into contacts (company_id, name, number) values (${admin.companyId}, 'Overlap', ${`5521${i}${Date.now() % 1000000}`}) returning id`
          if (env().backend === 'postgres') await tx`select pg_sleep(${(12 - i) * 0.01})`
          const [t] = await tx`insert into tickets (company_id, contact_id, whatsapp_id) values (${admin.companyId}, ${c.id}, ${fx.whatsappId}) returning id`
          return t.id as number
        }),
      ),
    )
    await eventually('every overlapping insert', () => ids.every((id) => shape.currentRows.some((r) => r.id === id)), 15000)
  })
})

describeEachBackend('shape scoping by the server', (env) => {
  let http: ReturnType<typeof serve>
  const stop = new AbortController()
  const rowsOf = async (table: string, token: string, params: Record<string, string> = {}) => {
    const s = new ShapeStream({ url: http.url, params: { table, ...params }, headers: { Authorization: `Bearer ${token}` }, signal: stop.signal })
    return (await new Shape(s).rows) as Record<string, unknown>[]
  }
  beforeAll(() => {
    http = serve(env())
  })
  afterAll(() => {
    stop.abort()
    http.stop()
  })

  test("crafted table, where, params and columns never give company B a row of company A", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const fa = await ticketFixtures(env(), a.companyId)
    await insertTicket(env(), a.companyId, fa.whatsappId)
    const crafted = [
      { table: 'tickets', where: 'true' },
      { table: 'tickets', where: `company_id = ${a.companyId}` },
      { table: 'tickets', where: 'company_id = $1', 'params[1]': String(a.companyId) },
      { table: 'users', columns: '"id","password_hash","company_id"' },
      { table: 'public.users', where: '1=1) or (1=1' },
      { table: '"public"."contacts"' },
    ]
    for (const p of crafted) {
      const { table, ...rest } = p
      const rows = await rowsOf(table, b.adminToken, rest as Record<string, string>)
      expect(rows.every((r) => (r.company_id ?? r.companyId) === b.companyId)).toBe(true)
      expect(rows.some((r) => 'password_hash' in r)).toBe(false)
    }
  })

  test('tables outside the catalogue answer 400', async () => {
    const token = await superToken(env())
    for (const table of ['sync_log', 'system_secrets', 'auth_sessions', 'pg_authid', 'users;drop table users']) {
      const res = await fetch(`${http.url}?table=${encodeURIComponent(table)}&offset=-1`, { headers: { authorization: `Bearer ${token}` } })
      expect(res.status).toBe(400)
      expect((await res.json()).message).toBe('Invalid request')
    }
    const anon = await fetch(`${http.url}?table=tickets&offset=-1`)
    expect(anon.status).toBe(401)
  })

  test('a plain user receives only tickets of their queues or assigned to them, and masked numbers', async () => {
    const a = await createCompany(env())
    const fx = await ticketFixtures(env(), a.companyId)
    const u = await createUser(env(), a.companyId)
    await withSystem(env().services.db, async (tx) => {
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${a.companyId}, ${u.id}, ${fx.queueA})`
      await tx`update company_settings set lgpd_hide_number = 'enabled' where company_id = ${a.companyId}`
    })
    const inQueue = await insertTicket(env(), a.companyId, fx.whatsappId, { queueId: fx.queueA })
    const otherQueue = await insertTicket(env(), a.companyId, fx.whatsappId, { queueId: fx.queueB })
    const mine = await insertTicket(env(), a.companyId, fx.whatsappId, { queueId: fx.queueB, userId: u.id })
    const noQueue = await insertTicket(env(), a.companyId, fx.whatsappId)
    const group = await insertTicket(env(), a.companyId, fx.whatsappId, { queueId: fx.queueA, isGroup: true })
    const token = u.token
    const seen = (await rowsOf('tickets', token)).map((r) => r.id).sort()
    expect(seen).toEqual([inQueue.ticketId, mine.ticketId].sort())
    expect(seen).not.toContain(otherQueue.ticketId)
    expect(seen).not.toContain(noQueue.ticketId)
    expect(seen).not.toContain(group.ticketId)
    const adminSeen = (await rowsOf('tickets', a.adminToken)).map((r) => r.id)
    expect(adminSeen).toEqual(expect.arrayContaining([otherQueue.ticketId, noQueue.ticketId]))
    // Group tickets need allowGroup, admins included (spec part 1 §6 "Group tab needs allowGroup").
    expect(adminSeen).not.toContain(group.ticketId)
    await withSystem(env().services.db, (tx) => tx`update users set allow_group = true where id = ${a.adminId}`)
    expect((await rowsOf('tickets', a.adminToken)).map((r) => r.id)).toContain(group.ticketId)
    const contactsUser = await rowsOf('contacts', token)
    expect(contactsUser.length).toBeGreaterThan(0)
    expect(contactsUser.every((c) => /^\*+\d{2}$/.test(String(c.number)))).toBe(true)
    const contactsAdmin = await rowsOf('contacts', a.adminToken)
    expect(contactsAdmin.every((c) => /^\d+$/.test(String(c.number)))).toBe(true)
  })

  test("quick messages: the general ones, the shared ones and the user's own; not another user's private one", async () => {
    const a = await createCompany(env())
    const u = await createUser(env(), a.companyId)
    const other = await createUser(env(), a.companyId)
    const ids = await withSystem(env().services.db, async (tx) => {
      const row = (shortcode: string, userId: number, geral: boolean, visao: boolean) =>
        tx<{ id: number }[]>`insert into quick_messages (company_id, user_id, shortcode, message, geral, visao)
                             values (${a.companyId}, ${userId}, ${shortcode}, 'texto', ${geral}, ${visao}) returning id`.then((r) => r[0].id)
      return {
        general: await row('geral', a.adminId, true, true),
        shared: await row('compartilhada', other.id, false, true),
        own: await row('minha', u.id, false, false),
        hidden: await row('privada', other.id, false, false),
      }
    })
    const seen = (await rowsOf('quick_messages', u.token)).map((r) => r.id).sort()
    expect(seen).toEqual([ids.general, ids.shared, ids.own].sort())
  })
})

describeEachBackend('change log retention', (env) => {
  test('a reader behind the purged log gets 409 and refetches the current rows', async () => {
    const { purgeSyncLog } = await import('./retention.ts')
    const http = serve(env())
    const stop = new AbortController()
    try {
      const a = await createCompany(env())
      const fx = await ticketFixtures(env(), a.companyId)
      await insertTicket(env(), a.companyId, fx.whatsappId)
      const first = new AbortController()
      const s1 = new ShapeStream({ url: http.url, params: { table: 'tickets' }, headers: { Authorization: `Bearer ${a.adminToken}` }, signal: first.signal })
      await new Shape(s1).rows
      const resumeAt = { offset: s1.lastOffset, handle: s1.shapeHandle! }
      first.abort()
      const later = await insertTicket(env(), a.companyId, fx.whatsappId)
      await env().services.sync.runOnce()
      await withSystem(env().services.db, (tx) => purgeSyncLog(tx, new Date(Date.now() + 60_000), 0))
      const res = await fetch(`${http.url}?table=tickets&offset=${resumeAt.offset}&handle=${resumeAt.handle}`, {
        headers: { authorization: `Bearer ${a.adminToken}` },
      })
      expect(res.status).toBe(409)
      const s2 = new ShapeStream({
        url: http.url, params: { table: 'tickets' }, headers: { Authorization: `Bearer ${a.adminToken}` },
        offset: resumeAt.offset, handle: resumeAt.handle, signal: stop.signal,
      })
      const shape = new Shape(s2)
      await eventually('refetched rows', () => shape.currentRows.some((r) => r.id === later.ticketId))
    } finally {
      stop.abort()
      http.stop()
    }
  })
})
