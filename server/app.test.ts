import { expect, test } from 'bun:test'
import { describeEachBackend } from '../test/env.ts'
import { call } from '../test/http.ts'
import { createCompany } from '../test/factories.ts'

describeEachBackend('app edges', (env) => {
  test('GET /version answers the app version without a token', async () => {
    const res = await call(env(), 'GET', '/version')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ version: '2.2.2v-26' })
  })

  test('an unknown route answers 404 as JSON', async () => {
    const res = await call(env(), 'GET', '/no/such/route')
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_ROUTE_NOT_FOUND')
  })

  test('malformed JSON answers 400, not 500', async () => {
    const res = await env().app.request('/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('ERR_INVALID_JSON')
  })

  test('a JSON body over the limit answers 413', async () => {
    const { adminToken } = await createCompany(env())
    const big = 'x'.repeat(env().services.config.BODY_LIMIT_BYTES + 10)
    const res = await call(env(), 'PUT', '/users/1', { token: adminToken, json: { name: big } })
    expect(res.status).toBe(413)
    expect(res.body.error).toBe('ERR_BODY_TOO_LARGE')
  })

  test('wrong types in ids, queries and bodies answer 400 with the field list', async () => {
    const { adminToken } = await createCompany(env())
    const badId = await call(env(), 'GET', '/users/abc', { token: adminToken })
    expect(badId.status).toBe(400)
    expect(badId.body.fields[0].field).toBe('id')
    const hugeId = await call(env(), 'GET', '/users/99999999999999', { token: adminToken })
    expect([400, 404]).toContain(hugeId.status)
    const badPage = await call(env(), 'GET', '/users/?pageNumber=-3', { token: adminToken })
    expect(badPage.status).toBe(400)
    const badBody = await call(env(), 'POST', '/users', { token: adminToken, json: [1, 2, 3] })
    expect(badBody.status).toBe(400)
    const nulls = await call(env(), 'POST', '/users', { token: adminToken, json: { name: null, email: 5, password: {} } })
    expect(nulls.status).toBe(400)
    expect(nulls.body.fields.map((f: { field: string }) => f.field)).toEqual(['name', 'email', 'password'])
  })

  test('a JSON body sent as text or form data is refused with 400', async () => {
    const res = await env().app.request('/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=a' })
    expect(res.status).toBe(400)
  })
})
