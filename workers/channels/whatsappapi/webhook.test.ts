import { describe, expect, test } from 'bun:test'
import type { ChannelEvent, InboundMessage } from '../types.ts'
import { cloudEvents, parseCloudWebhook, type CloudMediaSource } from './webhook.ts'

const PHONE_ID = '700100200300'
const CUSTOMER = '5521977001122'

function envelope(value: Record<string, unknown>, phoneNumberId = PHONE_ID) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '900800700',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '552130001000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  }
}

const downloads: string[] = []
const source: CloudMediaSource = {
  async downloadMedia(id) {
    downloads.push(id)
    return new TextEncoder().encode(`bytes of ${id}`)
  },
}

function eventsOf(value: Record<string, unknown>): ChannelEvent[] {
  const changes = parseCloudWebhook(envelope(value))!
  return changes.flatMap((c) => cloudEvents(c.value, source))
}

function inbound(msg: Record<string, unknown>, name = 'Carla Dias'): InboundMessage {
  const events = eventsOf({
    contacts: [{ profile: { name }, wa_id: CUSTOMER }],
    messages: [{ from: CUSTOMER, id: 'wamid.IN1', timestamp: '1790000000', ...msg }],
  })
  expect(events).toHaveLength(1)
  const e = events[0]
  if (e.kind !== 'message') throw new Error(`expected a message, got ${e.kind}`)
  return e.message
}

describe('envelope', () => {
  test('names the phone number id of each change', () => {
    const changes = parseCloudWebhook(envelope({ messages: [] }, '111222'))
    expect(changes?.map((c) => c.phoneNumberId)).toEqual(['111222'])
  })

  test('skips changes of other fields and refuses other objects', () => {
    const body = envelope({})
    body.entry[0].changes[0].field = 'message_template_status_update'
    expect(parseCloudWebhook(body)).toEqual([])
    expect(parseCloudWebhook({ object: 'page', entry: [] })).toBeNull()
  })
})

