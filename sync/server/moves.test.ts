import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Shape, ShapeStream } from '@electric-sql/client'
import type { PGlite } from '@electric-sql/pglite'
import type { Tx } from '../../server/db/connect.ts'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { eventually, insertTicket, localDatabase, serve, ticketFixtures } from '../../test/sync-support.ts'

/**
 * Issue 13 §1: rows that hang off a ticket (messages, notes, ticket tags) come into a user's shapes with
 * their history when the ticket comes into her view, and leave when it leaves, through pglite-sync and the
 * official client unchanged.
 */
const CHILD_TABLES = ['tickets', 'messages', 'ticket_notes', 'ticket_tags']

type Local = PGlite & { electric: { syncShapesToTables: (o: unknown) => Promise<{ unsubscribe(): void }> } }

/** A browser of `token`: its own PGlite syncing the ticket tables, and what it holds of one ticket. */
async function browserOf(env: TestEnv, url: string, token: string) {
  const local = (await localDatabase(env, CHILD_TABLES)) as Local
  const errors: unknown[] = []
  const shapes = Object.fromEntries(
    CHILD_TABLES.map((table) => [
      table,
      { shape: { url, params: { table }, headers: { Authorization: `Bearer ${token}` }, onError: (e: unknown) => void errors.push(e) }, table, primaryKey: table === 'ticket_tags' ? ['ticket_id', 'tag_id'] : ['id'] },
    ]),
  )
  let upToDate = false
  const sync = await local.electric.syncShapesToTables({ key: null, shapes, onInitialSync: () => (upToDate = true) })
  await eventually('the first sync', () => upToDate, 30_000)
  const held = async (ticketId: number) => {
    const { rows } = await local.query<{ t: number; m: number; n: number; g: number }>(
      `select (select count(*)::int from tickets where id = $1) as t, (select count(*)::int from messages where ticket_id = $1) as m,
              (select count(*)::int from ticket_notes where ticket_id = $1) as n, (select count(*)::int from ticket_tags where ticket_id = $1) as g`,
      [ticketId],
    )
    return rows[0]
  }
  return {
    local,
    errors,
    held,
    async close() {
      sync.unsubscribe()
      await local.close()
    },
  }
}

