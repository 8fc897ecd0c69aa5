import 'fake-indexeddb/auto'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { openOfflineOutbox } from '../../../../sync/client/offline-outbox.ts'
import type { Outbox } from '../../../../sync/client/outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { sendWithEcho } from './ticket-actions.ts'
import { chatMessagesQuery, toChatMessage } from './ticket-messages.ts'
import { dropEchoes, echoesOf, withEchoes } from './send-echo.ts'

let pg: PGlite
let outbox: Outbox
beforeAll(async () => {
  pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
  await pg.exec(`
    insert into contacts (id, company_id, name, number) values (100, 1, 'João', '5511999990001');
    insert into tickets (id, uuid, company_id, status, contact_id, whatsapp_id, user_id) values (1, '00000000-0000-4000-8000-000000000001', 1, 'open', 100, 5, 1);
    insert into messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, created_at) values (2, 1, 1, 100, 5, 'quero comprar', false, 0, '2026-11-01T10:00:00Z');`)
  outbox = await openOfflineOutbox()
})
afterAll(async () => {
  outbox.close()
  await pg.close()
})

async function rows() {
  const q = chatMessagesQuery({ ticketId: 1, contactId: 100, whatsappId: 5 }, 50)
  const { rows } = await pg.query<Parameters<typeof toChatMessage>[0] & { sent_as: string | null }>(q.sql, q.params)
  return { messages: rows.map(toChatMessage).reverse(), held: new Set(rows.map((r) => r.sent_as).filter((id): id is string => !!id)) }
}

test('a reply shows from memory before its write, once with its local row, once after it synced, quote filled', async () => {
  const sending = sendWithEcho({ pg, outbox }, 1, { body: 'qual pedido?', isPrivate: false, quotedMsgId: 2 })
  // Synchronously there: nothing has reached the database yet.
  const [echo] = echoesOf(1)
  expect(echo).toMatchObject({ key: `local-${echo.clientId}`, body: 'qual pedido?', local: true, ack: 0, fromMe: true })
  const before = await rows()
  expect(withEchoes(before.messages, echoesOf(1), before.held).map((m) => [m.body, m.quoted?.body ?? null])).toEqual([
    ['quero comprar', null],
    ['qual pedido?', 'quero comprar'],
  ])
  const clientId = await sending
  expect(clientId).toBe(echo.clientId!)
  // The local row holds it: the same key, shown once, and the echo can go.
  const local = await rows()
  expect(withEchoes(local.messages, echoesOf(1), local.held).filter((m) => m.body === 'qual pedido?').map((m) => m.key)).toEqual([`local-${clientId}`])
  // Synced (its local write gone): still once.
  await pg.query(`insert into messages (id, company_id, ticket_id, body, from_me, ack, created_at, client_id) values (50, 1, 1, 'qual pedido?', true, 1, now(), $1)`, [clientId])
  await pg.query(`delete from local_writes where client_id = $1`, [clientId])
  const synced = await rows()
  expect(withEchoes(synced.messages, echoesOf(1), synced.held).filter((m) => m.body === 'qual pedido?').map((m) => m.id)).toEqual([50])
  dropEchoes(1, synced.held)
  expect(echoesOf(1)).toEqual([])
})

test('a write the local database refuses takes its bubble back', async () => {
  const refusing = { pg, outbox: { ...outbox, enqueue: async () => Promise.reject(new Error('quota exceeded')) } as unknown as Outbox }
  const sending = sendWithEcho(refusing, 1, { body: 'não vai', isPrivate: false })
  expect(echoesOf(1).map((m) => m.body)).toEqual(['não vai'])
  await expect(sending).rejects.toThrow('quota exceeded')
  expect(echoesOf(1)).toEqual([])
  const { rows: writes } = await pg.query<{ n: number }>(`select count(*)::int as n from local_writes where value->>'body' = 'não vai'`)
  expect(writes[0].n).toBe(0)
})
