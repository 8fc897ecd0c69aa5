import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { latestInboundQuery, shouldAlert, toNotifications, unreadTicketsQuery, type InboundRow, type UnreadRow } from './ticket-notifications.ts'

let pg: PGlite
beforeAll(async () => {
  pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from tickets; delete from contacts; delete from messages; delete from company_settings;
    insert into company_settings (company_id, show_notification_pending) values (1, false);
    insert into contacts (id, company_id, name) values (1, 1, 'Rita'), (2, 1, 'Caio'), (3, 1, 'Lia');
    insert into tickets (id, uuid, company_id, status, contact_id, user_id, unread_messages, last_message, updated_at) values
      (1, '00000000-0000-4000-8000-000000000001', 1, 'open', 1, 7, 2, 'oi, tudo bem? preciso muito de ajuda com a minha conta', '2026-11-01T10:00:00Z'),
      (2, '00000000-0000-4000-8000-000000000002', 1, 'open', 2, 8, 1, 'de outro atendente', '2026-11-01T11:00:00Z'),
      (3, '00000000-0000-4000-8000-000000000003', 1, 'pending', 3, null, 1, 'esperando', '2026-11-01T12:00:00Z');
    insert into messages (id, company_id, ticket_id, body, from_me, created_at) values
      (10, 1, 1, 'oi', false, now()), (11, 1, 2, 'outro', false, now()), (12, 1, 3, 'esperando', false, now()), (13, 1, 1, 'nossa resposta', true, now());`)
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

  test('the newest message from a contact on a ringing ticket, not ours and not other users\' tickets', async () => {
    expect((await run<InboundRow>(latestInboundQuery(7))).map((r) => Number(r.id))).toEqual([10])
    await pg.exec(`update company_settings set show_notification_pending = true`)
    expect((await run<InboundRow>(latestInboundQuery(7))).map((r) => Number(r.id))).toEqual([12])
  })

  test('alerts only for a message newer than the last seen, and not in the chat being looked at', () => {
    const row: InboundRow = { id: 12, body: 'x', media_type: 'chat', uuid: 'u1', contact_name: 'Lia' }
    expect(shouldAlert(row, null, { visible: true, path: '/tickets' })).toBe(false)
    expect(shouldAlert(row, 12, { visible: true, path: '/tickets' })).toBe(false)
    expect(shouldAlert(row, 10, { visible: true, path: '/tickets' })).toBe(true)
    expect(shouldAlert(row, 10, { visible: true, path: '/tickets/u1' })).toBe(false)
    expect(shouldAlert(row, 10, { visible: false, path: '/tickets/u1' })).toBe(true)
  })
})
