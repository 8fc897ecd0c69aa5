import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Shape, ShapeStream } from '@electric-sql/client'
import { createApp } from '../../server/app.ts'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { eventually, insertTicket, ticketFixtures } from '../../test/sync-support.ts'
import { maskText } from './proxy.ts'

const SECRET = 'upstream-secret-0123456789'

/**
 * Proxy mode (ELECTRIC_URL) with the built-in server standing in as the upstream Electric: the proxy
 * decides table, columns and tenant where clause; the upstream trusts only callers with the secret.
 */
describeEachBackend('shape proxy mode', (env) => {
  let upstream: ReturnType<typeof Bun.serve>
  let proxy: ReturnType<typeof Bun.serve>
  const stop = new AbortController()
  const proxyUrl = () => `http://127.0.0.1:${proxy.port}/v1/shape`
  const rows = async (table: string, token: string, params: Record<string, string> = {}) => {
    const s = new ShapeStream({ url: proxyUrl(), params: { table, ...params }, headers: { Authorization: `Bearer ${token}` }, signal: stop.signal })
    return { shape: new Shape(s), rows: (await new Shape(s).rows) as Record<string, unknown>[] }
  }

  beforeAll(() => {
    const base = env().services
    const upstreamApp = createApp({ ...base, config: { ...base.config, SHAPE_UPSTREAM_SECRET: SECRET } })
    upstream = Bun.serve({ port: 0, hostname: '127.0.0.1', idleTimeout: 60, fetch: upstreamApp.fetch })
    const proxyApp = createApp({
      ...base,
      config: { ...base.config, ELECTRIC_URL: `http://127.0.0.1:${upstream.port}/v1/shape`, ELECTRIC_SECRET: SECRET },
    })
    proxy = Bun.serve({ port: 0, hostname: '127.0.0.1', idleTimeout: 60, fetch: proxyApp.fetch })
  })
  afterAll(() => {
    stop.abort()
    proxy.stop(true)
    upstream.stop(true)
  })

  test('a client syncs through the proxy and receives live changes', async () => {
    const a = await createCompany(env())
    const fx = await ticketFixtures(env(), a.companyId)
    const first = await insertTicket(env(), a.companyId, fx.whatsappId)
    const { shape, rows: initial } = await rows('tickets', a.adminToken)
    expect(initial.map((r) => r.id)).toContain(first.ticketId)
    const second = await insertTicket(env(), a.companyId, fx.whatsappId)
    await eventually('live change through the proxy', () => shape.currentRows.some((r) => r.id === second.ticketId))
  })

  test("company B's crafted where never reaches company A's rows through the proxy", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const fx = await ticketFixtures(env(), a.companyId)
    await insertTicket(env(), a.companyId, fx.whatsappId)
    for (const where of ['true', `company_id = ${a.companyId}`, '1=1) or (1=1']) {
      const got = (await rows('tickets', b.adminToken, { where })).rows
      expect(got.every((r) => r.company_id === b.companyId)).toBe(true)
    }
    const users = (await rows('users', b.adminToken, { columns: '"id","password_hash"' })).rows
    expect(users.some((u) => 'password_hash' in u)).toBe(false)
  })

  test('numbers are masked for a plain user under lgpdHideNumber', async () => {
    const a = await createCompany(env())
    const fx = await ticketFixtures(env(), a.companyId)
    await insertTicket(env(), a.companyId, fx.whatsappId)
    await withSystem(env().services.db, (tx) => tx`update company_settings set lgpd_hide_number = 'enabled' where company_id = ${a.companyId}`)
    const u = await createUser(env(), a.companyId)
    const contacts = (await rows('contacts', u.token)).rows
    expect(contacts.length).toBeGreaterThan(0)
    expect(contacts.every((c) => /^\*+\d{2}$/.test(String(c.number)))).toBe(true)
  })

  test('the QR code reaches admins through the proxy and is blank for a plain user', async () => {
    const a = await createCompany(env())
    const conn = await createConnection(env(), a.companyId, { status: 'qrcode', qrcode: '2@QR-CODE-TEXT' })
    const u = await createUser(env(), a.companyId)
    const qrOf = async (token: string) => (await rows('whatsapps', token)).rows.find((r) => r.id === conn.id)?.qrcode
    expect(await qrOf(a.adminToken)).toBe('2@QR-CODE-TEXT')
    expect(await qrOf(u.token)).toBe('')
  })

  test('the upstream refuses raw requests without the secret', async () => {
    const res = await fetch(`http://127.0.0.1:${upstream.port}/v1/shape?table=tickets&offset=-1&where=true`)
    expect(res.status).toBe(401)
    const wrong = await fetch(`http://127.0.0.1:${upstream.port}/v1/shape?table=tickets&offset=-1&where=true&secret=nope`)
    expect(wrong.status).toBe(401)
  })
})

describeEachBackend('shape proxy mode with an Electric that moves rows', (env) => {
  let electric: ReturnType<typeof Bun.serve>
  let proxy: ReturnType<typeof Bun.serve>
  let answer: unknown[] = []

  beforeAll(() => {
    // Stands in for Electric 1.6+ answering a subquery shape: what it sends when a ticket moves.
    electric = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => Response.json(answer, { headers: { 'electric-handle': 'h-electric-1', 'electric-offset': '10_2', 'electric-schema': '{}', 'electric-cursor': '1' } }),
    })
    const base = env().services
    proxy = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: createApp({ ...base, config: { ...base.config, ELECTRIC_URL: `http://127.0.0.1:${electric.port}/v1/shape` } }).fetch })
  })
  afterAll(() => {
    proxy.stop(true)
    electric.stop(true)
  })

  test("a move-in or move-out of a ticket's messages becomes a must-refetch; other answers pass", async () => {
    const a = await createCompany(env())
    const u = await createUser(env(), a.companyId)
    const get = () => fetch(`http://127.0.0.1:${proxy.port}/v1/shape?table=messages&offset=10_1&handle=h-electric-1&live=true`, { headers: { authorization: `Bearer ${u.token}` } })
    const upToDate = { headers: { control: 'up-to-date', global_last_seen_lsn: '10' } }
    for (const event of ['move-in', 'move-out']) {
      answer = [{ headers: { event, patterns: [{ pos: 0, value: 'tag' }], txids: [7] } }, upToDate]
      const res = await get()
      expect(res.status).toBe(409)
      expect(res.headers.get('electric-handle')).toBe('h-electric-1')
      expect(await res.json()).toEqual([{ headers: { control: 'must-refetch' } }])
    }
    answer = [{ key: '"public"."messages"/"1"', value: { id: '1' }, headers: { operation: 'insert', lsn: '10', op_position: 2 } }, upToDate]
    const res = await get()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(answer)
  })
})

test('maskText keeps only the last two characters', () => {
  expect(maskText('5511999998877')).toBe('***********77')
  expect(maskText('7')).toBe('7')
})
