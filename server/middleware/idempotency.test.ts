import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ShapeStream } from '@electric-sql/client'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { dbErrorToAppError } from '../db/errors.ts'
import { withSystem } from '../db/tenant.ts'
import { AppError } from '../domain/app-error.ts'
import { IDEMPOTENCY_RETENTION_MS, purgeIdempotencyKeys } from '../domain/idempotency/idempotency-keys.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser, uniq } from '../../test/factories.ts'
import { call, type ApiResponse } from '../../test/http.ts'
import { eventually, serve } from '../../test/sync-support.ts'
import { requireAuth } from './auth.ts'

const newUser = () => ({ name: uniq('Idem '), email: `${uniq('idem')}@test.local`.toLowerCase(), password: 'secret-123' })

/** A small app with requireAuth and handlers that fail on purpose, on the test's services. */
function failingApp(env: TestEnv) {
  const runs = { boom: 0, check: 0 }
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('services', env.services)
      await next()
    })
    .use('*', requireAuth())
    // The first run writes a tag and then fails with an unknown error (500); later runs succeed.
    .post('/boom', async (c) => {
      const name = (await c.req.json()).name as string
      await c.get('tx')`insert into tags (company_id, name) values (${c.get('auth').user.companyId}, ${name})`
      if (++runs.boom === 1) throw new Error('boom')
      return c.json({ name }, 201)
    })
    // Writes a tag, then breaks a check constraint: the database error becomes 400 ERR_VALIDATION.
    .post('/check', async (c) => {
      runs.check++
      const name = (await c.req.json()).name as string
      await c.get('ctx').tx`insert into tags (company_id, name) values (${c.get('auth').user.companyId}, ${name})`
      await c.get('ctx').tx`insert into tags (company_id, name, kanban) values (${c.get('auth').user.companyId}, ${name}, 5)`
      return c.json({ name }, 201)
    })
  app.onError((err, c) => {
    const e = dbErrorToAppError(err) ?? err
    if (e instanceof AppError) return c.json({ error: e.code }, e.status)
    return c.json({ error: 'ERR_INTERNAL' }, 500)
  })
  return { app, runs }
}

