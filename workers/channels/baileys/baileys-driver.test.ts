import { expect, test } from 'bun:test'
import { proto, type UserFacingSocketConfig, type WAMessage } from 'baileys'
import { describeEachBackend } from '../../../test/env.ts'
import { rejection } from '../../../test/rejection.ts'
import type { InboundMessage } from '../types.ts'
import { loadAuthState } from './auth-state.ts'
import { BaileysDriver, DEFAULT_WA_VERSION, MAX_QR_CODES, SET_ASIDE_AFTER, type BaileysDriverOptions } from './baileys-driver.ts'
import { setAsideEvent } from '../../channel-host.ts'
import { withSystem } from '../../../server/db/tenant.ts'
import { FakeSocket } from './fake-socket.ts'
import { createConnection, manualTimers, recordingContext, storedKeys, waitFor } from './test-support.ts'

const PEER = '5511988887777@s.whatsapp.net'
const text = (id: string, body: string) =>
  proto.WebMessageInfo.fromObject({ key: { remoteJid: PEER, fromMe: false, id }, messageTimestamp: 1767225600, message: { conversation: body } }) as WAMessage

describeEachBackend('BaileysDriver with a fake socket', (env) => {
  async function setup(over: Partial<BaileysDriverOptions> = {}) {
    const owner = await createConnection(env())
    const rec = recordingContext(owner)
    const sockets: FakeSocket[] = []
    const configs: UserFacingSocketConfig[] = []
    const timers = manualTimers()
    const stored = new Map<string, proto.IMessage>([['Q1', { conversation: 'original quoted' }]])
    const driver = new BaileysDriver(rec.ctx, {
      db: env().services.db,
      mediaMaxBytes: 1000,
      getMessage: async (id) => stored.get(id),
      random: () => 0.5,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      makeSocket: (config) => {
        configs.push(config)
        const sock = new FakeSocket()
        sockets.push(sock)
        return sock.asSocket()
      },
      ...over,
    })
    const sock = () => sockets.at(-1)!
    return { owner, driver, sockets, sock, configs, timers, ...rec }
  }

  test('configures the socket: our auth state, explicit version, offline presence, ignored chats', async () => {
    const s = await setup({ waWebSocketUrl: 'ws://127.0.0.1:1/ws' })
    await s.driver.start()
    const config = s.configs[0]
    expect(config.version).toEqual(DEFAULT_WA_VERSION)
    expect(config.waWebSocketUrl).toBe('ws://127.0.0.1:1/ws')
    expect(config.markOnlineOnConnect).toBe(false)
    expect(config.shouldIgnoreJid!('status@broadcast')).toBe(true)
    expect(config.shouldIgnoreJid!('120363@newsletter')).toBe(true)
    expect(config.shouldIgnoreJid!(PEER)).toBe(false)
    expect(config.auth!.creds.registered).toBe(false)
    expect(await config.getMessage!({ id: 'Q1' })).toEqual({ conversation: 'original quoted' })
    expect(await config.getMessage!({ id: 'nope' })).toBeUndefined()
    await s.driver.stop()
  })

  test('notify and append upserts both reach emit, in order, across buffered batches', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().ev.emit('messages.upsert', { messages: [text('N1', 'live 1'), text('N2', 'live 2')], type: 'notify' })
    s.sock().ev.buffer()
    s.sock().ev.emit('messages.upsert', { messages: [text('A1', 'offline 1'), text('A2', 'offline 2')], type: 'append' })
    s.sock().ev.emit('messages.upsert', { messages: [text('N3', 'live 3')], type: 'notify' })
    await s.sock().ev.flush()
    await waitFor(() => s.events.filter((e) => e.kind === 'message').length === 5)
    const ids = s.events.filter((e) => e.kind === 'message').map((e) => (e as { message: InboundMessage }).message.externalId)
    expect(ids).toEqual(['N1', 'N2', 'A1', 'A2', 'N3'])
    await s.driver.stop()
  })

  test('a message the pipeline fails to store is retried with backoff, and later messages wait for it', async () => {
    const s = await setup()
    let failures = 2
    const emit = s.ctx.emit
    s.ctx.emit = async (event) => {
      if (event.kind === 'message' && event.message.externalId === 'R1' && failures-- > 0) throw new Error('database down')
      return emit(event)
    }
    await s.driver.start()
    s.sock().ev.emit('messages.upsert', { messages: [text('R1', 'first'), text('R2', 'second')], type: 'notify' })
    await waitFor(() => s.timers.pending.length === 1)
    expect(s.timers.delays()).toEqual([500])
    expect(s.events.filter((e) => e.kind === 'message')).toHaveLength(0)
    s.timers.fireLast()
    await waitFor(() => s.timers.pending.length === 2)
    expect(s.timers.delays()).toEqual([500, 1000])
    s.timers.fireLast()
    await waitFor(() => s.events.filter((e) => e.kind === 'message').length === 2)
    const ids = s.events.filter((e) => e.kind === 'message').map((e) => (e as { message: InboundMessage }).message.externalId)
    expect(ids).toEqual(['R1', 'R2'])
    await s.driver.stop()
  })

  test('a message that always fails to store is set aside after a few tries and the connection moves on (issue 15 item 4)', async () => {
    const s = await setup()
    const emit = s.ctx.emit
    s.ctx.emit = async (event) => {
      if (event.kind === 'message' && event.message.externalId === 'P1') throw new Error('value too long for type')
      return emit(event)
    }
    // The first attempt to set it aside meets a database that is down: nothing is dropped, the tries go on.
    let setAsideFails = 1
    s.ctx.setAside = async (event, error, attempts) => {
      if (setAsideFails-- > 0) throw new Error('database down')
      await setAsideEvent(env().services.db, { id: s.owner.whatsappId, companyId: s.owner.companyId }, event, error, attempts)
    }
    await s.driver.start()
    s.sock().ev.emit('messages.upsert', { messages: [text('P1', 'envenenada'), text('P2', 'depois')], type: 'notify' })
    for (let fired = 0; fired < SET_ASIDE_AFTER; fired++) {
      await waitFor(() => s.timers.pending.length === fired + 1)
      expect(s.events.filter((e) => e.kind === 'message')).toHaveLength(0)
      s.timers.fireLast()
    }
    await waitFor(() => s.events.filter((e) => e.kind === 'message').length === 1)
    expect((s.events.find((e) => e.kind === 'message') as { message: InboundMessage }).message.externalId).toBe('P2')
    const kept = await withSystem(env().services.db, (tx) => tx<{ kind: string; externalId: string; error: string; attempts: number }[]>`
      select kind, external_id, error, attempts from channel_event_failures where whatsapp_id = ${s.owner.whatsappId}`)
    expect([...kept]).toEqual([{ kind: 'message', externalId: 'P1', error: 'value too long for type', attempts: SET_ASIDE_AFTER + 1 }])
    await s.driver.stop()
  })

  test('acks, receipts, LID mappings and calls become events', async () => {
    const s = await setup()
    await s.driver.start()
    const ev = s.sock().ev
    ev.emit('messages.update', [{ key: { remoteJid: PEER, fromMe: true, id: 'OUT1' }, update: { status: proto.WebMessageInfo.Status.READ } }])
    ev.emit('message-receipt.update', [{ key: { remoteJid: '1203@g.us', fromMe: true, id: 'OUT2' }, receipt: { userJid: PEER, receiptTimestamp: 1 } }])
    ev.emit('lid-mapping.update', { lid: '777@lid', pn: PEER })
    ev.emit('call', [{ chatId: PEER, from: PEER, id: 'CALL1', date: new Date(0), status: 'offer', offline: false }])
    await waitFor(() => s.events.length >= 5)
    expect(s.events.slice(1)).toEqual([
      { kind: 'ack', externalId: 'OUT1', ack: 3 },
      { kind: 'ack', externalId: 'OUT2', ack: 2 },
      { kind: 'lidMapping', lid: '777', number: '5511988887777' },
      { kind: 'call', peer: { number: '5511988887777' }, callId: 'CALL1', timestamp: new Date(0) },
    ])
    await s.driver.stop()
  })

  test("the phone's address book and chat list become one addressBook event per batch", async () => {
    const s = await setup()
    await s.driver.start()
    const ev = s.sock().ev
    ev.emit('contacts.upsert', [{ id: PEER, name: 'Ana Salva', notify: 'Ana' }, { id: '1203@g.us', name: 'Grupo' }])
    ev.emit('chats.upsert', [{ id: '888@lid', pnJid: '5511977776666@s.whatsapp.net', name: 'Bruno' }])
    await waitFor(() => s.events.filter((e) => e.kind === 'addressBook').length === 2)
    expect(s.events.filter((e) => e.kind === 'addressBook')).toEqual([
      { kind: 'addressBook', entries: [{ number: '5511988887777', name: 'Ana Salva', source: 'contacts' }] },
      { kind: 'addressBook', entries: [{ lid: '888', number: '5511977776666', name: 'Bruno', source: 'chats' }] },
    ])
    await s.driver.stop()
  })

  test('shows QR codes, then gives up after three without a scan', async () => {
    const s = await setup()
    await s.driver.start()
    for (let i = 1; i <= MAX_QR_CODES + 1; i++) s.sock().qr(`qr-${i}`)
    await waitFor(() => s.statuses().includes('DISCONNECTED'))
    const qrs = s.events.filter((e) => e.kind === 'status' && e.status === 'qrcode').map((e) => (e as { qrcode: string }).qrcode)
    expect(qrs).toEqual(['qr-1', 'qr-2', 'qr-3'])
    expect(s.events.at(-1)).toEqual({ kind: 'status', status: 'DISCONNECTED', qrcode: '' })
    expect(s.sock().ended).toBe(1)
    expect(s.timers.pending).toHaveLength(0)
  })

  test('an open that follows a QR code is reported as a new link', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().qr('qr-1')
    s.sock().open()
    await waitFor(() => s.statuses().includes('CONNECTED'))
    expect(s.events.at(-1)).toMatchObject({ kind: 'status', status: 'CONNECTED', linked: true })
    await s.driver.stop()
  })

  test('open reports CONNECTED with our number; creds updates are saved', async () => {
    const s = await setup()
    await s.driver.start()
    s.configs[0].auth!.creds.me = { id: '5511955550000:7@s.whatsapp.net' }
    s.sock().ev.emit('creds.update', { me: { id: '5511955550000:7@s.whatsapp.net' } })
    s.sock().open()
    await waitFor(() => s.statuses().includes('CONNECTED'))
    expect(s.events.at(-1)).toEqual({ kind: 'status', status: 'CONNECTED', number: '5511955550000', qrcode: '' })
    const saved = await loadAuthState(env().services.db, s.owner)
    expect(saved.state.creds.me?.id).toBe('5511955550000:7@s.whatsapp.net')
    await s.driver.stop()
  })

  test('asks for a pairing code once, on the first QR, and reports it', async () => {
    const s = await setup({ pairingNumber: '+55 11 95555-0000' })
    await s.driver.start()
    s.sock().qr('qr-1')
    s.sock().qr('qr-2')
    await waitFor(() => s.statuses().includes('PAIRING'))
    await Bun.sleep(20)
    expect(s.sock().pairingFor).toBe('5511955550000')
    expect(s.events.filter((e) => e.kind === 'status' && e.status !== 'OPENING')).toEqual([
      { kind: 'status', status: 'PAIRING', qrcode: 'ABCD1234' },
    ])
    await s.driver.stop()
  })

  test('515 after pairing restarts at once on a new socket', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().close(515)
    await waitFor(() => s.sockets.length === 2)
    expect(s.sockets[0].ended).toBe(1)
    expect(s.timers.pending).toHaveLength(0)
    await s.driver.stop()
  })

  test('428 schedules a reconnect with backoff; the timer builds a new socket', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().open()
    s.sock().close(428)
    await waitFor(() => s.timers.pending.length === 1)
    expect(s.timers.delays()).toEqual([1500])
    expect(s.events.at(-1)).toEqual({ kind: 'status', status: 'OPENING', retries: 1 })
    s.timers.fireLast()
    await waitFor(() => s.sockets.length === 2)
    await s.driver.stop()
  })

  test('401 wipes the credentials and stops', async () => {
    const s = await setup()
    await s.driver.start()
    await waitFor(() => s.sockets.length === 1)
    s.sock().ev.emit('creds.update', {})
    await waitFor(async () => (await storedKeys(env(), s.owner.whatsappId)).length === 1)
    s.sock().close(401)
    await waitFor(() => s.statuses().includes('DISCONNECTED'))
    expect(await storedKeys(env(), s.owner.whatsappId)).toEqual([])
    expect(s.timers.pending).toHaveLength(0)
    expect(s.sockets).toHaveLength(1)
  })

  test('440 stops without reconnecting and keeps the credentials', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().close(440)
    await waitFor(() => s.statuses().includes('DISCONNECTED'))
    expect(s.timers.pending).toHaveLength(0)
    expect(s.sockets).toHaveLength(1)
  })

  test('sends text with our id and a quoted original, media from a path, and the rest', async () => {
    const s = await setup()
    await s.driver.start()
    expect(await rejection(s.driver.send({ messageId: 1, to: { number: '5511988887777' }, kind: 'text', body: 'x' }))).toBeInstanceOf(Error)
    s.sock().open()
    await waitFor(() => s.statuses().includes('CONNECTED'))
    const result = await s.driver.send({
      messageId: 1,
      externalId: 'BAL0001',
      to: { number: '5511988887777' },
      kind: 'text',
      body: 'resposta',
      quoted: { externalId: 'Q1', fromMe: false, body: 'fallback' },
    })
    // A number never checked is looked up first; the form WhatsApp answered comes back to be kept.
    expect(result).toEqual({ externalId: 'BAL0001', ack: 1, resolvedNumber: '5511988887777' })
    const first = s.sock().sent[0]
    expect(first.jid).toBe(PEER)
    expect(first.content).toEqual({ text: 'resposta' })
    expect(first.options?.messageId).toBe('BAL0001')
    expect(first.options?.quoted).toEqual({ key: { remoteJid: PEER, fromMe: false, id: 'Q1' }, message: { conversation: 'original quoted' } })
    await s.driver.send({
      messageId: 2,
      to: { lid: '777' },
      kind: 'media',
      body: '',
      media: { path: '/tmp/voice.ogg', mimeType: 'audio/ogg', fileName: 'voice.ogg', asVoice: true },
    })
    expect(s.sock().sent[1]).toMatchObject({ jid: '777@lid', content: { audio: { url: '/tmp/voice.ogg' }, ptt: true } })
    await s.driver.stop()
  })

  test('the ninth digit: a number registered without it is found through onWhatsApp and used (issue 15 item 6)', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().open()
    await waitFor(() => s.statuses().includes('CONNECTED'))
    // An older account in area code 31, registered before the ninth digit.
    s.sock().registered = new Set(['553188887777'])
    const result = await s.driver.send({ messageId: 1, externalId: 'BAL0009', to: { number: '5531988887777' }, kind: 'text', body: 'oi' })
    expect(result).toEqual({ externalId: 'BAL0009', ack: 1, resolvedNumber: '553188887777' })
    expect(s.sock().sent.at(-1)?.jid).toBe('553188887777@s.whatsapp.net')
    expect(s.sock().numberLookups.at(-1)).toEqual(['5531988887777', '553188887777'])
    // Checked before (contact_wa_numbers): no lookup, the stored form as it is.
    const lookups = s.sock().numberLookups.length
    await s.driver.send({ messageId: 2, to: { number: '553188887777', numberChecked: true }, kind: 'text', body: 'de novo' })
    expect(s.sock().numberLookups).toHaveLength(lookups)
    // On neither form: refused for good, nothing sent.
    const sent = s.sock().sent.length
    const refused = await rejection(s.driver.send({ messageId: 3, to: { number: '5531977776666' }, kind: 'text', body: 'x' }))
    expect(refused).toMatchObject({ code: 'ERR_WAPP_CHECK_CONTACT' })
    expect(s.sock().sent).toHaveLength(sent)
    await s.driver.stop()
  })

  test('markRead, profilePicture and checkNumber go through the socket', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().open()
    await waitFor(() => s.statuses().includes('CONNECTED'))
    await s.driver.markRead({ number: '5511988887777' }, ['IN1', 'IN2'])
    expect(s.sock().read).toEqual([
      { remoteJid: PEER, id: 'IN1', fromMe: false },
      { remoteJid: PEER, id: 'IN2', fromMe: false },
    ])
    expect(await s.driver.profilePicture({ number: '5511988887777' })).toBe(`https://pps.example/${PEER}`)
    expect(await s.driver.profilePicture({ number: '4420000000' })).toBeNull()
    expect(await s.driver.checkNumber('+55 11 98888-7777')).toBe('5511988887777')
    expect(await s.driver.checkNumber('5511988887770')).toBeNull()
    await s.driver.stop()
  })

  test('stop ends the socket and keeps credentials; logout unlinks and forgets them', async () => {
    const s = await setup()
    await s.driver.start()
    s.sock().ev.emit('creds.update', {})
    s.sock().open()
    await waitFor(() => s.statuses().includes('CONNECTED'))
    await s.driver.stop()
    expect(s.sock().ended).toBe(1)
    expect(s.sock().loggedOut).toBe(0)
    expect(await storedKeys(env(), s.owner.whatsappId)).toEqual(['creds/'])

    await s.driver.start()
    s.sock().open()
    await waitFor(() => s.statuses().filter((x) => x === 'CONNECTED').length === 2)
    await s.driver.logout()
    expect(s.sock().loggedOut).toBe(1)
    expect(await storedKeys(env(), s.owner.whatsappId)).toEqual([])
    await Bun.sleep(20)
    expect(s.sockets).toHaveLength(2)
    expect(s.timers.pending).toHaveLength(0)
  })
})
