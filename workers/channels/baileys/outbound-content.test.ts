import { describe, expect, test } from 'bun:test'
import { PermanentSendError, type OutboundMessage } from '../types.ts'
import { buildSend } from './outbound-content.ts'

const PEER = '5511988887777@s.whatsapp.net'
const base: OutboundMessage = { messageId: 1, to: { number: '5511988887777' }, kind: 'text', body: 'olá' }
const target = { externalId: 'T1', fromMe: true }
const targetKey = { remoteJid: PEER, fromMe: true, id: 'T1' }

describe('buildSend', () => {
  test('text uses our chosen id', () => {
    expect(buildSend({ ...base, externalId: 'BAL1' })).toEqual({ jid: PEER, content: { text: 'olá' }, options: { messageId: 'BAL1' } })
  })

  test('a quote without the stored original falls back to its body', () => {
    const { options } = buildSend({ ...base, quoted: { externalId: 'Q1', fromMe: false, body: 'antes' } })
    expect(options.quoted).toEqual({ key: { remoteJid: PEER, fromMe: false, id: 'Q1' }, message: { conversation: 'antes' } })
  })

  test.each([
    ['image/jpeg', { image: { url: '/f' }, caption: 'legenda', mimetype: 'image/jpeg' }],
    ['video/mp4', { video: { url: '/f' }, caption: 'legenda', mimetype: 'video/mp4' }],
    ['audio/mpeg', { audio: { url: '/f' }, mimetype: 'audio/mpeg', ptt: false }],
    ['application/pdf', { document: { url: '/f' }, mimetype: 'application/pdf', fileName: 'f.pdf', caption: 'legenda' }],
  ])('media %s is sent from its path', (mimeType, content) => {
    const msg: OutboundMessage = { ...base, kind: 'media', body: 'legenda', media: { path: '/f', mimeType, fileName: 'f.pdf' } }
    expect(buildSend(msg).content).toEqual(content as never)
  })

  test('a voice note is ptt ogg/opus', () => {
    const msg: OutboundMessage = { ...base, kind: 'media', body: '', media: { path: '/v.ogg', mimeType: 'audio/ogg', fileName: 'v.ogg', asVoice: true } }
    expect(buildSend(msg).content).toEqual({ audio: { url: '/v.ogg' }, mimetype: 'audio/ogg; codecs=opus', ptt: true })
  })

  test('location, vCard, reaction, edit and delete', () => {
    const loc = buildSend({ ...base, kind: 'location', location: { latitude: -23.5, longitude: -46.6, name: 'Loja' } })
    expect(loc.content).toEqual({ location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja', address: undefined } })
    const vCard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Suporte Balcão\nTEL;type=CELL;waid=551140040000:+55 11 4004-0000\nEND:VCARD'
    expect(buildSend({ ...base, kind: 'vcard', vCard }).content).toEqual({ contacts: { displayName: 'Suporte Balcão', contacts: [{ vcard: vCard }] } })
    expect(buildSend({ ...base, kind: 'reaction', body: '👍', target }).content).toEqual({ react: { text: '👍', key: targetKey } })
    expect(buildSend({ ...base, kind: 'edit', body: 'novo', target }).content).toEqual({ text: 'novo', edit: targetKey })
    expect(buildSend({ ...base, kind: 'delete', target }).content).toEqual({ delete: targetKey })
  })

  test('templates and target-less edits are permanent failures', () => {
    expect(() => buildSend({ ...base, kind: 'template' })).toThrow(PermanentSendError)
    expect(() => buildSend({ ...base, kind: 'edit' })).toThrow(PermanentSendError)
  })
})
