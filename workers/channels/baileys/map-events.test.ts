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
