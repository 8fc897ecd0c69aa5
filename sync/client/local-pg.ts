import type { PGliteInterface, Transaction } from '@electric-sql/pglite'
import type { SyncNamespaceObj } from '@electric-sql/pglite-sync'

/** What the sync client needs of a database: PGlite in the worker or in a test, or the PGliteWorker proxy. */
export type LocalPg = Pick<PGliteInterface, 'query' | 'exec' | 'transaction'> & { syncToFs(): Promise<void> }

/** A database with the pglite-sync extension loaded as `electric` (`extensions: { electric: electricSync() }`). */
export type SyncablePg = LocalPg & { electric: SyncNamespaceObj }

/** The database's name in storage: the OPFS directory, and the IndexedDB database `/pglite/<name>`. */
export const dataDirName = (userKey: string) => `balcao-${userKey}`
export const idbDatabaseName = (userKey: string) => `/pglite/${dataDirName(userKey)}`

/** User keys become storage names: keep them to letters, digits, `-` and `_`. */
export function assertUserKey(userKey: string) {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(userKey)) throw new Error(`invalid user key ${JSON.stringify(userKey)}`)
}

/**
 * pwa-notes pitfall 2: transaction() never syncs to storage after COMMIT. Patched on the worker's
 * PGlite (pglite-sync commits through it) and on each tab's PGliteWorker.
 */
export function syncAfterTransactions(pg: { transaction: PGliteInterface['transaction']; syncToFs(): Promise<void> }) {
  const original = pg.transaction.bind(pg)
  pg.transaction = async <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => {
    try {
      return await original(fn)
    } finally {
      await pg.syncToFs()
    }
  }
}