describe('inbound messages', () => {
  test('text carries body, sender number, profile name and time', () => {
    const m = inbound({ type: 'text', text: { body: 'Meu pedido não chegou' } })
    expect(m).toMatchObject({
      externalId: 'wamid.IN1',
      fromMe: false,
      body: 'Meu pedido não chegou',
      mediaType: 'text',
      peer: { number: CUSTOMER, name: 'Carla Dias' },
    })
    expect(m.timestamp.toISOString()).toBe(new Date(1790000000 * 1000).toISOString())
  })

  test('a reply keeps the quoted message id', () => {
    const m = inbound({ type: 'text', text: { body: 'sim' }, context: { from: '552130001000', id: 'wamid.OURS9' } })
    expect(m.quotedExternalId).toBe('wamid.OURS9')
  })

  test('image is media with caption, fetched through the driver', async () => {
    const m = inbound({ type: 'image', image: { id: 'MEDIA-IMG-1', mime_type: 'image/jpeg', sha256: 'x', caption: 'comprovante' } })
    expect(m).toMatchObject({ mediaType: 'image', body: 'comprovante', media: { mimeType: 'image/jpeg' } })
    expect(new TextDecoder().decode(await m.media!.fetch!())).toBe('bytes of MEDIA-IMG-1')
    expect(downloads).toContain('MEDIA-IMG-1')
  })

  test('audio, video and sticker keep their kinds', () => {
    expect(inbound({ type: 'audio', audio: { id: 'A1', mime_type: 'audio/ogg; codecs=opus', voice: true } }).mediaType).toBe('audio')
    expect(inbound({ type: 'video', video: { id: 'V1', mime_type: 'video/mp4' } }).mediaType).toBe('video')
    expect(inbound({ type: 'sticker', sticker: { id: 'S1', mime_type: 'image/webp', animated: false } }).mediaType).toBe('sticker')
  })

  test('document keeps its file name', () => {
    const m = inbound({ type: 'document', document: { id: 'D1', mime_type: 'application/pdf', filename: 'nota-123.pdf' } })
    expect(m).toMatchObject({ mediaType: 'application', body: 'nota-123.pdf', media: { fileName: 'nota-123.pdf' } })
  })

  test('location becomes a map link with its name', () => {
    const m = inbound({ type: 'location', location: { latitude: -22.9068, longitude: -43.1729, name: 'Loja Centro', address: 'Rua A, 10' } })
    expect(m.mediaType).toBe('locationMessage')
    expect(m.body).toBe('Loja Centro\nRua A, 10\nhttps://maps.google.com/maps?q=-22.9068,-43.1729')
  })

  test('contacts become a vCard', () => {
    const m = inbound({
      type: 'contacts',
      contacts: [{ name: { formatted_name: 'Rui Costa', first_name: 'Rui' }, phones: [{ phone: '+55 21 96666-0000', wa_id: '5521966660000', type: 'CELL' }] }],
    })
    expect(m.mediaType).toBe('contactMessage')
    expect(m.body).toBe('Rui Costa')
    expect(m.vCard).toContain('FN:Rui Costa')
    expect(m.vCard).toContain('waid=5521966660000:+55 21 96666-0000')
  })

  test('button and list replies are text with the chosen title', () => {
    const b = inbound({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'track', title: 'Rastrear' } } })
    const l = inbound({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'o2', title: 'Trocar', description: 'x' } } })
    const t = inbound({ type: 'button', button: { payload: 'STOP', text: 'Parar promoções' } })
    expect([b.body, l.body, t.body]).toEqual(['Rastrear', 'Trocar', 'Parar promoções'])
    expect(b.mediaType).toBe('text')
  })

  test('reaction points at the message reacted to; removal has an empty body', () => {
    const r = inbound({ type: 'reaction', reaction: { message_id: 'wamid.OURS1', emoji: '👍' } })
    expect(r).toMatchObject({ mediaType: 'reactionMessage', body: '👍', reactionTo: 'wamid.OURS1' })
    expect(r.quotedExternalId).toBeUndefined()
    const removed = inbound({ type: 'reaction', reaction: { message_id: 'wamid.OURS1' } })
    expect(removed).toMatchObject({ body: '', reactionTo: 'wamid.OURS1' })
  })

  test('unsupported and unknown kinds are kept as text naming the kind', () => {
    const u = inbound({ type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }] })
    expect(u).toMatchObject({ mediaType: 'text', body: '[unsupported message: unsupported] (Message type unknown)' })
    expect(inbound({ type: 'order', order: { catalog_id: '1' } }).body).toBe('[unsupported message: order]')
  })

  test('a media kind without its object is kept as text too', () => {
    expect(inbound({ type: 'image' }).body).toBe('[unsupported message: image]')
  })
})

describe('statuses', () => {
  test('map to acks, failed with its error title', () => {
    const events = eventsOf({
      statuses: [
        { id: 'wamid.O1', status: 'sent', timestamp: '1790000001', recipient_id: CUSTOMER },
        { id: 'wamid.O1', status: 'delivered', timestamp: '1790000002', recipient_id: CUSTOMER },
        { id: 'wamid.O1', status: 'read', timestamp: '1790000003', recipient_id: CUSTOMER },
        { id: 'wamid.O2', status: 'failed', timestamp: '1790000004', errors: [{ code: 131047, title: 'Re-engagement message' }] },
        { id: 'wamid.O3', status: 'deleted', timestamp: '1790000005' },
      ],
    })
    expect(events).toEqual([
      { kind: 'ack', externalId: 'wamid.O1', ack: 1 },
      { kind: 'ack', externalId: 'wamid.O1', ack: 2 },
      { kind: 'ack', externalId: 'wamid.O1', ack: 3 },
      { kind: 'ack', externalId: 'wamid.O2', ack: -1, error: '131047 Re-engagement message' },
    ])
  })

  test('messages come before statuses of the same change', () => {
    const events = eventsOf({
      messages: [{ from: CUSTOMER, id: 'wamid.X', timestamp: '1', type: 'text', text: { body: 'oi' } }],
      statuses: [{ id: 'wamid.O1', status: 'read' }],
    })
    expect(events.map((e) => e.kind)).toEqual(['message', 'ack'])
  })
})
