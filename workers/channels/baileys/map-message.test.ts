import { describe, expect, test } from 'bun:test'
import { proto, type WAMessage } from 'baileys'
import type { ChannelEvent, InboundMessage } from '../types.ts'
import { mapUpsertMessage, normaliseBrazilNumber, type MapMessageOptions } from './map-message.ts'

const PEER = '5511988887777@s.whatsapp.net'
const downloaded: WAMessage[] = []
const opts: MapMessageOptions = {
  mediaMaxBytes: 1_000_000,
  download: async (msg) => {
    downloaded.push(msg)
    return new Uint8Array([1, 2, 3])
  },
  now: () => new Date('2026-11-20T12:00:00Z'),
}

/** A real WebMessageInfo, plus the Baileys 7 key fields protobuf does not know (set after decoding). */
function wa(message: proto.IMessage, key: Partial<WAMessage['key']> = {}, extra: Partial<proto.IWebMessageInfo> = {}): WAMessage {
  const { remoteJidAlt, participantAlt, ...protoKey } = key
  const msg = proto.WebMessageInfo.fromObject({
    key: { remoteJid: PEER, fromMe: false, id: 'MSG1', ...protoKey },
    messageTimestamp: 1767225600,
    pushName: 'Maria',
    message,
    ...extra,
  }) as WAMessage
  Object.assign(msg.key, remoteJidAlt && { remoteJidAlt }, participantAlt && { participantAlt })
  return msg
}

function only(events: ChannelEvent[]): InboundMessage {
  const messages = events.filter((e) => e.kind === 'message')
  expect(messages).toHaveLength(1)
  return (messages[0] as { message: InboundMessage }).message
}

describe('text messages', () => {
  test('a conversation becomes a text message from the peer', () => {
    const m = only(mapUpsertMessage(wa({ conversation: 'Olá' }), opts))
    expect(m).toMatchObject({
      externalId: 'MSG1',
      fromMe: false,
      body: 'Olá',
      mediaType: 'text',
      peer: { number: '5511988887777', name: 'Maria' },
    })
    expect(m.timestamp.toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(m.group).toBeUndefined()
  })

  test('an extended text quoting another message carries the quoted id', () => {
    const msg = wa({
      extendedTextMessage: { text: 'sim, esse', contextInfo: { stanzaId: 'QUOTED1', participant: PEER, quotedMessage: { conversation: 'qual?' } } },
    })
    expect(only(mapUpsertMessage(msg, opts))).toMatchObject({ body: 'sim, esse', quotedExternalId: 'QUOTED1' })
  })

  test('a message sent from the phone is fromMe and does not take our push name as the peer name', () => {
    const m = only(mapUpsertMessage(wa({ conversation: 'oi' }, { fromMe: true }), opts))
    expect(m.fromMe).toBe(true)
    expect(m.peer).toEqual({ number: '5511988887777' })
  })

  test('ephemeral and view-once envelopes are unwrapped', () => {
    const eph = wa({ ephemeralMessage: { message: { extendedTextMessage: { text: 'some em 7 dias' } } } })
    expect(only(mapUpsertMessage(eph, opts)).body).toBe('some em 7 dias')
    const once = wa({ viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'uma vez' } } } })
    expect(only(mapUpsertMessage(once, opts))).toMatchObject({ mediaType: 'image', body: 'uma vez' })
  })
})

