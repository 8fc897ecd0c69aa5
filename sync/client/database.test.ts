import 'fake-indexeddb/auto'
import { expect, test } from 'bun:test'
import { IDBFactory } from 'fake-indexeddb'
import { wipeLocalData } from './database.ts'
import { idbDatabaseName } from './local-pg.ts'
import { openOutbox } from './outbox.ts'
import { rejection } from '../../test/rejection.ts'

/** A database left open the way PGlite's IndexedDB storage would be, closing when asked to. */
function openRaw(factory: IDBFactory, name: string) {
  return new Promise<void>((resolve, reject) => {
    const req = factory.open(name, 1)
    req.onupgradeneeded = () => req.result.createObjectStore('FILE_DATA')
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close()
      resolve()
    }
    req.onerror = () => reject(req.error)
  })
}

test("logout wipes the user's database, its OPFS directory and the outbox, and nothing of another user", async () => {
  const factory = new IDBFactory()
  const removed: string[] = []
  const opfsRoot = async () => ({ removeEntry: async (name: string) => void removed.push(name) }) as unknown as FileSystemDirectoryHandle
  const outbox = await openOutbox({ userKey: 'c1-u1', indexedDB: factory, getToken: async () => 't', connectivity: null, lock: null, channel: null, autoReplay: false })
  await outbox.enqueue({ method: 'POST', path: '/users', body: { name: 'secret of u1' } })
  const other = await openOutbox({ userKey: 'c1-u2', indexedDB: factory, getToken: async () => 't', connectivity: null, lock: null, channel: null, autoReplay: false })
  await openRaw(factory, idbDatabaseName('c1-u1'))
  await openRaw(factory, idbDatabaseName('c1-u2'))

  expect(await wipeLocalData('c1-u1', { indexedDB: factory, opfsRoot, closeTabs: false })).toEqual({ complete: true })

  const names = (await factory.databases()).map((d) => d.name).sort()
  expect(names).toEqual(['/pglite/balcao-c1-u2', 'balcao-outbox-c1-u2'])
  expect(removed).toEqual(['balcao-c1-u1'])
  expect(outbox.snapshot().state).toBe('closed')
  other.close()
})

test('a user key that is not a safe storage name is refused', async () => {
  expect(String(await rejection(wipeLocalData('../x', { closeTabs: false })))).toContain('invalid user key')
})
