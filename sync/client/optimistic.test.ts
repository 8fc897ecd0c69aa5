import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { IDBFactory } from 'fake-indexeddb'
import { optimisticSelect, queueWrite, reconcileLocalWrites, linkOutbox, rowKeyFromAnswer } from './optimistic.ts'
import { openOutbox, type Outbox } from './outbox.ts'
import { applyLocalSchema } from './schema.ts'

let pg: PGlite
beforeAll(async () => {
  pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from users; delete from local_writes; delete from synced_txids;`)
  await pg.exec(`insert into users (id, company_id, name, email) values (1, 1, 'Ana', 'ana@x'), (2, 1, 'Bia', 'bia@x'), (3, 1, 'Caio', 'caio@x')`)
})

/** Polls until check() holds (outbox events reach the database asynchronously). */
async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(5)
  }
}

const view = async () =>
  (await pg.query<{ id: number | null; name: string; pending: boolean; client_id: string | null; error: string | null }>(
    `select id, name, pending, client_id, error from (${optimisticSelect('users')}) u order by id nulls last, name`,
  )).rows

/** An outbox whose server answers 201 with the given body and txid, or refuses. */
async function outboxAnswering(answer: () => Response): Promise<Outbox> {
  return openOutbox({
    userKey: crypto.randomUUID(),
    baseUrl: 'http://api.test',
    fetch: async () => answer(),
    indexedDB: new IDBFactory(),
    getToken: async () => 't',
    connectivity: null,
    lock: null,
    channel: null,
  })
}

describe('optimisticSelect', () => {
  test('shows synced rows untouched when nothing is pending', async () => {
    expect(await view()).toEqual([
      { id: 1, name: 'Ana', pending: false, client_id: null, error: null },
      { id: 2, name: 'Bia', pending: false, client_id: null, error: null },
      { id: 3, name: 'Caio', pending: false, client_id: null, error: null },
    ])
  })

  test('lays pending updates over their row in order, hides pending deletes, adds pending inserts', async () => {
    await pg.exec(`
      insert into local_writes (client_id, table_name, op, row_key, value, created_at) values
        ('u1', 'users', 'update', '{"id": 1}', '{"name": "Ana Maria", "email": "a@y"}', now() - interval '2 s'),
        ('u2', 'users', 'update', '{"id": 1}', '{"name": "Ana Clara"}', now() - interval '1 s'),
        ('d1', 'users', 'delete', '{"id": 2}', '{}', now()),
        ('i1', 'users', 'insert', null, '{"company_id": 1, "name": "Davi"}', now())`)
    const rows = await view()
    expect(rows).toEqual([
      { id: 1, name: 'Ana Clara', pending: true, client_id: 'u2', error: null },
      { id: 3, name: 'Caio', pending: false, client_id: null, error: null },
      { id: null, name: 'Davi', pending: true, client_id: 'i1', error: null },
    ])
    const [{ email }] = (await pg.query<{ email: string }>(`select email from (${optimisticSelect('users')}) u where id = 1`)).rows
    expect(email).toBe('a@y')
  })

  test('a refused delete shows the row again with its error', async () => {
    await pg.exec(`insert into local_writes (client_id, table_name, op, row_key, error) values ('d1', 'users', 'delete', '{"id": 2}', 'ERR_NO_PERMISSION')`)
    expect((await view()).find((r) => r.id === 2)).toEqual({ id: 2, name: 'Bia', pending: true, client_id: 'd1', error: 'ERR_NO_PERMISSION' })
  })

  test('an answered insert hides as soon as its synced row is there', async () => {
    await pg.exec(`insert into local_writes (client_id, table_name, op, row_key, value, pending) values ('i1', 'users', 'insert', '{"id": 9}', '{"name": "Davi"}', false)`)
    expect((await view()).map((r) => r.name)).toEqual(['Ana', 'Bia', 'Caio', 'Davi'])
    await pg.exec(`insert into users (id, company_id, name) values (9, 1, 'Davi')`)
    expect((await view()).map((r) => [r.id, r.pending])).toEqual([[1, false], [2, false], [3, false], [9, false]])
  })
})

describe('queueWrite and the outbox events', () => {
  test('an answered write learns its key and txid, and leaves when the txid is delivered', async () => {
    const outbox = await outboxAnswering(() => Response.json({ id: 9, name: 'Davi' }, { status: 201, headers: { 'x-txid': '4242' } }))
    const unlink = await linkOutbox(outbox, pg)
    const id = await queueWrite({ pg, outbox }, { method: 'POST', path: '/users', body: { name: 'Davi' } }, { table: 'users', op: 'insert', value: { name: 'Davi' } })
    await outbox.whenSettled()
    await until(async () => (await pg.query(`select 1 from local_writes where txid is not null`)).rows.length === 1)
    expect((await pg.query(`select pending, txid::int as txid, row_key from local_writes where client_id = $1`, [id])).rows).toEqual([
      { pending: false, txid: 4242, row_key: { id: 9 } },
    ])
    await pg.exec(`insert into synced_txids (txid) values (4242)`)
    expect((await pg.query(`select 1 from local_writes`)).rows).toEqual([])
    unlink()
    outbox.close()
  })

  test('a refused write keeps its row with the error code until discarded', async () => {
    const outbox = await outboxAnswering(() => Response.json({ error: 'ERR_EMAIL_ALREADY_EXISTS' }, { status: 409 }))
    const unlink = await linkOutbox(outbox, pg)
    const id = await queueWrite({ pg, outbox }, { method: 'PUT', path: '/users/2', body: { email: 'ana@x' } }, { table: 'users', op: 'update', rowKey: { id: 2 }, value: { email: 'ana@x' } })
    await outbox.whenSettled()
    await until(async () => (await pg.query(`select 1 from local_writes where error is not null`)).rows.length === 1)
    expect((await view()).find((r) => r.id === 2)).toMatchObject({ pending: true, client_id: id, error: 'ERR_EMAIL_ALREADY_EXISTS' })
    await outbox.discard(id)
    await until(async () => (await pg.query(`select 1 from local_writes`)).rows.length === 0)
    expect((await view()).find((r) => r.id === 2)).toMatchObject({ pending: false, error: null })
    unlink()
    outbox.close()
  })

  test('after a reload, old pending rows are settled from the outbox and orphans are dropped', async () => {
    const outbox = await outboxAnswering(() => Response.json({ id: 7 }, { status: 201, headers: { 'x-txid': '99' } }))
    const w = await outbox.enqueue({ method: 'POST', path: '/users', body: {} })
    await outbox.whenSettled()
    await pg.exec(`
      insert into local_writes (client_id, table_name, op, value, created_at) values
        ('${w.id}', 'users', 'insert', '{"name": "Eva"}', now() - interval '5 minutes'),
        ('orphan', 'users', 'insert', '{"name": "Gil"}', now() - interval '5 minutes'),
        ('young', 'users', 'insert', '{"name": "Ivo"}', now())`)
    await reconcileLocalWrites(pg, outbox)
    const rows = (await pg.query(`select client_id, pending, txid::int as txid from local_writes order by client_id`)).rows
    expect(rows).toEqual([
      { client_id: w.id, pending: false, txid: 99 },
      { client_id: 'young', pending: true, txid: null },
    ].sort((a, b) => a.client_id.localeCompare(b.client_id)))
    outbox.close()
  })

  test('the key of a created row is read from a camelCase answer', () => {
    expect(rowKeyFromAnswer('user_queues', { userId: 3, queueId: 4, x: 1 })).toEqual({ user_id: 3, queue_id: 4 })
    expect(rowKeyFromAnswer('users', { message: 'ok' })).toBeNull()
  })
})
