import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeGraph, type FakeGraph } from '../../../test/fake-graph.ts'
import { rejection } from '../../../test/rejection.ts'
import { PermanentSendError, type OutboundMessage } from '../types.ts'
import { MetaDriver } from './meta-driver.ts'

const NOW = new Date('2026-11-20T12:00:00Z')
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000)
const PSID = '6001002003004005'

let graph: FakeGraph
let messenger: MetaDriver
let instagram: MetaDriver
let dir: string

beforeAll(async () => {
  graph = await startFakeGraph()
  dir = mkdtempSync(join(tmpdir(), 'meta-driver-'))
  const base = { graphBaseUrl: graph.url, apiVersion: 'v23.0', pageId: '104500600700', pageAccessToken: 'page-token-1' }
  messenger = new MetaDriver({ ...base, channel: 'facebook' }, { now: () => NOW })
  instagram = new MetaDriver({ ...base, channel: 'instagram', igUserId: '178414' }, { now: () => NOW })
})
afterAll(async () => {
  await graph.stop()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => graph.reset())

const msg = (over: Partial<OutboundMessage>): OutboundMessage => ({
  messageId: 7,
  to: { number: PSID },
  kind: 'text',
  body: 'Sim, entregamos.',
  lastInboundAt: hoursAgo(2),
  ...over,
})

describe('messaging type by window', () => {
  test('inside 24 hours a reply is RESPONSE, sent to /me/messages with the page token', async () => {
    const result = await messenger.send(msg({}))
    expect(result).toEqual({ externalId: expect.stringMatching(/^m_\d+$/), ack: 1 })
    const [req] = graph.find('/me/messages', 'POST')
    expect(req.query.access_token).toBe('page-token-1')
    expect(req.json).toEqual({ recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Sim, entregamos.' } })
  })

  test('between 24 hours and 7 days it carries the HUMAN_AGENT tag', async () => {
    await instagram.send(msg({ lastInboundAt: hoursAgo(30) }))
    await messenger.send(msg({ lastInboundAt: hoursAgo(6 * 24 + 23) }))
    for (const req of graph.find('/me/messages')) expect(req.json).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' })
    expect(graph.requests).toHaveLength(2)
  })

  test('past 7 days, or with no message from the contact, nothing is sent', async () => {
    for (const last of [hoursAgo(7 * 24), hoursAgo(500), null]) {
      const err = await rejection(messenger.send(msg({ lastInboundAt: last })))
      expect((err as PermanentSendError).code).toBe('ERR_WAPP_WINDOW_CLOSED')
    }
    expect(graph.requests).toHaveLength(0)
  })
})

describe('content', () => {
  test('media is uploaded as an attachment and sent by its id', async () => {
    const path = join(dir, 'foto.jpg')
    writeFileSync(path, new Uint8Array([0xff, 0xd8, 0xff, 0x00]))
    await messenger.send(msg({ kind: 'media', body: '', media: { path, mimeType: 'image/jpeg', fileName: 'foto.jpg' } }))
    const [upload, send] = graph.requests
    expect(upload.path).toBe('/me/message_attachments')
    expect(JSON.parse(upload.form!.message as string)).toEqual({ attachment: { type: 'image', payload: { is_reusable: true } } })
    expect(upload.form!.filedata).toMatchObject({ name: 'foto.jpg', size: 4 })
    expect(send.json.message).toEqual({ attachment: { type: 'image', payload: { attachment_id: expect.stringMatching(/^att_/) } } })
  })

  test('a reaction is a react sender action on the target', async () => {
    const r = await instagram.send(msg({ kind: 'reaction', body: '❤️', target: { externalId: 'm_CUST', fromMe: false } }))
    expect(graph.requests[0].json).toEqual({ recipient: { id: PSID }, sender_action: 'react', payload: { message_id: 'm_CUST', reaction: '❤️' } })
    expect(r.externalId).toBe('reaction:m_CUST:7')
  })

  test('templates, edits and deletes are refused', async () => {
    for (const kind of ['template', 'edit', 'delete'] as const) {
      expect(((await rejection(messenger.send(msg({ kind })))) as PermanentSendError).code).toBe('ERR_CHANNEL_ACTION_UNSUPPORTED')
    }
    expect(graph.requests).toHaveLength(0)
  })
})

describe('profiles', () => {
  test('Messenger names come from first and last name, with the picture', async () => {
    graph.profiles.set(PSID, { first_name: 'Lia', last_name: 'Prado', profile_pic: 'https://cdn.example/lia.jpg' })
    expect(await messenger.fetchProfile(PSID)).toEqual({ name: 'Lia Prado', pictureUrl: 'https://cdn.example/lia.jpg' })
    expect(graph.requests[0].query).toMatchObject({ access_token: 'page-token-1', fields: 'first_name,last_name,name,profile_pic' })
    expect(await messenger.profilePicture({ number: PSID })).toBe('https://cdn.example/lia.jpg')
  })

  test('Instagram falls back to the username', async () => {
    graph.profiles.set('IGS1', { username: 'lia.prado' })
    expect(await instagram.fetchProfile('IGS1')).toEqual({ name: 'lia.prado' })
  })

  test('markRead sends mark_seen to the peer', async () => {
    await messenger.markRead({ number: PSID })
    expect(graph.requests[0].json).toEqual({ recipient: { id: PSID }, sender_action: 'mark_seen' })
  })
})
