import { expect, test } from 'bun:test'
import { proto, type WAMessage } from 'baileys'
import { mapBaileysEvents } from './map-events.ts'

const PEER = '5511988887777@s.whatsapp.net'
const opts = { mediaMaxBytes: 1000, download: async () => new Uint8Array(), now: () => new Date(0) }
const msg = (id: string, key: Record<string, unknown> = {}) => {
  const m = proto.WebMessageInfo.fromObject({ key: { remoteJid: PEER, id }, messageTimestamp: 1, message: { conversation: id } }) as WAMessage
  return Object.assign(m, { key: { ...m.key, ...key } })
}

test('one batch maps to mappings, then messages in order, then acks and calls', () => {
  const events = mapBaileysEvents(
    {
      'messages.upsert': { messages: [msg('M1'), msg('M2', { remoteJid: '9@lid', remoteJidAlt: PEER })], type: 'append' },
      'messages.update': [{ key: { remoteJid: PEER, id: 'M0' }, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }],
      'lid-mapping.update': { lid: '8@lid', pn: PEER },
      call: [{ chatId: PEER, from: PEER, id: 'C1', date: new Date(0), status: 'offer', offline: true }],
      'connection.update': { connection: 'open' },
    },
    opts,
  )
  expect(events.map((e) => (e.kind === 'message' ? `message:${e.message.externalId}` : e.kind))).toEqual([
    'lidMapping',
    'message:M1',
    'lidMapping',
    'message:M2',
    'ack',
    'call',
  ])
})

test('a batch with only connection and creds updates maps to nothing', () => {
  expect(mapBaileysEvents({ 'connection.update': { connection: 'open' }, 'creds.update': {} }, opts)).toEqual([])
})

test('an import takes the history inside its window, oldest first, without groups unless asked, then reports progress', () => {
  const at = (id: string, seconds: number, jid = PEER) =>
    proto.WebMessageInfo.fromObject({ key: { remoteJid: jid, id }, messageTimestamp: seconds, message: { conversation: id } }) as WAMessage
  const history = {
    chats: [],
    contacts: [],
    messages: [at('LATE', 300), at('OLD', 50), at('IN2', 200), at('GROUP', 150, '1203630@g.us'), at('IN1', 120)],
    isLatest: true,
  }
  const window = { from: new Date(100_000), to: new Date(250_000), groups: false }
  const events = mapBaileysEvents({ 'messaging-history.set': history } as never, { ...opts, history: window })
  const messages = events.filter((e) => e.kind === 'message')
  expect(messages.map((e) => e.kind === 'message' && e.message.externalId)).toEqual(['IN1', 'IN2'])
  expect(messages.every((e) => e.kind === 'message' && e.message.imported)).toBe(true)
  expect(events.at(-1)).toEqual({ kind: 'importProgress', total: 2, done: 2, date: new Date(200_000) })

  const withGroups = mapBaileysEvents({ 'messaging-history.set': { ...history, isLatest: false } } as never, { ...opts, history: { ...window, groups: true } })
  expect(withGroups.filter((e) => e.kind === 'message').map((e) => e.kind === 'message' && e.message.externalId)).toEqual(['IN1', 'GROUP', 'IN2'])
  expect(withGroups.at(-1)).toMatchObject({ kind: 'importProgress', done: 3, total: 4 })
  // Without an import, history is not taken at all.
  expect(mapBaileysEvents({ 'messaging-history.set': history } as never, opts)).toEqual([])
})