describeEachBackend('idempotent writes', (env) => {
  let admin: Awaited<ReturnType<typeof createCompany>>
  beforeAll(async () => {
    admin = await createCompany(env(), { plan: { users: 100 } })
  })

  const postUser = (body: object, key?: string, token = admin.adminToken) =>
    call(env(), 'POST', '/users', { token, json: body, headers: key ? { 'idempotency-key': key } : {} })
  const usersWithEmail = async (email: string) =>
    (await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from users where email = ${email}`))[0].n
  const tagsNamed = async (name: string) =>
    (await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from tags where name = ${name}`))[0].n

  describe('a repeated request', () => {
    test('creates one user and answers the same twice, the second time as a replay', async () => {
      const body = newUser()
      const key = crypto.randomUUID()
      const first = await postUser(body, key)
      const second = await postUser(body, key)
      expect(first.status).toBe(201)
      expect(second.status).toBe(201)
      expect(second.body).toEqual(first.body)
      expect(first.headers.get('idempotent-replayed')).toBeNull()
      expect(second.headers.get('idempotent-replayed')).toBe('true')
      expect(second.headers.get('x-txid')).toBe(first.headers.get('x-txid'))
      expect(await usersWithEmail(body.email)).toBe(1)
    })

    test('five parallel duplicates create exactly one user and all get the same answer', async () => {
      const body = newUser()
      const key = crypto.randomUUID()
      const answers = await Promise.all(Array.from({ length: 5 }, () => postUser(body, key)))
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201])
      for (const a of answers) expect(a.body).toEqual(answers[0].body)
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4)
      expect(await usersWithEmail(body.email)).toBe(1)
    })

    test('with the same key and another body is refused with 422 and runs nothing', async () => {
      const key = crypto.randomUUID()
      const first = newUser()
      const other = newUser()
      expect((await postUser(first, key)).status).toBe(201)
      const reused = await postUser(other, key)
      expect(reused.status).toBe(422)
      expect(reused.body.error).toBe('ERR_IDEMPOTENCY_KEY_REUSED')
      expect(await usersWithEmail(other.email)).toBe(0)
    })

    test('gets its stored 4xx answer even after the cause went away', async () => {
      const taken = await createUser(env(), admin.companyId)
      const body = { ...newUser(), email: taken.email }
      const key = crypto.randomUUID()
      const first = await postUser(body, key)
      expect(first.status).toBe(409)
      expect(first.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS')
      await withSystem(env().services.db, (tx) => tx`delete from users where id = ${taken.id}`)
      const again = await postUser(body, key)
      expect(again.status).toBe(409)
      expect(again.body).toEqual(first.body)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(await usersWithEmail(taken.email)).toBe(0)
    })

    test('is not deduplicated without a key', async () => {
      const body = newUser()
      const first = await postUser(body)
      const second = await postUser(body)
      expect(first.status).toBe(201)
      expect(second.status).toBe(409)
      expect(second.headers.get('idempotent-replayed')).toBeNull()
      expect(await usersWithEmail(body.email)).toBe(1)
    })

    test('with the same key from another user runs for that user', async () => {
      const other = await createCompany(env())
      const key = crypto.randomUUID()
      const a = newUser()
      const b = newUser()
      expect((await postUser(a, key)).status).toBe(201)
      const res = await postUser(b, key, other.adminToken)
      expect(res.status).toBe(201)
      expect(res.headers.get('idempotent-replayed')).toBeNull()
      expect(await usersWithEmail(b.email)).toBe(1)
    })
  })

  describe('failed attempts', () => {
    test('a 5xx is not stored: its writes are undone and a retry with the key runs again', async () => {
      const { app, runs } = failingApp(env())
      const name = uniq('boom-')
      const key = crypto.randomUUID()
      const send = () =>
        app.request('/boom', {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.adminToken}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ name }),
        })
      expect((await send()).status).toBe(500)
      expect(await tagsNamed(name)).toBe(0)
      const retry = await send()
      expect(retry.status).toBe(201)
      const replay = await send()
      expect(replay.status).toBe(201)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(runs.boom).toBe(2)
      expect(await tagsNamed(name)).toBe(1)
    })

    test('a database error that becomes a 4xx undoes the handler writes and keeps the stored answer', async () => {
      const { app, runs } = failingApp(env())
      const name = uniq('check-')
      const key = crypto.randomUUID()
      const send = () =>
        app.request('/check', {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.adminToken}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ name }),
        })
      const first = await send()
      expect(first.status).toBe(400)
      expect(await tagsNamed(name)).toBe(0)
      const again = await send()
      expect(again.status).toBe(400)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(runs.check).toBe(1)
    })
  })

  describe('the key header', () => {
    test('a key longer than 200 characters is refused with 400', async () => {
      const res = await postUser(newUser(), 'k'.repeat(201))
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_VALIDATION')
    })

    test('a GET ignores the key', async () => {
      const key = crypto.randomUUID()
      const res = await call(env(), 'GET', '/users/list', { token: admin.adminToken, headers: { 'idempotency-key': key } })
      expect(res.status).toBe(200)
      const again = await call(env(), 'GET', '/users/list', { token: admin.adminToken, headers: { 'idempotency-key': key } })
      expect(again.headers.get('idempotent-replayed')).toBeNull()
    })

    test('keys older than 7 days are purged', async () => {
      const key = crypto.randomUUID()
      expect((await postUser(newUser(), key)).status).toBe(201)
      const count = () =>
        withSystem(env().services.db, async (tx) => (await tx<{ n: number }[]>`select count(*)::int as n from idempotency_keys where key = ${key}`)[0].n)
      expect(await count()).toBe(1)
      await withSystem(env().services.db, (tx) => purgeIdempotencyKeys(tx, new Date(Date.now() + IDEMPOTENCY_RETENTION_MS - 60_000)))
      expect(await count()).toBe(1)
      await withSystem(env().services.db, (tx) => purgeIdempotencyKeys(tx, new Date(Date.now() + IDEMPOTENCY_RETENTION_MS + 60_000)))
      expect(await count()).toBe(0)
    })
  })

  describe('x-txid', () => {
    let http: ReturnType<typeof serve>
    const stop = new AbortController()
    beforeAll(() => {
      http = serve(env())
    })
    afterAll(() => {
      stop.abort()
      http.stop()
    })

    test('a write answer carries the txid its change has in the shape stream', async () => {
      const txidsById = new Map<number, number[]>()
      const stream = new ShapeStream({ url: http.url, params: { table: 'users' }, headers: { Authorization: `Bearer ${admin.adminToken}` }, signal: stop.signal })
      let upToDate = false
      stream.subscribe((msgs) => {
        for (const m of msgs) {
          if ('key' in m && m.headers.operation === 'insert') {
            const id = Number((m.value as { id: unknown }).id)
            txidsById.set(id, (m.headers as { txids?: number[] }).txids ?? [])
          } else if ('headers' in m && (m.headers as { control?: string }).control === 'up-to-date') upToDate = true
        }
      })
      await eventually('initial sync', () => upToDate)
      const created: ApiResponse = await postUser(newUser(), crypto.randomUUID())
      const plain: ApiResponse = await postUser(newUser())
      for (const res of [created, plain]) {
        expect(res.status).toBe(201)
        const txid = Number(res.headers.get('x-txid'))
        expect(txid).toBeGreaterThan(0)
        const seen = await eventually('the insert in the stream', () => txidsById.get(res.body.id))
        expect(seen).toContain(txid)
      }
    })

    test('a failed write carries no txid', async () => {
      const res = await postUser({ name: 'x' })
      expect(res.status).toBe(400)
      expect(res.headers.get('x-txid')).toBeNull()
    })
  })
})
