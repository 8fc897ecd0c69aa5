import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { graphErrors, startFakeGraph, type FakeGraph } from '../../test/fake-graph.ts'
import { createCompany, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

async function connectionsOf(env: TestEnv, companyId: number) {
  return withSystem(env.services.db, (tx) =>
    tx<{ id: number; name: string; channel: string; number: string; status: string; channelConfig: Record<string, string> }[]>`
      select id, name, channel, number, status, channel_config from whatsapps where company_id = ${companyId} order by id`,
  )
}

describeEachBackend('POST /facebook', (env) => {
  let graph: FakeGraph
  const body = (over: Record<string, unknown> = {}) => ({ facebookUserId: '1020304050', facebookUserToken: 'user-token-abcdef', ...over })

  beforeAll(async () => {
    graph = await startFakeGraph()
    env().services.config.GRAPH_API_URL = graph.url
  })
  afterAll(() => graph.stop())
  beforeEach(() => {
    graph.reset()
    graph.pages.push(
      { id: uniq('PG'), name: 'Loja Centro', access_token: 'page-token-a', instagram_business_account: { id: uniq('IG'), username: 'loja.centro' } },
      { id: uniq('PG'), name: 'Loja Norte', access_token: 'page-token-b' },
    )
  })

  test('links every page as a connected facebook connection with its page token', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const res = await call(env(), 'POST', '/facebook', { token: adminToken, json: body() })
    expect(res.status).toBe(200)
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Loja Centro', 'Loja Norte'])
    expect(JSON.stringify(res.body)).not.toContain('page-token')
    const rows = await connectionsOf(env(), companyId)
    expect(rows.map((r) => [r.channel, r.number, r.status])).toEqual([
      ['facebook', graph.pages[0].id, 'CONNECTED'],
      ['facebook', graph.pages[1].id, 'CONNECTED'],
    ])
    expect(rows[0].channelConfig).toMatchObject({ pageId: graph.pages[0].id, pageAccessToken: 'page-token-a' })
    const accounts = graph.find('/me/accounts')[0]
    expect(accounts.query.access_token).toBe('user-token-abcdef')
    expect(graph.find(/\/subscribed_apps$/, 'POST')).toHaveLength(2)
  })

  test('with addInstagram links the pages’ Instagram accounts only', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const res = await call(env(), 'POST', '/facebook', { token: adminToken, json: body({ addInstagram: true }) })
    expect(res.status).toBe(200)
    const rows = await connectionsOf(env(), companyId)
    const ig = graph.pages[0].instagram_business_account!
    expect(rows.map((r) => [r.channel, r.number, r.name])).toEqual([['instagram', ig.id, 'loja.centro']])
    expect(rows[0].channelConfig).toMatchObject({ pageId: graph.pages[0].id, pageAccessToken: 'page-token-a', igUserId: ig.id })
  })

  test('linking again updates the same rows with the new token', async () => {
    const { companyId, adminToken } = await createCompany(env())
    await call(env(), 'POST', '/facebook', { token: adminToken, json: body() })
    graph.pages[0].access_token = 'page-token-renewed'
    const res = await call(env(), 'POST', '/facebook', { token: adminToken, json: body() })
    expect(res.status).toBe(200)
    const rows = await connectionsOf(env(), companyId)
    expect(rows).toHaveLength(2)
    expect(rows[0].channelConfig.pageAccessToken).toBe('page-token-renewed')
  })

  test('respects the plan’s connection count', async () => {
    const { companyId, adminToken } = await createCompany(env(), { plan: { connections: 1 } })
    const res = await call(env(), 'POST', '/facebook', { token: adminToken, json: body() })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('ERR_PLAN_LIMIT_CONNECTIONS')
    expect(await connectionsOf(env(), companyId)).toHaveLength(0)
  })

  test('refuses a plan without useFacebook or useInstagram', async () => {
    const { adminToken } = await createCompany(env(), { plan: { useFacebook: false, useInstagram: false } })
    for (const addInstagram of [false, true]) {
      const res = await call(env(), 'POST', '/facebook', { token: adminToken, json: body({ addInstagram }) })
      expect([res.status, res.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
    }
    expect(graph.requests).toHaveLength(0)
  })

  test('a user token Graph refuses is ERR_CHANNEL_TOKEN_INVALID', async () => {
    const { adminToken } = await createCompany(env())
    graph.failNext({ path: '/me/accounts' }, graphErrors.tokenExpired)
    const res = await call(env(), 'POST', '/facebook', { token: adminToken, json: body() })
    expect([res.status, res.body.error]).toEqual([400, 'ERR_CHANNEL_TOKEN_INVALID'])
  })

  test('Meta down, failing or unreachable is our 503 ERR_PROVIDER_UNAVAILABLE and links nothing (issue 16 item 4)', async () => {
    const { companyId, adminToken } = await createCompany(env())
    graph.failNext({ path: '/me/accounts' }, { status: 503, error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } })
    const failing = await call(env(), 'POST', '/facebook', { token: adminToken, json: body() })
    expect([failing.status, failing.body.error]).toEqual([503, 'ERR_PROVIDER_UNAVAILABLE'])
    expect(failing.headers.get('retry-after')).toBe('30')
    const url = env().services.config.GRAPH_API_URL
    env().services.config.GRAPH_API_URL = 'http://127.0.0.1:9'
    try {
      const unreachable = await call(env(), 'POST', '/facebook', { token: adminToken, json: body() })
      expect([unreachable.status, unreachable.body.error]).toEqual([503, 'ERR_PROVIDER_UNAVAILABLE'])
    } finally {
      env().services.config.GRAPH_API_URL = url
    }
    expect(await connectionsOf(env(), companyId)).toHaveLength(0)
  })

  test('is for admins, logged in', async () => {
    const { companyId } = await createCompany(env())
    const user = await createUser(env(), companyId)
    expect((await call(env(), 'POST', '/facebook', { token: user.token, json: body() })).status).toBe(403)
    expect((await call(env(), 'POST', '/facebook', { json: body() })).status).toBe(401)
  })
})
