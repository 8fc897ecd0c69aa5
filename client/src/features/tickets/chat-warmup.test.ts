import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { eventually } from '../../../../test/sync-support.ts'
import { watchQuery, type LiveDb } from '../../lib/live-query.ts'
import { WARM_CHATS, warmChats } from './chat-warmup.ts'
import { CHAT_PAGE_SIZE, chatPageQuery } from './ticket-messages.ts'
import { ticketByUuidQuery, ticketListQuery, toTicketListItem } from './tickets.ts'

let pg: PGlite
let runs: string[]
/** A database handle of its own: its kept queries start empty. */
const freshDb = (): LiveDb => ({ query: ((sql: string, params?: unknown[]) => (runs.push(sql), pg.query(sql, params))) as LiveDb['query'], listen: pg.listen.bind(pg) })
const noIdleWait = () => Promise.resolve()
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

beforeAll(async () => {
  pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
  await pg.exec(`
    insert into users (id, company_id, name) values (1, 1, 'Ana');
    insert into contacts (id, company_id, name, number) select g, 1, 'Cliente ' || g, '55119' || g from generate_series(1, 20) g;
    insert into tickets (id, uuid, company_id, status, contact_id, whatsapp_id, user_id, last_message, updated_at)
      select g, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 1, 'open', g, 5, 1, 'oi ' || g, now() - make_interval(mins => g)
        from generate_series(1, 20) g;
    insert into messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
      select g, 1, 1 + g % 20, 1 + g % 20, 5, 'mensagem ' || g, g % 2 = 0, now() - make_interval(secs => 1000 - g) from generate_series(1, 200) g;`)
})
afterAll(() => pg.close())

async function listed() {
  const q = ticketListQuery({ tab: 'open', userId: 1, showAll: false, queueIds: null, search: '', searchMessages: false, order: 'desc', limit: 40 })
  return (await pg.query<Parameters<typeof toTicketListItem>[0]>(q.sql, q.params)).rows.map(toTicketListItem)
}

describe('chats read ahead of a click', () => {
  test("the first tickets' header and messages are kept, so opening one paints them with no query", async () => {
    const tickets = await listed()
    expect(tickets.length).toBe(20)
    const db = freshDb()
    runs = []
    await warmChats(db, tickets, new AbortController().signal, noIdleWait)
    // Two queries a chat, for the first WARM_CHATS rows only.
    expect(runs.length).toBe(2 * WARM_CHATS)
    runs = []
    for (const [i, t] of tickets.entries()) {
      const header: unknown[][] = []
      const page: { body: string }[][] = []
      const stops = [
        watchQuery(db, ticketByUuidQuery(t.uuid), (rows) => header.push(rows), (err) => {
          throw err
        }),
        watchQuery<{ body: string }>(db, chatPageQuery(t, CHAT_PAGE_SIZE), (rows) => page.push(rows), (err) => {
          throw err
        }),
      ]
      // Read ahead: answered within the watch call itself; the rest wait for their query.
      expect(header.length).toBe(i < WARM_CHATS ? 1 : 0)
      expect(page.length).toBe(i < WARM_CHATS ? 1 : 0)
      await eventually('the chat', () => header.length > 0 && page.length > 0, 5_000, 5)
      expect((header[0][0] as { uuid: string }).uuid).toBe(t.uuid)
      expect(page[0].length).toBe(10)
      expect(page[0].every((m) => m.body.startsWith('mensagem '))).toBe(true)
      for (const stop of stops) stop()
    }
    expect(runs.length).toBe(2 * (tickets.length - WARM_CHATS))
  }, 60_000)

  test('stops once the list it was reading for is gone', async () => {
    const tickets = (await listed()).reverse()
    const db = freshDb()
    runs = []
    const stop = new AbortController()
    let waits = 0
    await warmChats(db, tickets, stop.signal, async () => {
      if (++waits === 3) stop.abort()
    })
    expect(runs.length).toBe(4)
    expect(tickets[0].uuid).toBe(uuid(20))
  }, 60_000)
})
