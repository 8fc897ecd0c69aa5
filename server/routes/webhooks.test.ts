import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { startFakeGraph, type FakeGraph } from '../../test/fake-graph.ts'
import { createCompany, uniq } from '../../test/factories.ts'
import { isValidMetaSignature, metaSignature, verifySubscription } from './webhooks-signature.ts'

const SECRET = 'app-secret-for-tests'
const VERIFY = 'verify-token-for-tests'

describe('signature and subscription checks', () => {
  const body = new TextEncoder().encode('{"object":"page","entry":[]}')

  test('accepts the HMAC of the raw body and nothing else', () => {
    expect(isValidMetaSignature(SECRET, body, metaSignature(SECRET, body))).toBe(true)
    expect(isValidMetaSignature(SECRET, body, metaSignature('other-secret', body))).toBe(false)
    expect(isValidMetaSignature(SECRET, body, 'sha256=zz')).toBe(false)
    expect(isValidMetaSignature(SECRET, body, undefined)).toBe(false)
    expect(isValidMetaSignature(undefined, body, metaSignature(SECRET, body))).toBe(false)
  })

  test('answers the challenge only to subscribe with the right token', () => {
    const q = { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '1158201444' }
    expect(verifySubscription(VERIFY, q)).toBe('1158201444')
    expect(verifySubscription(VERIFY, { ...q, 'hub.verify_token': 'nope' })).toBeNull()
    expect(verifySubscription(VERIFY, { ...q, 'hub.mode': 'unsubscribe' })).toBeNull()
    expect(verifySubscription(undefined, q)).toBeNull()
  })
})

async function post(env: TestEnv, path: string, payload: unknown, signature?: string | null) {
  const raw = JSON.stringify(payload)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (signature !== null) headers['x-hub-signature-256'] = signature ?? metaSignature(SECRET, raw)
  return env.app.request(path, { method: 'POST', headers, body: raw })
}

