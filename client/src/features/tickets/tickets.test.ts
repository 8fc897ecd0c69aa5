import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { live } from '@electric-sql/pglite/live'
import { updateTicketSchema } from '../../../../server/routes/tickets.schema.ts'
import { editMessageSchema, sendMessageSchema } from '../../../../server/routes/messages.schema.ts'
import { openOfflineOutbox } from '../../../../sync/client/offline-outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { queueDeleteMessage, queueEditMessage, queueSendMessage, queueTicketUpdate } from './ticket-actions.ts'
import { queueAddNote, queueAddTicketTag, queueRemoveTicketTag, ticketNotesQuery, ticketTagsQuery } from './ticket-extras.ts'
import { createNoteSchema } from '../../../../server/routes/ticket-notes.schema.ts'
import { ackIcon, chatMessagesQuery, reuseMessages, sameMessage, toChatMessage } from './ticket-messages.ts'
import { chatTicket, keepShown, ticketByUuidQuery, ticketListQuery, toTicketListItem, truncate, type OpenTicket, type TicketListFilter } from './tickets.ts'

let pg: PGlite & { live: import('@electric-sql/pglite/live').LiveNamespace }
beforeAll(async () => {
  pg = await PGlite.create('memory://', { extensions: { live } })
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from tickets; delete from contacts; delete from messages; delete from users; delete from queues;
                 delete from tags; delete from ticket_tags; delete from ticket_notes; delete from local_writes; delete from synced_txids;`)
  await pg.exec(`
    insert into users (id, company_id, name) values (1, 1, 'Ana'), (2, 1, 'Bia');
    insert into queues (id, company_id, name, color) values (10, 1, 'Vendas', '#f00'), (11, 1, 'Suporte', '#0f0');
    insert into contacts (id, company_id, name, number) values (100, 1, 'João Silva', '5511999990001'), (101, 1, 'Maria', '5511999990002'),
      (102, 1, 'Grupo X', '120363'), (103, 1, 'Pedro', '5511999990003');
    insert into tags (id, company_id, name, color) values (7, 1, 'vip', '#00f');
    insert into tickets (id, uuid, company_id, status, contact_id, whatsapp_id, user_id, queue_id, last_message, unread_messages, updated_at, is_group) values
      (1, '00000000-0000-4000-8000-000000000001', 1, 'open', 100, 5, 1, 10, 'quero comprar', 2, '2026-11-01T10:00:00Z', false),
      (2, '00000000-0000-4000-8000-000000000002', 1, 'open', 101, 5, 2, 11, 'oi', 0, '2026-11-01T11:00:00Z', false),
      (3, '00000000-0000-4000-8000-000000000003', 1, 'pending', 103, 5, null, 10, 'alguém?', 1, '2026-11-01T12:00:00Z', false),
      (4, '00000000-0000-4000-8000-000000000004', 1, 'group', 102, 5, null, null, 'bom dia grupo', 0, '2026-11-01T09:00:00Z', true),
      (5, '00000000-0000-4000-8000-000000000005', 1, 'closed', 100, 5, 1, 10, 'obrigado', 0, '2026-10-01T09:00:00Z', false);
    insert into ticket_tags (company_id, ticket_id, tag_id) values (1, 1, 7);
    insert into messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, created_at, client_id) values
      (1, 1, 5, 100, 5, 'pedido antigo', false, 0, '2026-10-01T09:00:00Z', null),
      (2, 1, 1, 100, 5, 'quero comprar', false, 0, '2026-11-01T10:00:00Z', null),
      (3, 1, 2, 101, 5, 'oi', false, 0, '2026-11-01T11:00:00Z', null);`)
})

const base: TicketListFilter = { tab: 'open', userId: 1, showAll: false, queueIds: null, search: '', searchMessages: false, order: 'desc', limit: 40 }
async function list(over: Partial<TicketListFilter> = {}) {
  const q = ticketListQuery({ ...base, ...over })
  const { rows } = await pg.query<Parameters<typeof toTicketListItem>[0]>(q.sql, q.params)
  return rows.map(toTicketListItem)
}
const ids = (items: { id: number }[]) => items.map((t) => t.id)

const offlineOutbox = openOfflineOutbox

describe('ticketListQuery', () => {
  test('open and closed show the own tickets unless show-all; pending and group show every one of the status', async () => {
    expect(ids(await list())).toEqual([1])
    expect(ids(await list({ showAll: true }))).toEqual([2, 1])
    expect(ids(await list({ tab: 'pending' }))).toEqual([3])
    expect(ids(await list({ tab: 'group' }))).toEqual([4])
    expect(ids(await list({ tab: 'closed' }))).toEqual([5])
  })

  test('carries contact, owner, queue, unread count and tags; sorts both ways; pages by limit', async () => {
    const [t] = await list()
    expect(t).toMatchObject({ uuid: '00000000-0000-4000-8000-000000000001', contactName: 'João Silva', userName: 'Ana', queueName: 'Vendas', unread: 2, lastMessage: 'quero comprar' })
    expect(t.tags).toEqual([{ id: 7, name: 'vip', color: '#00f' }])
    expect(ids(await list({ showAll: true, order: 'asc' }))).toEqual([1, 2])
    expect(ids(await list({ showAll: true, limit: 1 }))).toEqual([2])
  })

  test('the queue selector keeps the chosen queues and the tickets without one', async () => {
    expect(ids(await list({ showAll: true, queueIds: [11] }))).toEqual([2])
    expect(ids(await list({ tab: 'group', queueIds: [11] }))).toEqual([4])
    expect(ids(await list({ showAll: true, queueIds: [] }))).toEqual([])
  })

  test('the filter panel narrows by tags, connections, users and (search view) status', async () => {
    await pg.exec(`update tickets set whatsapp_id = 6 where id = 2`)
    expect(ids(await list({ showAll: true, tagIds: [7] }))).toEqual([1])
    expect(ids(await list({ showAll: true, whatsappIds: [6] }))).toEqual([2])
    expect(ids(await list({ showAll: true, userIds: [2] }))).toEqual([2])
    expect(ids(await list({ tab: 'search', search: 'o', statuses: ['pending', 'closed'] }))).toEqual([3, 5])
  })

  test('search spans every status by name (accents and case as typed), number digits and, asked, the last message and message bodies', async () => {
    expect(ids(await list({ tab: 'search', search: 'joão' }))).toEqual([1, 5])
    expect(ids(await list({ tab: 'search', search: '9990002' }))).toEqual([2])
    // Message text, the last message included, only with the checkbox (as GET /tickets' searchOnMessages).
    expect(ids(await list({ tab: 'search', search: 'alguém' }))).toEqual([])
    expect(ids(await list({ tab: 'search', search: 'alguém', searchMessages: true }))).toEqual([3])
    expect(ids(await list({ tab: 'search', search: 'pedido' }))).toEqual([])
    expect(ids(await list({ tab: 'search', search: 'pedido', searchMessages: true }))).toEqual([5])
    expect(ids(await list({ tab: 'search', search: '100%' }))).toEqual([])
    // Case folded beyond ASCII (Ú → ú, Ã → ã) in names, last messages and bodies alike.
    await pg.exec(`update messages set body = 'PEDIDO NÚMERO 7' where id = 3; update tickets set last_message = 'ATENÇÃO' where id = 4`)
    expect(ids(await list({ tab: 'search', search: 'número 7', searchMessages: true }))).toEqual([2])
    expect(ids(await list({ tab: 'search', search: 'atenção', searchMessages: true }))).toEqual([4])
    expect(ids(await list({ tab: 'search', search: 'JOÃO' }))).toEqual([1, 5])
    expect(ids(await list({ tab: 'search', search: 'JOÃO', searchMessages: true }))).toEqual([1, 5])
  })

  test('a pending local accept moves the ticket to the open tab at once, marked pending', async () => {
    const outbox = await offlineOutbox()
    await queueTicketUpdate({ pg, outbox }, 3, { status: 'open', userId: 1 })
    expect(ids(await list({ tab: 'pending' }))).toEqual([])
    const open = await list()
    expect(ids(open)).toEqual([3, 1])
    expect(open[0]).toMatchObject({ pending: true, unread: 0, status: 'open' })
    const [w] = await outbox.list()
    expect(w).toMatchObject({ method: 'PUT', path: '/tickets/3' })
    expect(updateTicketSchema.safeParse(w.body).success).toBe(true)
    outbox.close()
  })

  test("the integration switch of a ticket shows at once and sends PUT {useIntegration}", async () => {
    await pg.exec(`update tickets set integration_id = 7, use_integration = true where id = 3`)
    const header = async () => {
      const uuid = (await pg.query<{ uuid: string }>(`select uuid::text as uuid from tickets where id = 3`)).rows[0].uuid
      const q = ticketByUuidQuery(uuid)
      return (await pg.query<{ integration_id: number | null; use_integration: boolean }>(q.sql, q.params)).rows[0]
    }
    expect(await header()).toMatchObject({ integration_id: 7, use_integration: true })
    const outbox = await offlineOutbox()
    await queueTicketUpdate({ pg, outbox }, 3, { useIntegration: false })
    expect(await header()).toMatchObject({ integration_id: 7, use_integration: false })
    const [w] = await outbox.list()
    expect(updateTicketSchema.parse(w.body)).toMatchObject({ useIntegration: false })
    outbox.close()
  })
})

describe('opening a chat from the list', () => {
  test("a list row carries what the chat's query needs: its contact and connection", async () => {
    const rows = await list({ tab: 'open', showAll: true })
    expect(rows.length).toBeGreaterThan(0)
    const { rows: db } = await pg.query<{ id: number; contact_id: number; whatsapp_id: number | null }>(`select id, contact_id, whatsapp_id from tickets`)
    for (const r of rows) {
      const t = db.find((d) => d.id === r.id)!
      expect([r.id, r.contactId, r.whatsappId]).toEqual([t.id, t.contact_id, t.whatsapp_id])
    }
  })

  test("the chat shows the clicked row while the ticket's query runs, never the previous ticket's row", async () => {
    const [a, b] = await list({ tab: 'open', showAll: true })
    const full = (x: typeof a): OpenTicket => ({ ...x, integrationId: 7, useIntegration: true })
    // B clicked; useTicket still answers A's row while B's query runs.
    expect(chatTicket(full(a), true, b.uuid, b)).toMatchObject({ id: b.id, integrationId: null, useIntegration: false })
    expect(chatTicket(full(a), true, b.uuid, null)).toBeNull()
    // B's own row has come: it wins over the clicked copy.
    expect(chatTicket(full(b), false, b.uuid, b)).toMatchObject({ id: b.id, integrationId: 7 })
    // An address typed by hand (no click): loading, then the row or nothing.
    expect(chatTicket(null, true, b.uuid, a)).toBeNull()
    expect(chatTicket(null, false, b.uuid, b)).toBeNull()
  })

  test("the ticket's own row saying what the clicked row said keeps the shown object (no second render of the chat)", async () => {
    const [a, b] = await list({ tab: 'open', showAll: true })
    const clicked = chatTicket(null, true, a.uuid, a)!
    const stored = { ...toTicketListItem((await pg.query<Parameters<typeof toTicketListItem>[0]>(ticketByUuidQuery(a.uuid).sql, ticketByUuidQuery(a.uuid).params)).rows[0]), integrationId: null, useIntegration: false }
    // The header's query has no tags: the chat does not show them.
    expect(stored.tags).toEqual([])
    expect(keepShown(clicked, stored)).toBe(clicked)
    // Anything the chat shows that differs gives the new row.
    expect(keepShown(clicked, { ...stored, status: 'closed' })).toMatchObject({ status: 'closed' })
    expect(keepShown(clicked, { ...stored, useIntegration: true })).not.toBe(clicked)
    expect(keepShown(clicked, { ...stored, integrationId: 3 })).not.toBe(clicked)
    // Another ticket, or none.
    expect(keepShown(clicked, chatTicket(null, true, b.uuid, b))).toMatchObject({ id: b.id })
    expect(keepShown(clicked, null)).toBeNull()
    expect(keepShown(null, clicked)).toBe(clicked)
  })
})

describe('chat messages', () => {
  const chat = async (ticketId: number, contactId: number, limit = 20) => {
    const q = chatMessagesQuery({ ticketId, contactId, whatsappId: 5 }, limit)
    const { rows } = await pg.query<Parameters<typeof toChatMessage>[0]>(q.sql, q.params)
    return rows.map(toChatMessage)
  }

  test("merge the contact's earlier tickets on the connection, newest first, not later ones or other contacts", async () => {
    // Ticket 5 came after ticket 1 (ids follow creation): it carries ticket 1's messages, not the reverse.
    expect((await chat(5, 100)).map((m) => m.body)).toEqual(['quero comprar', 'pedido antigo'])
    expect((await chat(1, 100)).map((m) => m.body)).toEqual(['quero comprar'])
    expect((await chat(2, 101)).map((m) => m.body)).toEqual(['oi'])
  })

  test('a message typed offline shows at once at the clock, in order, and leaves when its synced row arrives', async () => {
    const outbox = await offlineOutbox()
    // The same instant for all three: the order they were written in decides.
    const at = new Date()
    for (const body of ['um', 'dois', 'três']) await queueSendMessage({ pg, outbox }, 1, { body, isPrivate: false }, at)
    const shown = await chat(1, 100)
    expect(shown.slice(0, 3).map((m) => [m.body, m.local, m.ack])).toEqual([['três', true, 0], ['dois', true, 0], ['um', true, 0]])
    const writes = await outbox.list()
    expect(writes.map((w) => (w.body as { body: string }).body)).toEqual(['um', 'dois', 'três'])
    for (const w of writes) expect(sendMessageSchema.safeParse(w.body).success).toBe(true)
    const first = writes[0]
    expect((first.body as { clientId: string }).clientId).toBe(first.id)
    await pg.query(`insert into messages (id, company_id, ticket_id, body, from_me, ack, created_at, client_id) values (50, 1, 1, 'um', true, 1, now(), $1)`, [first.id])
    const after = await chat(1, 100)
    expect(after.filter((m) => m.body === 'um').map((m) => [m.local, m.id])).toEqual([[false, 50]])
    outbox.close()
  })

  test('a reply carries the quoted message; an edit and a delete overlay the synced row at once, pending', async () => {
    const outbox = await offlineOutbox()
    await queueSendMessage({ pg, outbox }, 1, { body: 'qual pedido?', isPrivate: false, quotedMsgId: 2 })
    await pg.query(`insert into messages (id, company_id, ticket_id, body, from_me, ack, created_at, user_id) values (60, 1, 1, 'errado', true, 2, now(), 1), (61, 1, 1, 'apagar', true, 2, now(), 1)`)
    await queueEditMessage({ pg, outbox }, 60, 'certo')
    await queueDeleteMessage({ pg, outbox }, 61)
    const shown = await chat(1, 100)
    const byBody = (b: string) => shown.find((m) => m.body === b)!
    expect(byBody('qual pedido?').quoted).toEqual({ id: 2, body: 'quero comprar', fromMe: false })
    expect(byBody('certo')).toMatchObject({ id: 60, isEdited: true, local: false })
    expect(byBody('certo').pendingChange).not.toBeNull()
    expect(byBody('apagar')).toMatchObject({ id: 61, isDeleted: true })
    expect((await outbox.list()).map((w) => `${w.method} ${w.path}`)).toEqual(['POST /messages/1', 'POST /messages/edit/60', 'DELETE /messages/61'])
    const [send, edit] = await outbox.list()
    expect((send.body as { quotedMsgId: number }).quotedMsgId).toBe(2)
    expect(editMessageSchema.safeParse(edit.body).success).toBe(true)
    outbox.close()
  })

  test("reactions fold into their message (each reactor's latest; an empty one takes it back) and are not listed", async () => {
    await pg.exec(`insert into messages (id, company_id, ticket_id, contact_id, body, from_me, media_type, quoted_msg_id, created_at) values
      (70, 1, 1, 100, '👍', false, 'reactionMessage', 2, now()), (71, 1, 1, 100, '❤️', false, 'reactionMessage', 2, now()),
      (72, 1, 1, 100, '😂', true, 'reactionMessage', 2, now()), (73, 1, 1, 100, '', true, 'reactionMessage', 2, now())`)
    const shown = await chat(1, 100)
    expect(shown.map((m) => m.body)).toEqual(['quero comprar'])
    expect(shown[0].reactions).toEqual([{ emoji: '❤️', fromMe: false }])
  })

  test('a new reading keeps the object of every message that says the same (the memoised bubbles skip them)', async () => {
    const first = await chat(5, 100)
    const kept = new Map(first.map((m) => [m.key, m]))
    const again = reuseMessages(kept, await chat(5, 100))
    expect(again.length).toBe(first.length)
    again.forEach((m, i) => expect(m).toBe(first[i]))
    // A field the bubble shows changed (the ack, a reaction): that message alone is new.
    const changed = (await chat(5, 100)).map((m, i) => (i === 0 ? { ...m, ack: m.ack + 1 } : i === 1 ? { ...m, reactions: [{ emoji: '👍', fromMe: true }] } : m))
    const next = reuseMessages(kept, changed)
    expect(next[0]).not.toBe(first[0])
    expect(next[0].ack).toBe(first[0].ack + 1)
    expect(next[1]).not.toBe(first[1])
    next.slice(2).forEach((m, i) => expect(m).toBe(first[i + 2]))
    // Same reactions and quote read again (new arrays and objects) count as the same.
    expect(sameMessage({ ...first[0], reactions: [{ emoji: '❤️', fromMe: false }], quoted: { id: 1, body: 'a', fromMe: true } }, { ...first[0], reactions: [{ emoji: '❤️', fromMe: false }], quoted: { id: 1, body: 'a', fromMe: true } })).toBe(true)
    expect(sameMessage(first[0], { ...first[0], quoted: { id: 1, body: 'a', fromMe: true } })).toBe(false)
  })

  test('the ack icons follow the spec', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackIcon)).toEqual(['clock', 'sent', 'delivered', 'read', 'played', 'read'])
    expect(truncate('a'.repeat(45), 40)).toBe(`${'a'.repeat(40)}...`)
  })
})

describe('notes and tags of the chat drawer', () => {
  test('a note written offline shows first, pending, with its author; the request is what POST /ticket-notes takes', async () => {
    await pg.exec(`insert into ticket_notes (id, company_id, note, ticket_id, contact_id, user_id, created_at) values
      (1, 1, 'antiga', 1, 100, 2, '2026-11-01T10:00:00Z'), (2, 1, 'outro ticket', 2, 101, 2, '2026-11-01T10:00:00Z')`)
    const outbox = await offlineOutbox()
    await queueAddNote({ pg, outbox }, 1, { ticketId: 1, contactId: 100, note: 'ligar amanhã' })
    const q = ticketNotesQuery(1, 100)
    const { rows } = await pg.query<{ note: string; pending: boolean; user_name: string }>(q.sql, q.params)
    expect(rows.map((r) => [r.note, r.pending, r.user_name])).toEqual([['ligar amanhã', true, 'Ana'], ['antiga', false, 'Bia']])
    const [w] = await outbox.list()
    expect(w).toMatchObject({ method: 'POST', path: '/ticket-notes' })
    expect(createNoteSchema.safeParse(w.body).success).toBe(true)
    outbox.close()
  })

  test('adding a tag shows at once; removing one deletes all and puts the others back, in that order', async () => {
    await pg.exec(`insert into tags (id, company_id, name, color) values (8, 1, 'atrasado', '#f00'), (9, 1, 'novo', '#0f0')`)
    const outbox = await offlineOutbox()
    const onTicket = async () => {
      const q = ticketTagsQuery(1)
      const { rows } = await pg.query<{ id: number; on_ticket: boolean }>(q.sql, q.params)
      return rows.filter((r) => r.on_ticket).map((r) => r.id)
    }
    expect(await onTicket()).toEqual([7])
    await queueAddTicketTag({ pg, outbox }, 1, 8)
    expect((await onTicket()).sort()).toEqual([7, 8])
    await queueRemoveTicketTag({ pg, outbox }, 1, 7, [7, 8])
    expect(await onTicket()).toEqual([8])
    expect((await outbox.list()).map((w) => `${w.method} ${w.path}`)).toEqual(['PUT /ticket-tags/1/8', 'DELETE /ticket-tags/1', 'PUT /ticket-tags/1/8'])
    outbox.close()
  })
})
