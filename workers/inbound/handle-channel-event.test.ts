import { expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import type { DomainEvent } from '../../server/domain/context.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, uniq } from '../../test/factories.ts'
import type { InboundMessage } from '../channels/types.ts'
import { handleChannelEvent, type InboundDeps } from './handle-channel-event.ts'
import type { ConnectionRef } from './types.ts'
import { ChatSerializer } from './chat-serializer.ts'

function depsOf(env: TestEnv, extra: Partial<InboundDeps> = {}): InboundDeps {
  const s = env.services
  return { db: s.db, media: s.media, events: s.events, now: () => env.clock.now, ...extra }
}

function text(from: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  return { externalId: uniq('WAID'), fromMe: false, timestamp: new Date('2026-11-20T12:00:00Z'), peer: { number: from, name: 'Maria' }, body, mediaType: 'text', ...extra }
}

async function setup(env: TestEnv, fields: Record<string, unknown> = {}): Promise<ConnectionRef> {
  const { companyId } = await createCompany(env)
  return createConnection(env, companyId, fields)
}

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)
const number = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

describeEachBackend('inbound pipeline', (env) => {
  test('a first message creates the contact and a pending ticket without a queue, with one unread', async () => {
    const conn = await setup(env())
    const from = number()
    const res = await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(from, 'Olá, preciso de ajuda') })
    expect(res.outcome).toBe('stored')
    const [t] = await q(env(), (tx) => tx`select t.status, t.queue_id, t.unread_messages, t.last_message, c.number, c.name
      from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = ${conn.id}`)
    expect(t).toMatchObject({ status: 'pending', queueId: null, unreadMessages: 1, lastMessage: 'Olá, preciso de ajuda', number: from, name: 'Maria' })
  })

  test('the same delivery twice stores one message and reports the duplicate', async () => {
    const conn = await setup(env())
    const msg = text(number(), 'oi')
    const first = await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: msg })
    const second = await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: { ...msg } })
    expect(second).toEqual({ outcome: 'duplicate', messageId: (first as { messageId: number }).messageId })
    const [{ n, unread }] = await q(env(), (tx) => tx`select count(*)::int as n, max(t.unread_messages) as unread
      from messages m join tickets t on t.id = m.ticket_id where m.whatsapp_id = ${conn.id}`)
    expect({ n, unread }).toEqual({ n: 1, unread: 1 })
  })

  test('50 simultaneous first messages from a new contact make one contact and one ticket', async () => {
    const conn = await setup(env())
    const from = number()
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(from, `m${i}`) })),
    )
    expect(results.every((r) => r.outcome === 'stored')).toBe(true)
    const [counts] = await q(env(), (tx) => tx`select
      (select count(*)::int from contacts where company_id = ${conn.companyId}) as contacts,
      (select count(*)::int from tickets where whatsapp_id = ${conn.id}) as tickets,
      (select count(*)::int from messages where whatsapp_id = ${conn.id}) as messages,
      (select unread_messages from tickets where whatsapp_id = ${conn.id} limit 1) as unread`)
    expect(counts).toEqual({ contacts: 1, tickets: 1, messages: 50, unread: 50 })
  })

  test('a Brazilian mobile with and without the ninth digit is one contact', async () => {
    const conn = await setup(env())
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text('551188881234', 'a') })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text('5511988881234', 'b') })
    const rows = await q(env(), (tx) => tx`select number from contacts where company_id = ${conn.companyId}`)
    expect(rows.map((r: { number: string }) => r.number)).toEqual(['5511988881234'])
  })

  test('a LID-only sender becomes the numbered contact once WhatsApp reveals the pair', async () => {
    const conn = await setup(env(), { channel: 'whatsapp' })
    const lid = uniq('1987')
    const from = number()
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text('', 'por lid', { peer: { lid, name: 'Ana' } }) })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'lidMapping', lid, number: from })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(from, 'por número', { peer: { number: from, lid } }) })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text('', 'de novo por lid', { peer: { lid } }) })
    const contacts = await q(env(), (tx) => tx`select number, lid, name from contacts where company_id = ${conn.companyId}`)
    expect(contacts).toEqual([{ number: from, lid, name: 'Ana' }])
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from tickets where whatsapp_id = ${conn.id}`)
    expect(n).toBe(1)
  })

  test('a message soon after closing reopens the ticket within timeCreateNewTicket, later it opens a new one', async () => {
    const conn = await setup(env(), { timeCreateNewTicket: 10 })
    const from = number()
    const first = (await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(from, 'a') })) as { ticketId: number }
    await q(env(), (tx) => tx`update tickets set status = 'closed', user_id = null, closed_at = ${env().clock.now} where id = ${first.ticketId}`)
    const again = (await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(from, 'b') })) as { ticketId: number; ticketCreated: boolean }
    expect(again).toMatchObject({ ticketId: first.ticketId, ticketCreated: false })
    await q(env(), (tx) => tx`update tickets set status = 'closed', closed_at = ${new Date(env().clock.now.getTime() - 11 * 60_000)} where id = ${first.ticketId}`)
    const later = (await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(from, 'c') })) as { ticketId: number; ticketCreated: boolean }
    expect(later.ticketCreated).toBe(true)
    expect(later.ticketId).not.toBe(first.ticketId)
  })

  test('acks only move forward, and a failure after delivery is ignored', async () => {
    const conn = await setup(env())
    const msg = text(number(), 'x', { fromMe: true })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: msg })
    const ack = async (value: -1 | 2 | 3) => {
      await handleChannelEvent(depsOf(env()), conn, { kind: 'ack', externalId: msg.externalId, ack: value })
      const [row] = await q(env(), (tx) => tx`select ack from messages where wid = ${msg.externalId}`)
      return row.ack
    }
    expect(await ack(3)).toBe(3)
    expect(await ack(2)).toBe(3)
    expect(await ack(-1)).toBe(3)
  })

  test('edits and revokes change the stored message and publish an update', async () => {
    const conn = await setup(env())
    const msg = text(number(), 'original')
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: msg })
    const seen: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => seen.push(e))
    await handleChannelEvent(depsOf(env()), conn, { kind: 'edit', externalId: msg.externalId, body: 'corrigido' })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'revoke', externalId: msg.externalId })
    stop()
    const [row] = await q(env(), (tx) => tx`select body, is_edited, is_deleted from messages where wid = ${msg.externalId}`)
    expect(row).toEqual({ body: 'corrigido', isEdited: true, isDeleted: true })
    expect(seen.filter((e) => e.type === 'appMessage' && e.payload.action === 'update')).toHaveLength(2)
  })

  test('with lgpdDeleteMessage a revoke erases the text, the media file and the preview (issue 15 item 15)', async () => {
    const conn = await setup(env())
    await q(env(), (tx) => tx`insert into company_settings (company_id, lgpd_delete_message) values (${conn.companyId}, 'enabled')
                             on conflict (company_id) do update set lgpd_delete_message = 'enabled'`)
    const msg = text(number(), 'meu CPF é 123.456.789-00')
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: msg })
    const stored = await env().services.media.save(conn.companyId, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], 'doc.png', { type: 'image/png' }), 'image')
    await q(env(), (tx) => tx`update messages set media_path = ${stored.fileName}, media_name = 'doc.png' where wid = ${msg.externalId}`)
    const file = env().services.media.pathOf(conn.companyId, stored.fileName)!
    expect(await Bun.file(file).exists()).toBe(true)
    const seen: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => seen.push(e))
    await handleChannelEvent(depsOf(env()), conn, { kind: 'revoke', externalId: msg.externalId })
    stop()
    const [row] = await q(env(), (tx) => tx`select m.body, m.is_deleted, m.media_path, m.media_name, m.data_json, t.last_message
      from messages m join tickets t on t.id = m.ticket_id where m.wid = ${msg.externalId}`)
    expect(row).toEqual({ body: '', isDeleted: true, mediaPath: null, mediaName: null, dataJson: null, lastMessage: '' })
    expect(await Bun.file(file).exists()).toBe(false)
    const update = seen.find((e) => e.type === 'appMessage' && e.payload.action === 'update')
    expect((update?.payload.message as { body: string }).body).toBe('')
  })

  test('group messages are ignored unless the connection allows groups, then they get a group ticket', async () => {
    const off = await setup(env())
    const group = { id: uniq('1203630'), name: 'Família' }
    const msg = () => text(number(), 'oi grupo', { group, participant: { number: number(), name: 'Tio' } })
    expect(await handleChannelEvent(depsOf(env()), off, { kind: 'message', message: msg() })).toMatchObject({ outcome: 'ignored' })
    const on = await setup(env(), { allowGroup: true })
    await handleChannelEvent(depsOf(env()), on, { kind: 'message', message: msg() })
    const [t] = await q(env(), (tx) => tx`select t.status, t.is_group, c.is_group as contact_group, c.name
      from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = ${on.id}`)
    expect(t).toEqual({ status: 'group', isGroup: true, contactGroup: true, name: 'Família' })
  })

  test('media is stored under the company; an oversized file keeps the message with a note', async () => {
    const conn = await setup(env())
    const bytes = new TextEncoder().encode('%PDF-1.4 fake pdf')
    const pdf = text(number(), '', { mediaType: 'application', media: { mimeType: 'application/pdf', fileName: 'boleto.pdf', data: bytes } })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: pdf })
    const [stored] = await q(env(), (tx) => tx`select media_path, media_name, media_url from messages where wid = ${pdf.externalId}`)
    expect(stored.mediaName).toBe('boleto.pdf')
    expect(await Bun.file(env().services.media.pathOf(conn.companyId, stored.mediaPath)!).text()).toBe('%PDF-1.4 fake pdf')
    const big = text(number(), 'veja', { mediaType: 'video', media: { mimeType: 'video/mp4', fileName: 'v.mp4', size: 99, fetch: async () => new Uint8Array(99) } })
    await handleChannelEvent(depsOf(env(), { mediaMaxBytes: 10 }), conn, { kind: 'message', message: big })
    const [kept] = await q(env(), (tx) => tx`select body, media_path from messages where wid = ${big.externalId}`)
    expect(kept.mediaPath).toBeNull()
    expect(kept.body).toContain('veja')
    expect(kept.body).toContain('arquivo não recebido')
  })

  test('a reaction attaches to the ticket of its message and never opens a ticket by itself', async () => {
    const conn = await setup(env())
    const from = number()
    const lonely = text(from, '👍', { mediaType: 'reactionMessage', reactionTo: 'unknown' })
    expect(await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: lonely })).toMatchObject({ outcome: 'ignored' })
    const target = text(from, 'pedido 42')
    await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: target })
    const reaction = text(from, '❤️', { mediaType: 'reactionMessage', reactionTo: target.externalId })
    expect(await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: reaction })).toMatchObject({ outcome: 'stored' })
    const [row] = await q(env(), (tx) => tx`select r.quoted_msg_id = m.id as linked from messages r, messages m
      where r.wid = ${reaction.externalId} and m.wid = ${target.externalId}`)
    expect(row.linked).toBe(true)
  })

  test('a call is logged in the ticket; with calls refused the caller gets the configured message once', async () => {
    const conn = await setup(env())
    await q(env(), (tx) => tx`update company_settings set accept_call_whatsapp = 'disabled',
      accept_call_whatsapp_message = 'Não atendemos ligações, escreva por aqui.' where company_id = ${conn.companyId}`)
    const call = { kind: 'call' as const, peer: { number: number() }, callId: uniq('CALL'), timestamp: env().clock.now }
    expect(await handleChannelEvent(depsOf(env()), conn, call)).toMatchObject({ outcome: 'stored', ticketCreated: true })
    expect(await handleChannelEvent(depsOf(env()), conn, call)).toMatchObject({ outcome: 'duplicate' })
    const rows = await q(env(), (tx) => tx`select media_type, from_me, is_system, body from messages where whatsapp_id = ${conn.id} order by id`)
    expect(rows).toEqual([
      { mediaType: 'call_log', fromMe: false, isSystem: false, body: 'Chamada de voz/vídeo perdida' },
      { mediaType: 'text', fromMe: true, isSystem: true, body: 'Não atendemos ligações, escreva por aqui.' },
    ])
  })

  test('imported history opens marked tickets in the import queue; the end of the import offers closing them', async () => {
    const conn = await setup(env())
    const [queue] = await q(env(), (tx) => tx`insert into queues ${tx({ companyId: conn.companyId, name: uniq('Importados'), color: uniq('#') })} returning id`)
    await q(env(), (tx) => tx`update whatsapps set queue_id_import_messages = ${queue.id} where id = ${conn.id}`)
    const old = text(number(), 'mensagem antiga', { imported: true })
    const res = (await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: old })) as { ticketId: number }
    const [t] = await q(env(), (tx) => tx`select imported, queue_id, unread_messages from tickets where id = ${res.ticketId}`)
    expect(t.imported).toEqual(env().clock.now)
    expect(t.queueId).toBe(queue.id)
    expect(t.unreadMessages).toBe(0)
    const seen: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => seen.push(e))
    await handleChannelEvent(depsOf(env()), conn, { kind: 'importProgress', done: 1, total: 3 })
    const [running] = await q(env(), (tx) => tx`select status_import_messages from whatsapps where id = ${conn.id}`)
    await handleChannelEvent(depsOf(env()), conn, { kind: 'importProgress', done: 3, total: 3 })
    stop()
    const [done] = await q(env(), (tx) => tx`select status_import_messages from whatsapps where id = ${conn.id}`)
    expect([running.statusImportMessages, done.statusImportMessages]).toEqual(['Running', 'renderButtonCloseTickets'])
    expect(seen.filter((e) => e.type === 'importMessages').map((e) => e.payload.action)).toEqual(['update', 'refresh'])
  })

  test('with closedTicketsPostImported the end of the import closes the imported tickets itself', async () => {
    const conn = await setup(env(), { closedTicketsPostImported: true })
    const old = (await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(number(), 'antiga', { imported: true }) })) as { ticketId: number }
    const live = (await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: text(number(), 'nova') })) as { ticketId: number }
    await handleChannelEvent(depsOf(env()), conn, { kind: 'importProgress', done: 1, total: 2 })
    expect((await q(env(), (tx) => tx`select status from tickets where id = ${old.ticketId}`))[0].status).toBe('pending')
    await handleChannelEvent(depsOf(env()), conn, { kind: 'importProgress', done: 2, total: 2 })
    const rows = await q(env(), (tx) => tx`select id, status from tickets where id = any(${[old.ticketId, live.ticketId]}::int[]) order by id`)
    expect(Object.fromEntries(rows.map((r: { id: number; status: string }) => [r.id, r.status]))).toEqual({ [old.ticketId]: 'closed', [live.ticketId]: 'pending' })
    const [w] = await q(env(), (tx) => tx`select status_import_messages from whatsapps where id = ${conn.id}`)
    expect(w.statusImportMessages).toBeNull()
  })

  test('a status event updates the connection row and announces the session', async () => {
    const conn = await setup(env(), { status: 'OPENING' })
    const seen: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => seen.push(e))
    await handleChannelEvent(depsOf(env()), conn, { kind: 'status', status: 'qrcode', qrcode: '2@abc' })
    await handleChannelEvent(depsOf(env()), conn, { kind: 'status', status: 'CONNECTED', number: '5511999990000' })
    stop()
    const [row] = await q(env(), (tx) => tx`select status, qrcode, number from whatsapps where id = ${conn.id}`)
    expect(row).toEqual({ status: 'CONNECTED', qrcode: '', number: '5511999990000' })
    expect(seen.filter((e) => e.type === 'whatsappSession').map((e) => (e.payload.session as { status: string }).status)).toEqual(['qrcode', 'CONNECTED'])
  })

  test('a new link of a connection that imports its history marks the import as preparing from that moment', async () => {
    const importing = await setup(env(), { channel: 'whatsapp', status: 'qrcode', enableImportMessage: true, importOldMessages: new Date('2026-10-01T00:00:00Z') })
    const plain = await setup(env(), { channel: 'whatsapp', status: 'qrcode' })
    const marker = async (id: number) => (await q(env(), (tx) => tx`select status_import_messages as m from whatsapps where id = ${id}`))[0].m
    await handleChannelEvent(depsOf(env()), importing, { kind: 'status', status: 'CONNECTED', number: '5511999990001' })
    expect(await marker(importing.id)).toBeNull()
    await handleChannelEvent(depsOf(env()), importing, { kind: 'status', status: 'CONNECTED', number: '5511999990001', linked: true })
    expect(await marker(importing.id)).toBe(String(env().clock.now.getTime()))
    await handleChannelEvent(depsOf(env()), plain, { kind: 'status', status: 'CONNECTED', number: '5511999990002', linked: true })
    expect(await marker(plain.id)).toBeNull()
    // The first progress replaces it, and a reconnect afterwards leaves the import's state alone.
    await handleChannelEvent(depsOf(env()), importing, { kind: 'importProgress', total: 10, done: 1 })
    await handleChannelEvent(depsOf(env()), importing, { kind: 'status', status: 'CONNECTED', number: '5511999990001' })
    expect(await marker(importing.id)).toBe('Running')
  })
})

test('ChatSerializer keeps each chat in order while chats run in parallel', async () => {
  const s = new ChatSerializer()
  const log: string[] = []
  const step = (key: string, n: number, ms: number) =>
    s.run(key, async () => {
      await Bun.sleep(ms)
      log.push(`${key}${n}`)
    })
  await Promise.all([step('a', 1, 30), step('a', 2, 1), step('b', 1, 5), step('a', 3, 1)])
  expect(log.filter((x) => x.startsWith('a'))).toEqual(['a1', 'a2', 'a3'])
  expect(log.indexOf('b1')).toBeLessThan(log.indexOf('a1'))
  expect(s.size).toBe(0)
})
