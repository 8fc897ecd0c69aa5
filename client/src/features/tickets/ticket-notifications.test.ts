import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { arrivedUnread, toNotifications, unreadSeen, unreadTicketsQuery, type UnreadRow } from './ticket-notifications.ts'

let pg: PGlite
beforeAll(async () => {
  pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from tickets; delete from contacts; delete from company_settings;
    insert into company_settings (company_id, show_notification_pending) values (1, false);
    insert into contacts (id, company_id, name) values (1, 1, 'Rita'), (2, 1, 'Caio'), (3, 1, 'Lia');
    insert into tickets (id, uuid, company_id, status, contact_id, user_id, unread_messages, last_message, updated_at) values
      (1, '00000000-0000-4000-8000-000000000001', 1, 'open', 1, 7, 2, 'oi, tudo bem? preciso muito de ajuda com a minha conta', '2026-11-01T10:00:00Z'),
      (2, '00000000-0000-4000-8000-000000000002', 1, 'open', 2, 8, 1, 'de outro atendente', '2026-11-01T11:00:00Z'),
      (3, '00000000-0000-4000-8000-000000000003', 1, 'pending', 3, null, 1, 'esperando', '2026-11-01T12:00:00Z');`)
})

const run = async <T,>(q: { sql: string; params: unknown[] }) => (await pg.query<T>(q.sql, q.params)).rows

describe('the bell', () => {
  test("lists the user's open tickets with unread messages; waiting ones only with showNotificationPending", async () => {
    expect(toNotifications(await run<UnreadRow>(unreadTicketsQuery(7)))).toEqual([
      { id: '1', title: 'Rita (2)', text: 'oi, tudo bem? preciso muito de ajuda com...', path: '/tickets/00000000-0000-4000-8000-000000000001' },
    ])
    await pg.exec(`update company_settings set show_notification_pending = true`)
    expect((await run<UnreadRow>(unreadTicketsQuery(7))).map((r) => r.id)).toEqual([3, 1])
  })

  test('alerts for the ticket whose unread count grew, not at the first reading, not in the chat being looked at', () => {
    const row = (id: number, unread: number): UnreadRow => ({ id, uuid: `u${id}`, last_message: 'oi', unread_messages: unread, contact_name: 'Lia' })
    const list = [row(3, 2), row(1, 1)]
    const view = { visible: true, path: '/tickets' }
    // What was there when the app opened rings no chime.
    expect(arrivedUnread(list, null, view)).toBeUndefined()
    const seen = unreadSeen(list)
    expect(arrivedUnread(list, seen, view)).toBeUndefined()
    // Ticket 1 got a message (and moved to the top), the newest that grew is the one.
    expect(arrivedUnread([row(1, 2), row(3, 2)], seen, view)?.id).toBe(1)
    // A ticket that rings again (read, then written to) or for the first time.
    expect(arrivedUnread([row(5, 1), ...list], seen, view)?.id).toBe(5)
    // Read (its count back to 0, so gone from the list): nothing.
    expect(arrivedUnread([row(3, 2)], seen, view)).toBeUndefined()
    // The chat on screen does not ring; hidden, it does.
    expect(arrivedUnread([row(1, 2), row(3, 2)], seen, { visible: true, path: '/tickets/u1' })).toBeUndefined()
    expect(arrivedUnread([row(1, 2), row(3, 2)], seen, { visible: false, path: '/tickets/u1' })?.id).toBe(1)
  })
})
