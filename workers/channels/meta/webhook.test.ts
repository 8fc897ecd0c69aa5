import { describe, expect, test } from 'bun:test'
import type { InboundMessage } from '../types.ts'
import { metaEvents, parseMetaWebhook, type MetaItem } from './webhook.ts'

const PAGE = '104500600700'
const IG = '17841400000000001'
const PSID = '6001002003004005'

const fetched: string[] = []
const download = async (url: string) => {
  fetched.push(url)
  return new Uint8Array([9, 9])
}

function itemsOf(object: 'page' | 'instagram', messaging: Record<string, unknown>[], account = object === 'page' ? PAGE : IG): MetaItem[] {
  const entries = parseMetaWebhook({ object, entry: [{ id: account, time: 1790000000000, messaging }] })!
  return entries.flatMap((e) => metaEvents(e, download))
}

const fromCustomer = (extra: Record<string, unknown>, account = PAGE) => ({
  sender: { id: PSID },
  recipient: { id: account },
  timestamp: 1790000000500,
  ...extra,
})

function onlyMessage(items: MetaItem[]): InboundMessage {
  expect(items).toHaveLength(1)
  const e = items[0]
  if (e.kind !== 'message') throw new Error(`expected message, got ${e.kind}`)
  return e.message
}

describe('envelope', () => {
  test('each entry names its page or Instagram account', () => {
    expect(parseMetaWebhook({ object: 'page', entry: [{ id: PAGE, messaging: [] }] })?.map((e) => [e.object, e.accountId])).toEqual([
      ['page', PAGE],
    ])
    expect(parseMetaWebhook({ object: 'instagram', entry: [{ id: IG, time: 1 }] })?.[0].items).toEqual([])
  })

  test('other objects are not ours', () => {
    expect(parseMetaWebhook({ object: 'whatsapp_business_account', entry: [] })).toBeNull()
  })
})

describe('messages', () => {
  test('text from the customer, with the quoted mid', () => {
    const m = onlyMessage(itemsOf('page', [fromCustomer({ message: { mid: 'm_IN1', text: 'Entregam sábado?', reply_to: { mid: 'm_PREV' } } })]))
    expect(m).toMatchObject({ externalId: 'm_IN1', fromMe: false, body: 'Entregam sábado?', mediaType: 'text', peer: { number: PSID } })
    expect(m.quotedExternalId).toBe('m_PREV')
    expect(m.timestamp.getTime()).toBe(1790000000500)
  })

  test('an echo is ours, with the customer as peer', () => {
    const items = itemsOf('page', [{ sender: { id: PAGE }, recipient: { id: PSID }, timestamp: 1, message: { mid: 'm_OUT', is_echo: true, app_id: 1, text: 'Olá' } }])
    expect(onlyMessage(items)).toMatchObject({ externalId: 'm_OUT', fromMe: true, peer: { number: PSID }, body: 'Olá' })
  })

  test('attachments are media fetched from their URL, one message each', async () => {
    const items = itemsOf('page', [
      fromCustomer({
        message: {
          mid: 'm_ATT',
          attachments: [
            { type: 'image', payload: { url: 'https://cdn.example/p/foto.png?x=1' } },
            { type: 'file', payload: { url: 'https://cdn.example/f/boleto.pdf' } },
          ],
        },
      }),
    ])
    const [a, b] = items.map((i) => (i.kind === 'message' ? i.message : null))
    expect(a).toMatchObject({ externalId: 'm_ATT', mediaType: 'image', media: { mimeType: 'image/png', fileName: 'foto.png' } })
    expect(b).toMatchObject({ externalId: 'm_ATT:1', mediaType: 'application', media: { mimeType: 'application/pdf', fileName: 'boleto.pdf' } })
    expect([...(await a!.media!.fetch!())]).toEqual([9, 9])
    expect(fetched).toContain('https://cdn.example/p/foto.png?x=1')
  })

  test('a share without media is kept as text with its link', () => {
    const m = onlyMessage(itemsOf('instagram', [fromCustomer({ message: { mid: 'm_SH', attachments: [{ type: 'share', payload: { url: 'https://ig.example/p/1' } }] } }, IG)]))
    expect(m).toMatchObject({ mediaType: 'text', body: '[share] https://ig.example/p/1' })
  })

  test('a postback is text with its title', () => {
    const m = onlyMessage(itemsOf('page', [fromCustomer({ postback: { mid: 'm_PB', title: 'Falar com atendente', payload: 'HUMAN' } })]))
    expect(m).toMatchObject({ externalId: 'm_PB', body: 'Falar com atendente', mediaType: 'text' })
  })
})

describe('reactions and deletions', () => {
  test('react is a reactionMessage on the target; unreact removes it', () => {
    const r = onlyMessage(itemsOf('page', [fromCustomer({ reaction: { mid: 'm_OURS', action: 'react', reaction: 'love', emoji: '❤️' } })]))
    expect(r).toMatchObject({ mediaType: 'reactionMessage', body: '❤️', reactionTo: 'm_OURS' })
    const u = onlyMessage(itemsOf('page', [fromCustomer({ reaction: { mid: 'm_OURS', action: 'unreact' } })]))
    expect(u).toMatchObject({ mediaType: 'reactionMessage', body: '', reactionTo: 'm_OURS' })
    expect(u.externalId).not.toBe(r.externalId)
  })

  test('an Instagram unsend is a revoke', () => {
    expect(itemsOf('instagram', [fromCustomer({ message: { mid: 'm_GONE', is_deleted: true } }, IG)])).toEqual([{ kind: 'revoke', externalId: 'm_GONE' }])
  })
})

describe('receipts', () => {
  test('delivery with mids acks each as delivered', () => {
    expect(itemsOf('page', [fromCustomer({ delivery: { mids: ['m_A', 'm_B'], watermark: 1790000001000 } })])).toEqual([
      { kind: 'ack', externalId: 'm_A', ack: 2 },
      { kind: 'ack', externalId: 'm_B', ack: 2 },
    ])
  })

  test('Messenger read is a watermark for the customer; Instagram read names the mid', () => {
    expect(itemsOf('page', [fromCustomer({ read: { watermark: 1790000002000 } })])).toEqual([
      { kind: 'watermark', peerId: PSID, ack: 3, upTo: new Date(1790000002000) },
    ])
    expect(itemsOf('instagram', [fromCustomer({ read: { mid: 'm_SEEN' } }, IG)])).toEqual([{ kind: 'ack', externalId: 'm_SEEN', ack: 3 }])
  })
})
