import { IDBFactory } from 'fake-indexeddb'
import { openOutbox, type Outbox } from './outbox.ts'

/** For tests: an outbox on its own fake IndexedDB that never sends (offline), so writes stay queued. */
export function openOfflineOutbox(): Promise<Outbox> {
  return openOutbox({
    userKey: crypto.randomUUID(),
    baseUrl: 'http://api.test',
    fetch: async () => Promise.reject(new TypeError('offline')),
    indexedDB: new IDBFactory(),
    getToken: async () => 't',
    connectivity: { isOnline: () => false, subscribe: () => () => {} },
    lock: null,
    channel: null,
  })
}
