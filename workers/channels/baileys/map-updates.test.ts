import { describe, expect, test } from 'bun:test'
import { proto } from 'baileys'
import { mapCall, mapLidMapping, mapMessageUpdate, mapReceiptUpdate, statusToAck } from './map-updates.ts'

const PEER = '5511988887777@s.whatsapp.net'
const key = (id: string, remoteJid = PEER) => ({ remoteJid, fromMe: true, id })
const S = proto.WebMessageInfo.Status

describe('acks', () => {
  test.each([
    [S.ERROR, -1],
    [S.PENDING, 0],
    [S.SERVER_ACK, 1],
    [S.DELIVERY_ACK, 2],
    [S.READ, 3],
    [S.PLAYED, 4],
  ])('status %d is ack %d', (status, ack) => {
    expect(statusToAck(status)).toBe(ack as never)
    expect(mapMessageUpdate({ key: key('A1'), update: { status } })).toEqual([{ kind: 'ack', externalId: 'A1', ack: ack as never }])
  })

  test('an ERROR status carries the server error code', () => {
    expect(mapMessageUpdate({ key: key('A1'), update: { status: S.ERROR, messageStubParameters: ['463'] } })).toEqual([
      { kind: 'ack', externalId: 'A1', ack: -1, error: '463' },
    ])
  })

  test('an update without a status is not an ack', () => {
    expect(statusToAck(undefined)).toBeUndefined()
    expect(mapMessageUpdate({ key: key('A1'), update: { starred: true } })).toEqual([])
  })

  test('group receipts report the furthest state', () => {
    const receipt = (r: proto.IUserReceipt) => mapReceiptUpdate({ key: key('G1', '120363@g.us'), receipt: { userJid: PEER, ...r } })
    expect(receipt({ receiptTimestamp: 1 })).toEqual([{ kind: 'ack', externalId: 'G1', ack: 2 }])
    expect(receipt({ receiptTimestamp: 1, readTimestamp: 2 })).toEqual([{ kind: 'ack', externalId: 'G1', ack: 3 }])
    expect(receipt({ playedTimestamp: 3 })).toEqual([{ kind: 'ack', externalId: 'G1', ack: 4 }])
    expect(receipt({})).toEqual([])
  })

  test('updates on status broadcasts are ignored', () => {
    expect(mapMessageUpdate({ key: key('A1', 'status@broadcast'), update: { status: S.READ } })).toEqual([])
  })
})

describe('revokes and edits through messages.update', () => {
  test('message null with a REVOKE stub is a revoke', () => {
    const update = { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE }
    expect(mapMessageUpdate({ key: key('X1'), update })).toEqual([{ kind: 'revoke', externalId: 'X1' }])
  })

  test('editedMessage with the new content is an edit', () => {
    const update = { message: { editedMessage: { message: { extendedTextMessage: { text: 'novo texto' } } } }, messageTimestamp: 1767225700 }
    expect(mapMessageUpdate({ key: key('E1'), update })).toEqual([{ kind: 'edit', externalId: 'E1', body: 'novo texto' }])
  })

  test('editedMessage wrapping a MESSAGE_EDIT protocol message is an edit too', () => {
    const inner = { protocolMessage: { type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, key: key('E2'), editedMessage: { conversation: 'v2' } } }
    expect(mapMessageUpdate({ key: key('E2'), update: { message: { editedMessage: { message: inner } } } })).toEqual([
      { kind: 'edit', externalId: 'E2', body: 'v2' },
    ])
  })
})

describe('calls and LID mappings', () => {
  const date = new Date('2026-11-20T12:00:00Z')
  test('an offer is a call from the caller', () => {
    const call = { chatId: PEER, from: '777@lid', callerPn: PEER, id: 'CALL1', date, status: 'offer' as const, offline: false }
    expect(mapCall(call)).toEqual([{ kind: 'call', peer: { lid: '777', number: '5511988887777' }, callId: 'CALL1', timestamp: date }])
  })

  test('ringing, terminate and the rest are not calls to record', () => {
    for (const status of ['ringing', 'timeout', 'reject', 'accept', 'terminate'] as const) {
      expect(mapCall({ chatId: PEER, from: PEER, id: 'C', date, status, offline: false })).toEqual([])
    }
  })

  test('lid-mapping.update gives the lid and the digits of the number', () => {
    expect(mapLidMapping({ lid: '201234@lid', pn: '5571988887777@s.whatsapp.net' })).toEqual([
      { kind: 'lidMapping', lid: '201234', number: '5571988887777' },
    ])
    expect(mapLidMapping({ lid: '201234', pn: '5571988887777' })).toEqual([{ kind: 'lidMapping', lid: '201234', number: '5571988887777' }])
  })
})