async function addConnection(env: TestEnv, companyId: number, channel: string, config: Record<string, string>) {
  return withSystem(env.services.db, async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      insert into whatsapps (company_id, name, channel, status, channel_config)
      values (${companyId}, ${uniq('Conn ')}, ${channel}, 'CONNECTED', ${tx.json(config)}) returning id`
    return row.id
  })
}

async function messagesOf(env: TestEnv, whatsappId: number) {
  return withSystem(env.services.db, (tx) =>
    tx<{ wid: string; body: string; fromMe: boolean; mediaType: string; mediaPath: string | null; ack: number; contactName: string }[]>`
      select m.wid, m.body, m.from_me, m.media_type, m.media_path, m.ack, c.name as contact_name
        from messages m join contacts c on c.id = m.contact_id
       where m.whatsapp_id = ${whatsappId} order by m.id`,
  )
}

const cloudBody = (phoneNumberId: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId }, ...value } }] }],
})

const textFrom = (from: string, id: string, body: string) => ({ from, id, timestamp: '1790000000', type: 'text', text: { body } })

describeEachBackend('webhooks', (env) => {
  let graph: FakeGraph
  let companyId: number
  let cloudId: number
  let pageConnId: number
  const phoneNumberId = uniq('PNID')
  const pageId = uniq('PAGE')

  beforeAll(async () => {
    graph = await startFakeGraph()
    Object.assign(env().services.config, { META_APP_SECRET: SECRET, META_VERIFY_TOKEN: VERIFY, GRAPH_API_URL: graph.url })
    ;({ companyId } = await createCompany(env()))
    cloudId = await addConnection(env(), companyId, 'whatsappapi', { phoneNumberId, accessToken: 'cloud-token' })
    pageConnId = await addConnection(env(), companyId, 'facebook', { pageId, pageAccessToken: 'page-token' })
  })
  afterAll(() => graph.stop())

  describe('GET verification', () => {
    test('echoes hub.challenge as text for the configured token', async () => {
      for (const path of ['/webhooks/whatsappapi', '/webhooks/facebook']) {
        const res = await env().app.request(`${path}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=8675309`)
        expect(res.status).toBe(200)
        expect(await res.text()).toBe('8675309')
      }
    })

    test('answers 403 to a wrong token or mode', async () => {
      const wrong = await env().app.request('/webhooks/whatsappapi?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1')
      const mode = await env().app.request(`/webhooks/facebook?hub.mode=other&hub.verify_token=${VERIFY}&hub.challenge=1`)
      expect([wrong.status, mode.status]).toEqual([403, 403])
      // Like every other refusal (issue 16 item 10).
      expect(await wrong.json()).toEqual({ error: 'ERR_NO_PERMISSION', message: 'Webhook verification refused' })
    })
  })

  describe('POST signature', () => {
    test('a missing or wrong signature is 401 and stores nothing', async () => {
      const payload = cloudBody(phoneNumberId, { messages: [textFrom('5521900000001', 'wamid.UNSIGNED', 'oi')] })
      const missing = await post(env(), '/webhooks/whatsappapi', payload, null)
      const wrong = await post(env(), '/webhooks/whatsappapi', payload, metaSignature('not-the-secret', JSON.stringify(payload)))
      const fb = await post(env(), '/webhooks/facebook', { object: 'page', entry: [] }, 'sha256=' + '0'.repeat(64))
      expect([missing.status, wrong.status, fb.status]).toEqual([401, 401, 401])
      expect((await missing.json()).error).toBe('ERR_INVALID_WEBHOOK_SIGNATURE')
      expect(await messagesOf(env(), cloudId)).toHaveLength(0)
    })

    test('the signature covers the raw bytes: a re-serialised body fails', async () => {
      const raw = '{"object":"whatsapp_business_account","entry":[],"note":"a\\u00e7\\u00e3o"}'
      const res = await env().app.request('/webhooks/whatsappapi', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(SECRET, JSON.stringify(JSON.parse(raw))) },
        body: raw,
      })
      expect(res.status).toBe(401)
    })
  })

  describe('Cloud API deliveries', () => {
    test('stores the message with the profile name, once however often Meta retries', async () => {
      const payload = cloudBody(phoneNumberId, {
        contacts: [{ profile: { name: 'Marta Reis' }, wa_id: '5521900000002' }],
        messages: [textFrom('5521900000002', 'wamid.DUP1', 'Meu pedido atrasou')],
      })
      const first = await post(env(), '/webhooks/whatsappapi', payload)
      const again = await post(env(), '/webhooks/whatsappapi', payload)
      expect([first.status, again.status]).toEqual([200, 200])
      const stored = (await messagesOf(env(), cloudId)).filter((m) => m.wid === 'wamid.DUP1')
      expect(stored).toHaveLength(1)
      expect(stored[0]).toMatchObject({ body: 'Meu pedido atrasou', fromMe: false, mediaType: 'text', contactName: 'Marta Reis' })
    })

    test('downloads media through the Graph API at once', async () => {
      graph.media.set('MEDIA-WH-1', { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), mimeType: 'image/jpeg' })
      const payload = cloudBody(phoneNumberId, {
        messages: [{ from: '5521900000003', id: 'wamid.IMG1', timestamp: '1790000001', type: 'image', image: { id: 'MEDIA-WH-1', mime_type: 'image/jpeg', caption: 'nota' } }],
      })
      expect((await post(env(), '/webhooks/whatsappapi', payload)).status).toBe(200)
      const [m] = (await messagesOf(env(), cloudId)).filter((x) => x.wid === 'wamid.IMG1')
      expect(m).toMatchObject({ mediaType: 'image', body: 'nota' })
      expect(m.mediaPath).toMatch(/\.jpg$/)
      const download = graph.find('/download/MEDIA-WH-1')[0]
      expect(download.headers.authorization).toBe('Bearer cloud-token')
    })

    test('a payload for an unknown phone number is 200 and ignored', async () => {
      const res = await post(env(), '/webhooks/whatsappapi', cloudBody('no-such-number', { messages: [textFrom('5521900000004', 'wamid.LOST', 'x')] }))
      expect(res.status).toBe(200)
      const [n] = await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from messages where wid = 'wamid.LOST'`)
      expect(n.n).toBe(0)
    })
  })

  describe('Messenger deliveries', () => {
    const psid = uniq('PSID')

    test('stores the message under the name from the profile API', async () => {
      graph.profiles.set(psid, { first_name: 'Davi', last_name: 'Luz' })
      const payload = {
        object: 'page',
        entry: [{ id: pageId, time: 1, messaging: [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: 1790000000000, message: { mid: 'm_FB1', text: 'Olá' } }] }],
      }
      expect((await post(env(), '/webhooks/facebook', payload)).status).toBe(200)
      const [m] = (await messagesOf(env(), pageConnId)).filter((x) => x.wid === 'm_FB1')
      expect(m).toMatchObject({ body: 'Olá', contactName: 'Davi Luz' })
    })

    test('a read watermark marks our earlier messages read', async () => {
      const echo = {
        object: 'page',
        entry: [{ id: pageId, time: 2, messaging: [{ sender: { id: pageId }, recipient: { id: psid }, timestamp: 1790000000100, message: { mid: 'm_OUR1', is_echo: true, text: 'Como posso ajudar?' } }] }],
      }
      expect((await post(env(), '/webhooks/facebook', echo)).status).toBe(200)
      const read = {
        object: 'page',
        entry: [{ id: pageId, time: 3, messaging: [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: 1, read: { watermark: Date.now() + 60_000 } }] }],
      }
      expect((await post(env(), '/webhooks/facebook', read)).status).toBe(200)
      const [m] = (await messagesOf(env(), pageConnId)).filter((x) => x.wid === 'm_OUR1')
      expect(m).toMatchObject({ fromMe: true, ack: 3 })
    })
  })
})
