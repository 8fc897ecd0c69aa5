import 'fake-indexeddb/auto'
import { expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { electricSync } from '@electric-sql/pglite-sync'
import { IDBFactory } from 'fake-indexeddb'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, uniq } from '../../test/factories.ts'
import { eventually, serve } from '../../test/sync-support.ts'
import type { Clock } from './backoff.ts'
import { linkOutbox, optimisticSelect, queueWrite } from './optimistic.ts'
import { openOutbox, type OutboxEvent } from './outbox.ts'
import { applyLocalSchema } from './schema.ts'
import { startSync } from './start-sync.ts'

/** Time stands still: backoff timers never fire, only notifyOnline() sends again. */
const stillClock: Clock = { now: () => Date.now(), setTimeout: () => 0, clearTimeout: () => {} }

/**
 * The whole write path in Bun (issue "Tests" c): writes queued while offline, replayed in order against
 * the real server with their idempotency keys, and back in the local PGlite through the shape stream.
 */
describeEachBackend('offline writes replayed through the outbox and back through the shapes', (env) => {
  test('three users created offline exist once each on the server and reach the local database', async () => {
    const http = serve(env())
    const baseUrl = http.url.replace(/\/v1\/shape$/, '')
    const admin = await createCompany(env(), { plan: { users: 100 } })
    const pg = await PGlite.create('memory://', { extensions: { electric: electricSync() } })
    await applyLocalSchema(pg)
    const sync = await startSync(pg, { shapeUrl: http.url, userKey: `${admin.companyId}-${admin.adminId}`, getToken: async () => admin.adminToken })
    const network = { offline: true, dropNextAnswer: false }
    const outbox = await openOutbox({
      userKey: `${admin.companyId}-${admin.adminId}`,
      baseUrl,
      indexedDB: new IDBFactory(),
      getToken: async () => admin.adminToken,
      clock: stillClock,
      connectivity: null,
      lock: null,
      channel: null,
      fetch: async (url, init) => {
        if (network.offline) throw new TypeError('fetch failed: offline')
        const res = await fetch(url, init)
        // The server committed, but the answer is lost on the way back.
        if (network.dropNextAnswer) {
          network.dropNextAnswer = false
          throw new TypeError('connection reset')
        }
        return res
      },
    })
    const events: OutboxEvent[] = []
    outbox.onEvent((e) => events.push(e))
    const unlink = await linkOutbox(outbox, pg)
    try {
      await eventually('initial sync', () => sync.status.get().state === 'up-to-date', 20_000)
      const people = [1, 2, 3].map((n) => ({ name: `Offline ${n} ${uniq('')}`, email: `${uniq(`offline${n}-`)}@test.local`.toLowerCase(), password: 'secret-123' }))
      for (const p of people) {
        await queueWrite({ pg, outbox }, { method: 'POST', path: '/users', body: p }, { table: 'users', op: 'insert', value: { name: p.name, email: p.email } })
      }
      expect(await outbox.whenSettled()).toBe('waiting')
      const emails = people.map((p) => p.email)
      const onServer = async () =>
        (await withSystem(env().services.db, (tx) => tx<{ email: string }[]>`select email from users where email in ${tx(emails)} order by id`)).map((r) => r.email)
      expect(await onServer()).toEqual([])
      const shown = await pg.query<{ email: string; pending: boolean }>(`select email, pending from (${optimisticSelect('users')}) u where email = any($1)`, [emails])
      expect(shown.rows.map((r) => [r.email, r.pending]).sort()).toEqual(emails.map((e) => [e, true]).sort())

      // Back online; the answer to the first write gets lost once, so it is sent twice with its key.
      network.offline = false
      network.dropNextAnswer = true
      expect(await outbox.notifyOnline()).toBe('waiting')
      expect(await outbox.notifyOnline()).toBe('idle')

      expect(await onServer()).toEqual(emails)
      const sent = events.filter((e): e is Extract<OutboxEvent, { type: 'sent' }> => e.type === 'sent')
      expect(sent.map((e) => (e.write.body as { email: string }).email)).toEqual(emails)
      expect(sent.map((e) => e.result.replayed)).toEqual([true, false, false])
      expect(sent.every((e) => e.result.status === 201 && typeof e.result.txid === 'number')).toBe(true)

      const local = async () =>
        (await pg.query<{ email: string }>(`select email from users where email = any($1) order by id`, [emails])).rows.map((r) => r.email)
      await eventually('the three users in the local users table', async () => (await local()).length === 3, 20_000)
      expect(await local()).toEqual(emails)
      // Their txids came back through the stream: the optimistic rows are gone, each user shows once.
      await eventually('optimistic rows dropped', async () => (await pg.query(`select 1 from local_writes`)).rows.length === 0, 20_000)
      const view = await pg.query<{ email: string; pending: boolean }>(`select email, pending from (${optimisticSelect('users')}) u where email = any($1)`, [emails])
      expect(view.rows.map((r) => [r.email, r.pending]).sort()).toEqual(emails.map((e) => [e, false]).sort())
    } finally {
      unlink()
      outbox.close()
      sync.unsubscribe()
      await pg.close()
      http.stop()
    }
  }, 90_000)
})
