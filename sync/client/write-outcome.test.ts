import 'fake-indexeddb/auto'
import { describe, expect, test } from 'bun:test'
import { IDBFactory } from 'fake-indexeddb'
import { openOutbox, type Connectivity } from './outbox.ts'
import { awaitWriteOutcome, refusedFields, WriteRefused } from './write-outcome.ts'

type Answer = () => Response | Promise<Response>

/** A real outbox over fake-indexeddb whose requests the test answers one by one. */
async function outboxAnswering(answers: Answer[], online = true) {
  const connectivity: Connectivity = { isOnline: () => online, subscribe: () => () => {} }
  return openOutbox({
    userKey: `u${Math.random()}`,
    getToken: async () => 'token',
    fetch: async () => (answers.shift() ?? (() => Response.json({ id: 1 }, { status: 201 })))(),
    indexedDB: new IDBFactory(),
    connectivity,
    lock: null,
    channel: null,
    random: () => 0,
  })
}

describe('awaitWriteOutcome', () => {
  test('a write the server takes is sent', async () => {
    const outbox = await outboxAnswering([() => Response.json({ id: 7 }, { status: 201 })])
    const write = await outbox.enqueue({ method: 'POST', path: '/users', body: { name: 'Ana' } })
    expect(await awaitWriteOutcome(outbox, write.id)).toEqual({ kind: 'sent' })
    expect(outbox.snapshot().writes).toHaveLength(0)
    outbox.close()
  })

  test('a refused write rejects with the server error and its field', async () => {
    const outbox = await outboxAnswering([() => Response.json({ error: 'ERR_EMAIL_ALREADY_EXISTS', message: 'taken', field: 'email' }, { status: 409 })])
    const write = await outbox.enqueue({ method: 'POST', path: '/users', body: { email: 'a@b.co' } })
    const err = await awaitWriteOutcome(outbox, write.id).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(WriteRefused)
    const refused = err as WriteRefused
    expect(refused.error.code).toBe('ERR_EMAIL_ALREADY_EXISTS')
    expect(refusedFields(refused.error)).toEqual({ email: 'ERR_EMAIL_ALREADY_EXISTS' })
    outbox.close()
  })

  test('a validation refusal names each field once', () => {
    const fields = refusedFields({
      status: 400,
      code: 'ERR_VALIDATION',
      message: null,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'too short' }, { field: 'name', message: 'other' }, { field: '', message: 'x' }] },
    })
    expect(fields).toEqual({ name: 'too short' })
  })

  test('offline, the write is kept and reported as queued at once', async () => {
    const outbox = await outboxAnswering([], false)
    const write = await outbox.enqueue({ method: 'PUT', path: '/users/3', body: { name: 'Bia' } })
    const started = Date.now()
    expect(await awaitWriteOutcome(outbox, write.id, 5_000)).toEqual({ kind: 'queued', reason: 'offline' })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(outbox.snapshot().writes.map((w) => w.id)).toEqual([write.id])
    outbox.close()
  })

  test('a server that keeps failing leaves the write queued after the wait', async () => {
    const outbox = await outboxAnswering([() => new Response('down', { status: 503 }), () => new Response('down', { status: 503 })])
    const write = await outbox.enqueue({ method: 'PUT', path: '/users/3', body: { name: 'Bia' } })
    expect(await awaitWriteOutcome(outbox, write.id, 300)).toEqual({ kind: 'queued', reason: 'slow' })
    expect(outbox.snapshot().writes[0]?.state).toBe('pending')
    outbox.close()
  })

  test('a write held behind a refused one is queued, not sent', async () => {
    const outbox = await outboxAnswering([() => Response.json({ error: 'ERR_NO_PERMISSION' }, { status: 403 })])
    const first = await outbox.enqueue({ method: 'PUT', path: '/users/3', body: {}, scope: ['user:3'] })
    await expect(awaitWriteOutcome(outbox, first.id)).rejects.toBeInstanceOf(WriteRefused)
    const second = await outbox.enqueue({ method: 'PUT', path: '/users/3', body: {}, scope: ['user:3'] })
    expect(await awaitWriteOutcome(outbox, second.id)).toEqual({ kind: 'queued', reason: 'held' })
    outbox.close()
  })
})
