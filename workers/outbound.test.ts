import { expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { enqueueMessageAction, enqueueSend } from '../server/domain/outbound/enqueue-send.ts'
import { describeEachBackend, type TestEnv } from '../test/env.ts'
import { createCompany, createConnection, uniq } from '../test/factories.ts'
import { PermanentSendError, type ChannelDriver, type OutboundMessage } from './channels/types.ts'
import { ChannelHost } from './channel-host.ts'
import { runSendBatch, sendBackoffMs, SESSION_WAIT_MS, type OutboundDeps } from './outbound.ts'
import { expireStaleSystemSends, SYSTEM_SEND_MAX_AGE_MS } from '../server/domain/outbound/expire-system-sends.ts'
import type { DomainEvent } from '../server/domain/context.ts'
import { handleChannelEvent } from './inbound/handle-channel-event.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

/** A company, a connection, a contact with a live ticket, and one queued outgoing message. */
async function queued(env: TestEnv, channel = 'simulator', body = 'Olá!') {
  const { companyId } = await createCompany(env)
  const conn = await createConnection(env, companyId, { channel })
  return q(env, async (tx) => {
    const [contact] = await tx`insert into contacts ${tx({ companyId, name: 'Rui', number: `5511${Date.now() % 1e9}`, channel: 'whatsapp' })} returning id`
    const [ticket] = await tx`insert into tickets ${tx({ companyId, contactId: contact.id, whatsappId: conn.id, status: 'open', channel })} returning id`
    const message = await enqueueSend(tx, { companyId, ticketId: ticket.id, whatsappId: conn.id, contactId: contact.id, channel, body, now: env.clock.now })
    return { companyId, conn, message, contactId: contact.id as number }
  })
}

function fakeDriver(send: (m: OutboundMessage) => Promise<{ externalId: string; ack: 1 }>): ChannelDriver {
  return { kind: 'simulator', start: async () => {}, stop: async () => {}, logout: async () => {}, send }
}

function deps(env: TestEnv, driver: ChannelDriver | undefined, owner = uniq('w')): OutboundDeps {
  const s = env.services
  return { db: s.db, media: s.media, events: s.events, now: () => env.clock.now, owner, driverFor: () => driver, random: () => 0.5 }
}

const messageRow = (env: TestEnv, id: number) => q(env, async (tx) => (await tx`select wid, ack, send_error from messages where id = ${id}`)[0])
const jobOf = (env: TestEnv, id: number) =>
  q(env, async (tx) => (await tx`select attempts, done_at, last_error, run_at from jobs where idempotency_key = ${`send:${id}`}`)[0])

describeEachBackend('outbound queue', (env) => {
  test('a queued message is sent once, gets the channel id and ack 1, and its job is done', async () => {
    const { message } = await queued(env())
    const sent: OutboundMessage[] = []
    const driver = fakeDriver(async (m) => (sent.push(m), { externalId: 'SIM-1-' + m.messageId, ack: 1 }))
    expect(await runSendBatch(deps(env(), driver), [])).toBeGreaterThanOrEqual(1)
    expect(await runSendBatch(deps(env(), driver), [])).toBe(0)
    expect(sent.filter((m) => m.messageId === message.id)).toHaveLength(1)
    expect(sent.find((m) => m.messageId === message.id)).toMatchObject({ kind: 'text', body: 'Olá!' })
    expect(await messageRow(env(), message.id)).toEqual({ wid: `SIM-1-${message.id}`, ack: 1, sendError: null })
    expect((await jobOf(env(), message.id)).doneAt).not.toBeNull()
  })

  test("a file queued with extra data (the API's mime type) still goes out as media", async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'simulator' })
    const stored = await env().services.media.saveReceived(companyId, new TextEncoder().encode('%PDF-1.4 test'), 'application/pdf', 'contrato.pdf')
    const message = await q(env(), async (tx) => {
      const [contact] = await tx`insert into contacts ${tx({ companyId, name: 'Ana', number: `5511${Date.now() % 1e9}`, channel: 'whatsapp' })} returning id`
      const [ticket] = await tx`insert into tickets ${tx({ companyId, contactId: contact.id, whatsappId: conn.id, status: 'open', channel: 'simulator' })} returning id`
      return enqueueSend(tx, {
        companyId, ticketId: ticket.id, whatsappId: conn.id, contactId: contact.id, channel: 'simulator', body: 'segue', now: env().clock.now,
        mediaType: 'application', media: { fileName: stored.fileName, originalName: 'contrato.pdf' }, extra: { mimeType: 'application/pdf' },
      })
    })
    const sent: OutboundMessage[] = []
    const driver = fakeDriver(async (m) => (sent.push(m), { externalId: 'SIM-M-' + m.messageId, ack: 1 }))
    await runSendBatch(deps(env(), driver), [])
    expect(sent.find((m) => m.messageId === message.id)).toMatchObject({ kind: 'media', body: 'segue' })
  })

  test('WhatsApp messages carry their id from the start, so the echo of our send is the same row', async () => {
    const { message } = await queued(env(), 'whatsapp')
    expect(message.wid).toMatch(/^3EB0[0-9A-F]{18}$/)
    // Not hosted here: a WhatsApp session sends only from the worker holding its lease.
    const driver = fakeDriver(async (m) => ({ externalId: m.externalId!, ack: 1 }))
    await runSendBatch(deps(env(), driver), [])
    expect((await jobOf(env(), message.id)).doneAt).toBeNull()
    await runSendBatch(deps(env(), driver), [message.id > 0 ? (await messageConn(env(), message.id)) : 0])
    expect(await messageRow(env(), message.id)).toMatchObject({ wid: message.wid, ack: 1 })
  })

  test('a failing send is retried later with backoff, then shows ERR_SENDING_WAPP_MSG when attempts run out', async () => {
    const { message } = await queued(env())
    await q(env(), (tx) => tx`update jobs set max_attempts = 2 where idempotency_key = ${`send:${message.id}`}`)
    const driver = fakeDriver(async () => {
      throw new Error('socket closed')
    })
    await runSendBatch(deps(env(), driver), [])
    const job = await jobOf(env(), message.id)
    expect(job).toMatchObject({ attempts: 1, doneAt: null, lastError: 'socket closed' })
    expect(job.runAt.getTime() - env().clock.now.getTime()).toBe(sendBackoffMs(1, () => 0.5))
    expect((await messageRow(env(), message.id)).ack).toBe(0)
    env().clock.advance(10_000)
    await runSendBatch(deps(env(), driver), [])
    expect(await messageRow(env(), message.id)).toMatchObject({ ack: -1, sendError: 'ERR_SENDING_WAPP_MSG' })
    expect((await jobOf(env(), message.id)).doneAt).not.toBeNull()
  })

  test('while the WhatsApp session is not open, failed sends wait uncounted; once open they count again (issue 15 item 3)', async () => {
    const { message, conn } = await queued(env(), 'whatsapp')
    await q(env(), (tx) => tx`update whatsapps set status = 'OPENING' where id = ${conn.id}`)
    await q(env(), (tx) => tx`update jobs set max_attempts = 2 where idempotency_key = ${`send:${message.id}`}`)
    const driver = fakeDriver(async () => {
      throw new Error('Connection Closed')
    })
    for (let i = 0; i < 6; i++) {
      await runSendBatch(deps(env(), driver), [conn.id])
      const job = await jobOf(env(), message.id)
      expect(job).toMatchObject({ attempts: 0, doneAt: null })
      expect(job.runAt.getTime() - env().clock.now.getTime()).toBe(SESSION_WAIT_MS)
      env().clock.advance(SESSION_WAIT_MS)
    }
    // Shown as waiting for the connection, not as failed.
    expect(await messageRow(env(), message.id)).toMatchObject({ ack: 0, sendError: 'ERR_WAITING_CONNECTION' })
    await q(env(), (tx) => tx`update whatsapps set status = 'CONNECTED' where id = ${conn.id}`)
    await runSendBatch(deps(env(), driver), [conn.id])
    expect((await jobOf(env(), message.id)).attempts).toBe(1)
    // Once it goes out, the note goes.
    env().clock.advance(60_000)
    const ok = fakeDriver(async () => ({ externalId: `WA-${message.id}`, ack: 1 }))
    await runSendBatch(deps(env(), { ...ok, kind: 'whatsapp' }), [conn.id])
    expect(await messageRow(env(), message.id)).toMatchObject({ ack: 1, sendError: null })
  })

  test('automatic messages that wait more than 30 minutes are dropped with a visible reason; replies are kept (issue 15 item 3)', async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'qrcode' })
    const [menu, reply] = await q(env(), async (tx) => {
      const [contact] = await tx`insert into contacts ${tx({ companyId, name: 'Lia', number: `5511${Date.now() % 1e9}`, channel: 'whatsapp' })} returning id`
      const [ticket] = await tx`insert into tickets ${tx({ companyId, contactId: contact.id, whatsappId: conn.id, status: 'pending', channel: 'whatsapp' })} returning id`
      const base = { companyId, ticketId: ticket.id, whatsappId: conn.id, contactId: contact.id, channel: 'whatsapp' as const, now: env().clock.now }
      return [await enqueueSend(tx, { ...base, body: 'Escolha um setor', isSystem: true }), await enqueueSend(tx, { ...base, body: 'Já te respondo' })]
    })
    const seen: DomainEvent[] = []
    const io = { emit: (e: DomainEvent) => void seen.push(e) }
    env().clock.advance(SYSTEM_SEND_MAX_AGE_MS - 60_000)
    expect(await expireStaleSystemSends(env().services.db, env().clock.now, io)).toBe(0)
    env().clock.advance(120_000)
    expect(await expireStaleSystemSends(env().services.db, env().clock.now, io)).toBeGreaterThanOrEqual(1)
    expect(await messageRow(env(), menu.id)).toMatchObject({ ack: -1, sendError: 'ERR_SYSTEM_MESSAGE_EXPIRED' })
    expect((await jobOf(env(), menu.id)).doneAt).not.toBeNull()
    expect(await messageRow(env(), reply.id)).toMatchObject({ ack: 0, sendError: null })
    expect((await jobOf(env(), reply.id)).doneAt).toBeNull()
    expect(seen.some((e) => e.type === 'appMessage' && (e.payload.message as { id: number }).id === menu.id)).toBe(true)
  })

  test('a webhook ack that arrives before the send committed its id is held, then applied (issue 15 item 5)', async () => {
    for (const [acks, expected] of [
      [[{ ack: -1, error: 'ERR_CHANNEL_131047' }], { ack: -1, sendError: 'ERR_CHANNEL_131047' }],
      [[{ ack: 3 }, { ack: 2 }], { ack: 3, sendError: null }],
    ] as const) {
      const { message, conn } = await queued(env(), 'whatsappapi')
      const wid = `wamid.${uniq('early')}`
      const ref = { id: conn.id, companyId: conn.companyId, channel: 'whatsappapi' as const }
      const inbound = { db: env().services.db, media: env().services.media, events: env().services.events, now: () => env().clock.now }
      for (const a of acks) await handleChannelEvent(inbound, ref, { kind: 'ack', externalId: wid, ...a })
      const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from pending_acks where whatsapp_id = ${conn.id}`)
      expect(n).toBe(acks.length)
      const driver: ChannelDriver = { ...fakeDriver(async () => ({ externalId: wid, ack: 1 })), kind: 'whatsappapi' }
      await runSendBatch(deps(env(), driver), [])
      expect(await messageRow(env(), message.id)).toMatchObject({ wid, ...expected })
      const [{ left }] = await q(env(), (tx) => tx`select count(*)::int as left from pending_acks where whatsapp_id = ${conn.id}`)
      expect(left).toBe(0)
    }
  })

  test('the number form WhatsApp answered is kept for the contact and sent to from then on (issue 15 item 6)', async () => {
    const { message, contactId, conn, companyId } = await queued(env(), 'whatsapp')
    const seen: OutboundMessage[] = []
    const driver: ChannelDriver = {
      ...fakeDriver(async (m) => (seen.push(m), { externalId: `WA-${m.messageId}`, ack: 1 })),
      kind: 'whatsapp',
    }
    driver.send = async (m) => (seen.push(m), { externalId: `WA-${m.messageId}`, ack: 1, resolvedNumber: '553188887777' })
    await runSendBatch(deps(env(), driver), [conn.id])
    expect(seen.find((m) => m.messageId === message.id)?.to.numberChecked).toBe(false)
    const [kept] = await q(env(), (tx) => tx`select wa_number from contact_wa_numbers where contact_id = ${contactId}`)
    expect(kept.waNumber).toBe('553188887777')
    const second = await q(env(), async (tx) => {
      const [t] = await tx`select id from tickets where contact_id = ${contactId}`
      return enqueueSend(tx, { companyId, ticketId: t.id, whatsappId: conn.id, contactId, channel: 'whatsapp', body: 'de novo', now: env().clock.now })
    })
    await runSendBatch(deps(env(), driver), [conn.id])
    expect(seen.find((m) => m.messageId === second.id)?.to).toMatchObject({ number: '553188887777', numberChecked: true })
  })

  test('a permanent refusal fails the message at once with the channel code', async () => {
    const { message } = await queued(env())
    const driver = fakeDriver(async () => {
      throw new PermanentSendError('ERR_WAPP_WINDOW_CLOSED', 'outside the 24-hour window')
    })
    await runSendBatch(deps(env(), driver), [])
    expect(await messageRow(env(), message.id)).toMatchObject({ ack: -1, sendError: 'ERR_WAPP_WINDOW_CLOSED' })
  })

  test('an edit or a delete acts on the sent message itself: its wid is the target and no row is added', async () => {
    const { message, companyId, conn } = await queued(env(), 'simulator', 'texto')
    const driver = fakeDriver(async (m) => ({ externalId: m.externalId ?? `SIM-${m.messageId}`, ack: 1 }))
    await runSendBatch(deps(env(), driver), [])
    const sentWid = (await messageRow(env(), message.id)).wid
    const seen: OutboundMessage[] = []
    const recording = fakeDriver(async (m) => (seen.push(m), { externalId: 'EDIT-ID', ack: 1 }))
    await q(env(), async (tx) => {
      await tx`update messages set body = 'texto corrigido', is_edited = true where id = ${message.id}`
      await enqueueMessageAction(tx, { companyId, whatsappId: conn.id, messageId: message.id, kind: 'edit', now: env().clock.now })
    })
    await runSendBatch(deps(env(), recording), [])
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ kind: 'edit', body: 'texto corrigido', target: { externalId: sentWid, fromMe: true } })
    expect((await messageRow(env(), message.id)).wid).toBe(sentWid)
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from messages where ticket_id = ${message.ticketId}`)
    expect(n).toBe(1)
  })

  test('a reaction goes out aimed at the message it quotes, without a reply context', async () => {
    const { message, companyId, conn, contactId } = await queued(env(), 'simulator', 'pedido 42')
    await runSendBatch(deps(env(), fakeDriver(async (m) => ({ externalId: `SIM-${m.messageId}`, ack: 1 }))), [])
    const reaction = await q(env(), (tx) => enqueueSend(tx, {
      companyId, ticketId: message.ticketId, whatsappId: conn.id, contactId, channel: 'simulator',
      body: '👍', mediaType: 'reactionMessage', quotedMsgId: message.id, kind: 'reaction', now: env().clock.now,
    }))
    const seen: OutboundMessage[] = []
    await runSendBatch(deps(env(), fakeDriver(async (m) => (seen.push(m), { externalId: `R-${m.messageId}`, ack: 1 }))), [])
    const sent = seen.filter((m) => m.messageId === reaction.id)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ kind: 'reaction', body: '👍', target: { externalId: `SIM-${message.id}`, fromMe: true } })
    expect(sent[0].quoted).toBeUndefined()
    expect(await messageRow(env(), reaction.id)).toMatchObject({ wid: `R-${reaction.id}`, ack: 1 })
  })

  test('a send due later (forward spacing) is not claimed before its run_at', async () => {
    const { message, companyId, conn, contactId } = await queued(env())
    await runSendBatch(deps(env(), fakeDriver(async (m) => ({ externalId: `SIM-${m.messageId}`, ack: 1 }))), [])
    const later = await q(env(), (tx) => enqueueSend(tx, {
      companyId, ticketId: message.ticketId, whatsappId: conn.id, contactId, channel: 'simulator',
      body: 'encaminhada', now: env().clock.now, runAt: new Date(env().clock.now.getTime() + 900),
    }))
    const seen: number[] = []
    const driver = fakeDriver(async (m) => (seen.push(m.messageId), { externalId: `L-${m.messageId}`, ack: 1 }))
    await runSendBatch(deps(env(), driver), [])
    expect(seen).not.toContain(later.id)
    env().clock.advance(899)
    await runSendBatch(deps(env(), driver), [])
    expect(seen).not.toContain(later.id)
    env().clock.advance(1)
    await runSendBatch(deps(env(), driver), [])
    expect(seen).toContain(later.id)
  })

  test('two workers claiming at once never send the same message twice', async () => {
    const { message } = await queued(env())
    let sends = 0
    const driver = fakeDriver(async (m) => {
      if (m.messageId === message.id) sends++
      await Bun.sleep(20)
      return { externalId: `X${m.messageId}`, ack: 1 }
    })
    await Promise.all([runSendBatch(deps(env(), driver, 'a'), []), runSendBatch(deps(env(), driver, 'b'), [])])
    expect(sends).toBe(1)
  })

  test('the simulator acknowledges delivery and read through the inbound pipeline', async () => {
    const { message } = await queued(env())
    const s = env().services
    const host = new ChannelHost({ db: s.db, media: s.media, events: s.events, now: () => env().clock.now, log: () => {}, simulator: { ackDelaysMs: [1, 2] } })
    await host.kick()
    const deadline = Date.now() + 8_000
    while ((await messageRow(env(), message.id)).ack < 3 && Date.now() < deadline) await Bun.sleep(20)
    expect((await messageRow(env(), message.id)).ack).toBe(3)
    await host.stop()
  }, 15_000)

  test('acks reported before the send is stored wait for its channel id instead of being lost', async () => {
    // Several sends, so a lost ack shows on at least one of them.
    const messages = await Promise.all([1, 2, 3, 4, 5, 6].map(() => queued(env()).then((r) => r.message)))
    const s = env().services
    const acks: Promise<unknown>[] = []
    // Both acks fire in the first macrotask after send returns, while the row is still being written.
    const setTimer = (fn: () => void) => acks.push(new Promise<void>((done) => setTimeout(() => (fn(), done()), 0)))
    const host = new ChannelHost({ db: s.db, media: s.media, events: s.events, now: () => env().clock.now, log: () => {}, simulator: { ackDelaysMs: [0, 0], setTimer } })
    await host.kick()
    await Promise.all(acks)
    const acksOf = async () => Promise.all(messages.map(async (m) => (await messageRow(env(), m.id)).ack))
    const deadline = Date.now() + 8_000
    while ((await acksOf()).some((ack) => ack < 3) && Date.now() < deadline) await Bun.sleep(20)
    expect(await acksOf()).toEqual(messages.map(() => 3))
    await host.stop()
  }, 15_000)
})

async function messageConn(env: TestEnv, id: number): Promise<number> {
  return q(env, async (tx) => (await tx`select whatsapp_id from messages where id = ${id}`)[0].whatsappId)
}

test('backoff doubles from 2 s with jitter and stops growing at 5 minutes', () => {
  expect(sendBackoffMs(1, () => 0.5)).toBe(2_000)
  expect(sendBackoffMs(3, () => 0.5)).toBe(8_000)
  expect(sendBackoffMs(20, () => 0.5)).toBe(300_000)
  expect(sendBackoffMs(1, () => 0)).toBe(1_500)
  expect(sendBackoffMs(1, () => 1)).toBe(2_500)
})