describeEachBackend("a ticket's children follow it", (env) => {
  let http: ReturnType<typeof serve>
  let company: Awaited<ReturnType<typeof createCompany>>
  let fx: Awaited<ReturnType<typeof ticketFixtures>>
  const stop = new AbortController()

  beforeAll(async () => {
    http = serve(env())
    company = await createCompany(env())
    fx = await ticketFixtures(env(), company.companyId)
  }, 60_000)
  afterAll(() => {
    stop.abort()
    http.stop()
  })

  const sql = <T>(fn: (tx: Tx) => Promise<T>) => withSystem(env().services.db, fn)

  /** A ticket of queue B with a history: `messages` messages, a note and a tag. */
  async function ticketWithHistory(messages: number, fields: Record<string, unknown> = { queueId: fx.queueB }) {
    const { ticketId, contactId } = await insertTicket(env(), company.companyId, fx.whatsappId, fields)
    await sql(async (tx) => {
      for (let i = 0; i < messages; i++) await tx`insert into messages (company_id, ticket_id, body) values (${company.companyId}, ${ticketId}, ${`history ${i}`})`
      await tx`insert into ticket_notes (company_id, ticket_id, contact_id, user_id, note) values (${company.companyId}, ${ticketId}, ${contactId}, ${company.adminId}, 'a note')`
      const [tag] = await tx`insert into tags (company_id, name, color) values (${company.companyId}, ${`tag ${ticketId}`}, '#123456') returning id`
      await tx`insert into ticket_tags (company_id, ticket_id, tag_id) values (${company.companyId}, ${ticketId}, ${tag.id})`
    })
    return ticketId
  }
  const setTicket = (ticketId: number, fields: Record<string, unknown>) => sql((tx) => tx`update tickets set ${tx(fields)} where id = ${ticketId}`)

  test('a ticket transferred to a user arrives with its whole history, and leaves with it when transferred away', async () => {
    const ana = await createUser(env(), company.companyId)
    const bruno = await createUser(env(), company.companyId)
    const ticketId = await ticketWithHistory(8)
    const browser = await browserOf(env(), http.url, ana.token)
    try {
      expect(await browser.held(ticketId)).toEqual({ t: 0, m: 0, n: 0, g: 0 })
      await setTicket(ticketId, { userId: ana.id, status: 'open' })
      await eventually('the history in her database', async () => (await browser.held(ticketId)).m === 8, 15_000)
      expect(await browser.held(ticketId)).toEqual({ t: 1, m: 8, n: 1, g: 1 })

      // Later messages arrive as usual, once.
      await sql((tx) => tx`insert into messages (company_id, ticket_id, body) values (${company.companyId}, ${ticketId}, 'after the transfer')`)
      await eventually('the new message', async () => (await browser.held(ticketId)).m === 9)

      await setTicket(ticketId, { userId: bruno.id })
      await eventually('the ticket and its rows gone', async () => {
        const h = await browser.held(ticketId)
        return h.t + h.m + h.n + h.g === 0
      }, 15_000)
      expect(browser.errors).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)

  test('the official client sees the messages come and go with the ticket', async () => {
    const ana = await createUser(env(), company.companyId)
    const ticketId = await ticketWithHistory(5)
    const [{ ids }] = await sql((tx) => tx<{ ids: number[] }[]>`select array_agg(id order by id) as ids from messages where ticket_id = ${ticketId}`)
    const shape = new Shape(new ShapeStream({ url: http.url, params: { table: 'messages' }, headers: { Authorization: `Bearer ${ana.token}` }, signal: stop.signal }))
    const idsOf = async () => ((await shape.rows) as { id: number; ticket_id: number }[]).filter((m) => m.ticket_id === ticketId).map((m) => Number(m.id)).sort((a, b) => a - b)
    expect(await idsOf()).toEqual([])
    await setTicket(ticketId, { userId: ana.id })
    await eventually('the messages moved in', async () => (await idsOf()).length === ids.length, 15_000)
    expect(await idsOf()).toEqual(ids.map(Number))
    await setTicket(ticketId, { userId: null })
    await eventually('the messages moved out', async () => (await idsOf()).length === 0, 15_000)
  }, 60_000)

  test('a ticket accepted by someone else leaves the user who saw it only as unassigned, and a group flag hides it', async () => {
    const ana = await createUser(env(), company.companyId, { allTicket: 'enable' })
    const bruno = await createUser(env(), company.companyId)
    const waiting = await ticketWithHistory(3, {})
    const mine = await ticketWithHistory(2, { userId: ana.id })
    const browser = await browserOf(env(), http.url, ana.token)
    try {
      await eventually('the waiting ticket, seen through allTicket', async () => (await browser.held(waiting)).m === 3)
      await setTicket(waiting, { userId: bruno.id, queueId: fx.queueB, status: 'open' })
      await eventually('the accepted ticket gone', async () => {
        const h = await browser.held(waiting)
        return h.t + h.m + h.n + h.g === 0
      }, 15_000)

      expect((await browser.held(mine)).m).toBe(2)
      await setTicket(mine, { isGroup: true }) // Ana lacks allowGroup
      await eventually('the group ticket gone', async () => (await browser.held(mine)).m === 0, 15_000)
      await setTicket(mine, { isGroup: false })
      await eventually('the ticket back with its history', async () => (await browser.held(mine)).m === 2, 15_000)
      expect(browser.errors).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)

  // Held long-polls last 20 s: these changes must reach the user well before one ends.
  const SCOPE_MS = 10_000

  test("a user added to a queue receives its tickets with their history; taken out, they leave her database", async () => {
    const ana = await createUser(env(), company.companyId)
    const inB = await ticketWithHistory(4)
    const browser = await browserOf(env(), http.url, ana.token)
    try {
      expect((await browser.held(inB)).t).toBe(0)
      await sql((tx) => tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${ana.id}, ${fx.queueB})`)
      await eventually('the queue tickets with their history', async () => {
        const h = await browser.held(inB)
        return h.t === 1 && h.m === 4 && h.n === 1 && h.g === 1
      }, SCOPE_MS)
      await sql((tx) => tx`delete from user_queues where user_id = ${ana.id}`)
      await eventually('the queue tickets gone', async () => {
        const h = await browser.held(inB)
        return h.t + h.m + h.n + h.g === 0
      }, SCOPE_MS)
      expect(browser.errors).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)

  test('allTicket switched on brings the tickets without a queue with their messages; off takes them away', async () => {
    const ana = await createUser(env(), company.companyId)
    const unassigned = await ticketWithHistory(3, {})
    const browser = await browserOf(env(), http.url, ana.token)
    try {
      expect((await browser.held(unassigned)).t).toBe(0)
      await sql((tx) => tx`update users set all_ticket = 'enable' where id = ${ana.id}`)
      await eventually('the unassigned ticket with its history', async () => (await browser.held(unassigned)).m === 3, SCOPE_MS)
      await sql((tx) => tx`update users set all_ticket = 'disable' where id = ${ana.id}`)
      await eventually('the unassigned ticket gone', async () => (await browser.held(unassigned)).t + (await browser.held(unassigned)).m === 0, SCOPE_MS)
      expect(browser.errors).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)

  test('messages written while the ticket is transferred are neither lost nor doubled', async () => {
    const ana = await createUser(env(), company.companyId)
    const ticketId = await ticketWithHistory(20)
    const browser = await browserOf(env(), http.url, ana.token)
    try {
      const writers = Array.from({ length: 4 }, (_, w) =>
        (async () => {
          for (let i = 0; i < 15; i++) {
            await sql(async (tx) => {
              await tx`insert into messages (company_id, ticket_id, body) values (${company.companyId}, ${ticketId}, ${`race ${w}.${i}`})`
              await tx`update tickets set last_message = ${`race ${w}.${i}`} where id = ${ticketId}`
            })
          }
        })(),
      )
      await Bun.sleep(5)
      await setTicket(ticketId, { userId: ana.id })
      await Promise.all(writers)
      const [{ n }] = await sql((tx) => tx<{ n: number }[]>`select count(*)::int as n from messages where ticket_id = ${ticketId}`)
      expect(n).toBe(80)
      await eventually('every message once', async () => (await browser.held(ticketId)).m === 80, 20_000)
      const { rows } = await browser.local.query<{ body: string; n: number }>(`select body, count(*)::int as n from messages where ticket_id = $1 group by body having count(*) > 1`, [ticketId])
      expect(rows).toEqual([])
      expect(browser.errors).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)
})
