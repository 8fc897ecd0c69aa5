import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphErrors, startFakeGraph, type FakeGraph } from '../../../test/fake-graph.ts'
import { rejection } from '../../../test/rejection.ts'
import { PermanentSendError, type OutboundMessage } from '../types.ts'
import { GraphApiError } from '../meta/graph-client.ts'
import { CloudApiDriver, vCardToContacts } from './cloud-api-driver.ts'

const NOW = new Date('2026-11-20T12:00:00Z')
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000)

let graph: FakeGraph
let driver: CloudApiDriver
let dir: string

beforeAll(async () => {
  graph = await startFakeGraph()
  dir = mkdtempSync(join(tmpdir(), 'cloud-driver-'))
  driver = new CloudApiDriver(
    { graphBaseUrl: graph.url, apiVersion: 'v23.0', phoneNumberId: '700100200300', accessToken: 'cloud-token-1' },
    { now: () => NOW },
  )
})
afterAll(async () => {
  await graph.stop()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => graph.reset())

const msg = (over: Partial<OutboundMessage>): OutboundMessage => ({
  messageId: 1,
  to: { number: '5521977001122' },
  kind: 'text',
  body: 'Olá',
  lastInboundAt: hoursAgo(1),
  ...over,
})

describe('send inside the 24-hour window', () => {
  test('text goes to /{version}/{phoneNumberId}/messages with the bearer token', async () => {
    const result = await driver.send(msg({ body: 'Seu pedido sai hoje: https://exemplo.com/r' }))
    expect(result.externalId).toMatch(/^wamid\.\d+$/)
    expect(result.ack).toBe(1)
    const [req] = graph.find('/700100200300/messages', 'POST')
    expect(req.version).toBe('v23.0')
    expect(req.headers.authorization).toBe('Bearer cloud-token-1')
    expect(req.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5521977001122',
      type: 'text',
      text: { body: 'Seu pedido sai hoje: https://exemplo.com/r', preview_url: true },
    })
  })

  test('a quoted text carries context.message_id', async () => {
    await driver.send(msg({ quoted: { externalId: 'wamid.CUST7', fromMe: false, body: 'x' } }))
    expect(graph.find('/700100200300/messages')[0].json.context).toEqual({ message_id: 'wamid.CUST7' })
  })

  test('media is uploaded first, then sent by its id', async () => {
    const path = join(dir, 'fatura.pdf')
    writeFileSync(path, '%PDF-1.4 fake')
    await driver.send(msg({ kind: 'media', body: 'Fatura de março', media: { path, mimeType: 'application/pdf', fileName: 'fatura.pdf' } }))
    const [upload, send] = graph.requests
    expect(upload.path).toBe('/700100200300/media')
    expect(upload.form).toMatchObject({ messaging_product: 'whatsapp', type: 'application/pdf', file: { name: 'fatura.pdf', size: 13 } })
    const mediaId = [...graph.media.keys()][0]
    expect(new TextDecoder().decode(graph.media.get(mediaId)!.bytes)).toBe('%PDF-1.4 fake')
    expect(send.json).toMatchObject({ type: 'document', document: { id: mediaId, caption: 'Fatura de março', filename: 'fatura.pdf' } })
  })

  test('location, contacts and reaction use their Cloud API shapes', async () => {
    await driver.send(msg({ kind: 'location', location: { latitude: -22.9, longitude: -43.1, name: 'Loja' } }))
    await driver.send(msg({ kind: 'vcard', vCard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Suporte Loja\nTEL;type=CELL;waid=552140040000:+55 21 4004-0000\nEND:VCARD' }))
    await driver.send(msg({ kind: 'reaction', body: '✅', target: { externalId: 'wamid.CUST1', fromMe: false } }))
    const bodies = graph.find('/700100200300/messages').map((r) => r.json)
    expect(bodies[0]).toMatchObject({ type: 'location', location: { latitude: -22.9, longitude: -43.1, name: 'Loja' } })
    expect(bodies[1]).toMatchObject({
      type: 'contacts',
      contacts: [{ name: { formatted_name: 'Suporte Loja' }, phones: [{ phone: '+55 21 4004-0000', wa_id: '552140040000' }] }],
    })
    expect(bodies[2]).toMatchObject({ type: 'reaction', reaction: { message_id: 'wamid.CUST1', emoji: '✅' } })
  })
})

describe('the 24-hour window', () => {
  for (const [label, last] of [['never wrote', null], ['wrote 25 hours ago', hoursAgo(25)], ['wrote exactly 24 hours ago', hoursAgo(24)]] as const) {
    test(`refuses free-form when the contact ${label}, without calling Graph`, async () => {
      const err = await rejection(driver.send(msg({ lastInboundAt: last })))
      expect(err).toBeInstanceOf(PermanentSendError)
      expect((err as PermanentSendError).code).toBe('ERR_WAPP_WINDOW_CLOSED')
      expect(graph.requests).toHaveLength(0)
    })
  }

  test('a template goes out even when the window is closed', async () => {
    const result = await driver.send(
      msg({
        kind: 'template',
        lastInboundAt: null,
        template: { name: 'order_update', language: 'pt_BR', components: [{ type: 'body', parameters: [{ type: 'text', text: '#48' }] }] },
      }),
    )
    expect(result.externalId).toMatch(/^wamid\./)
    expect(graph.requests[0].json).toMatchObject({
      type: 'template',
      template: { name: 'order_update', language: { code: 'pt_BR' }, components: [{ type: 'body' }] },
    })
  })
})

describe('what the Cloud API cannot do or refuses', () => {
  test('edit and delete are permanent refusals', async () => {
    for (const kind of ['edit', 'delete'] as const) {
      const err = await rejection(driver.send(msg({ kind, target: { externalId: 'wamid.O1', fromMe: true } })))
      expect((err as PermanentSendError).code).toBe('ERR_CHANNEL_ACTION_UNSUPPORTED')
    }
    expect(graph.requests).toHaveLength(0)
  })

  test("Graph's 131047 becomes ERR_WAPP_WINDOW_CLOSED and 190 an invalid token", async () => {
    graph.failNext({ path: /messages$/ }, graphErrors.reEngagement)
    expect(((await rejection(driver.send(msg({})))) as PermanentSendError).code).toBe('ERR_WAPP_WINDOW_CLOSED')
    graph.failNext({ path: /messages$/ }, graphErrors.tokenExpired)
    expect(((await rejection(driver.send(msg({})))) as PermanentSendError).code).toBe('ERR_CHANNEL_TOKEN_INVALID')
  })

  test('rate limits are retryable errors, not permanent ones', async () => {
    graph.failNext({ path: /messages$/ }, graphErrors.rateLimited)
    const err = await rejection(driver.send(msg({})))
    expect(err).toBeInstanceOf(GraphApiError)
    expect(err).not.toBeInstanceOf(PermanentSendError)
  })
})

describe('media download and read receipts', () => {
  test('resolves the media id, then downloads its URL with the bearer token', async () => {
    graph.media.set('MEDIA-77', { bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/jpeg' })
    expect([...(await driver.downloadMedia('MEDIA-77'))]).toEqual([1, 2, 3])
    const [lookup, download] = graph.requests
    expect(lookup.path).toBe('/MEDIA-77')
    expect(download.path).toBe('/download/MEDIA-77')
    expect(download.headers.authorization).toBe('Bearer cloud-token-1')
  })

  test('markRead sends status read per message', async () => {
    await driver.markRead({ number: '5521977001122' }, ['wamid.A', 'wamid.B'])
    expect(graph.requests.map((r) => r.json)).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.A' },
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.B' },
    ])
  })
})

test('vCardToContacts reads several cards', () => {
  const cards = vCardToContacts('BEGIN:VCARD\nFN:Ana\nTEL:+551100\nEND:VCARD\nBEGIN:VCARD\nFN:Bia\nEND:VCARD')
  expect(cards.map((c) => (c.name as { formatted_name: string }).formatted_name)).toEqual(['Ana', 'Bia'])
})