describe('media', () => {
  test.each([
    [{ imageMessage: { mimetype: 'image/jpeg', caption: 'nota', fileLength: 2048 } }, 'image', 'image/jpeg', 'nota', undefined],
    [{ videoMessage: { mimetype: 'video/mp4', fileLength: 4096 } }, 'video', 'video/mp4', '', undefined],
    [{ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, fileLength: 100 } }, 'audio', 'audio/ogg; codecs=opus', '', undefined],
    [{ stickerMessage: { mimetype: 'image/webp', fileLength: 300 } }, 'sticker', 'image/webp', '', undefined],
    [{ documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf', caption: 'segue', fileLength: 5000 } }, 'application', 'application/pdf', 'segue', 'boleto.pdf'],
    [
      { documentWithCaptionMessage: { message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nf.pdf', caption: 'nf', fileLength: 10 } } } },
      'application',
      'application/pdf',
      'nf',
      'nf.pdf',
    ],
  ])('%o maps to %s', async (message, mediaType, mimeType, body, fileName) => {
    const msg = wa(message as proto.IMessage)
    const m = only(mapUpsertMessage(msg, opts))
    expect(m.mediaType).toBe(mediaType as InboundMessage['mediaType'])
    expect(m.body).toBe(body)
    expect(m.media?.mimeType).toBe(mimeType)
    expect(m.media?.fileName).toBe(fileName)
    expect(m.media?.size).toBeGreaterThan(0)
    expect(m.media?.data).toBeUndefined()
    downloaded.length = 0
    expect(await m.media!.fetch!()).toEqual(new Uint8Array([1, 2, 3]))
    expect(downloaded).toEqual([msg])
  })

  test('media over the size limit arrives as a text note and is never downloaded', () => {
    const msg = wa({ videoMessage: { mimetype: 'video/mp4', caption: 'festa', fileLength: 50_000_000 } })
    const m = only(mapUpsertMessage(msg, { ...opts, mediaMaxBytes: 16_000_000 }))
    expect(m.mediaType).toBe('text')
    expect(m.media).toBeUndefined()
    expect(m.body).toStartWith('festa\n')
    expect(m.body).toContain('50000000 bytes')
    expect(m.body).toContain('too large')
  })
})

describe('location, contacts, reactions', () => {
  test('a location becomes a locationMessage with a maps link', () => {
    const msg = wa({ locationMessage: { degreesLatitude: -23.5614, degreesLongitude: -46.6559, name: 'Loja Paulista', address: 'Av. Paulista, 1000' } })
    const m = only(mapUpsertMessage(msg, opts))
    expect(m.mediaType).toBe('locationMessage')
    expect(m.body).toBe('Loja Paulista\nAv. Paulista, 1000\nhttps://maps.google.com/maps?q=-23.5614,-46.6559')
  })

  test('a contact card keeps its vCard', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João Lima\nTEL;type=CELL;waid=5511977770000:+55 11 97777-0000\nEND:VCARD'
    const m = only(mapUpsertMessage(wa({ contactMessage: { displayName: 'João Lima', vcard } }), opts))
    expect(m).toMatchObject({ mediaType: 'contactMessage', body: 'João Lima', vCard: vcard })
  })

  test('a reaction points at the reacted message, and an empty one removes it', () => {
    const add = wa({ reactionMessage: { key: { remoteJid: PEER, fromMe: true, id: 'OURS1' }, text: '👍' } })
    expect(only(mapUpsertMessage(add, opts))).toMatchObject({ mediaType: 'reactionMessage', body: '👍', reactionTo: 'OURS1' })
    const remove = wa({ reactionMessage: { key: { remoteJid: PEER, fromMe: true, id: 'OURS1' }, text: '' } })
    expect(only(mapUpsertMessage(remove, opts))).toMatchObject({ body: '', reactionTo: 'OURS1' })
  })
})

describe('revokes and edits', () => {
  test('a REVOKE protocol message revokes its target', () => {
    const msg = wa({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { remoteJid: PEER, id: 'GONE1' } } }, { id: 'P1' })
    expect(mapUpsertMessage(msg, opts)).toEqual([{ kind: 'revoke', externalId: 'GONE1' }])
  })

  test('a MESSAGE_EDIT inside editedMessage edits its target', () => {
    const msg = wa({
      editedMessage: {
        message: {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            key: { remoteJid: PEER, id: 'ORIG1' },
            editedMessage: { conversation: 'corrigido' },
          },
        },
      },
    })
    expect(mapUpsertMessage(msg, opts)).toEqual([{ kind: 'edit', externalId: 'ORIG1', body: 'corrigido' }])
  })

  test('other protocol messages produce nothing', () => {
    const msg = wa({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } })
    expect(mapUpsertMessage(msg, opts)).toEqual([])
  })
})

describe('chats and identities', () => {
  test('a group message names the group and its author', () => {
    const msg = wa({ conversation: 'bom dia grupo' }, { remoteJid: '120363025246125486@g.us', participant: '5511977770000@s.whatsapp.net' })
    const m = only(mapUpsertMessage(msg, opts))
    expect(m.group).toEqual({ id: '120363025246125486' })
    expect(m.participant).toEqual({ number: '5511977770000', name: 'Maria' })
  })

  test('status broadcasts and newsletters produce nothing', () => {
    expect(mapUpsertMessage(wa({ conversation: 'story' }, { remoteJid: 'status@broadcast' }), opts)).toEqual([])
    expect(mapUpsertMessage(wa({ conversation: 'news' }, { remoteJid: '120363@newsletter' }), opts)).toEqual([])
  })

  test('a LID chat with its phone alternate fills both and reports the mapping first', () => {
    const msg = wa({ conversation: 'oi' }, { remoteJid: '201234567890123@lid', remoteJidAlt: '557188887777@s.whatsapp.net' })
    const events = mapUpsertMessage(msg, opts)
    expect(events[0]).toEqual({ kind: 'lidMapping', lid: '201234567890123', number: '557188887777' })
    expect(only(events).peer).toEqual({ lid: '201234567890123', number: '557188887777', name: 'Maria' })
    expect(normaliseBrazilNumber(only(events).peer.number!)).toBe('5571988887777')
  })

  test('a LID group author with its phone alternate', () => {
    const msg = wa({ conversation: 'oi' }, { remoteJid: '120363@g.us', participant: '3333@lid', participantAlt: '5511977770000@s.whatsapp.net' })
    const events = mapUpsertMessage(msg, opts)
    expect(events[0]).toEqual({ kind: 'lidMapping', lid: '3333', number: '5511977770000' })
    expect(only(events).participant).toEqual({ lid: '3333', number: '5511977770000', name: 'Maria' })
  })

  test('a LID chat without an alternate has only the lid and no mapping', () => {
    const events = mapUpsertMessage(wa({ conversation: 'oi' }, { remoteJid: '4444@lid' }), opts)
    expect(events).toHaveLength(1)
    expect(only(events).peer).toEqual({ lid: '4444', name: 'Maria' })
  })

  test('decryption stubs and key-distribution-only messages produce nothing', () => {
    const stub = wa({}, {}, { messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT, messageStubParameters: ['Bad MAC'] })
    stub.message = null
    expect(mapUpsertMessage(stub, opts)).toEqual([])
    const skd = wa({ senderKeyDistributionMessage: { groupId: '120363@g.us' } }, { remoteJid: '120363@g.us', participant: PEER })
    expect(mapUpsertMessage(skd, opts)).toEqual([])
  })

  test('history imports are flagged', () => {
    expect(only(mapUpsertMessage(wa({ conversation: 'antiga' }), { ...opts, imported: true })).imported).toBe(true)
  })
})
