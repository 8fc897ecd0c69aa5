import { wrap, type DBSchema, type IDBPDatabase } from 'idb'

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Why the server refused a write (a 4xx), as the UI shows it. */
export interface WriteError {
  status: number
  /** The server's ERR_* code, or HTTP_<status> when the body had none. */
  code: string
  message: string | null
  body: unknown
}

/** A write waiting in the outbox. */
export interface OutboxWrite {
  /** The client id of the write's optimistic row; also its first Idempotency-Key. */
  id: string
  /**
   * The Idempotency-Key sent: the id, until a refused write is retried. The server stores 4xx answers
   * under their key, so a retry after a refusal needs a new one (the refused attempt changed nothing).
   */
  key: string
  /** Position in the queue (IndexedDB key): writes go out in this order. */
  seq: number
  method: WriteMethod
  /** Path and query on the API, e.g. `/tickets/5`. */
  path: string
  /** JSON body, if any. */
  body?: unknown
  /**
   * The records this write acts on ('ticket:5'). A refused write holds back only the later writes that
   * share one of them; a write without a scope may depend on anything, so it waits behind any refusal
   * and its own refusal holds back everything after it.
   */
  scope?: string[]
  /** pending: will be sent; failed: refused with a 4xx, blocks the writes that depend on it until retried or discarded. */
  state: 'pending' | 'failed'
  /** Attempts that ended in a network error, a 5xx or a 429 since the last success or retry. */
  attempts: number
  /** Not before this time (ms), after a retryable failure. */
  nextAttemptAt: number
  createdAt: number
  error: WriteError | null
  /** The last retryable failure (ERR_NETWORK, HTTP_503…), for display. */
  lastFailure: string | null
}

/** The server's 2xx answer to a write, kept a day for reconciling optimistic rows after a reload. */
export interface WriteResult {
  id: string
  method: WriteMethod
  path: string
  status: number
  body: unknown
  /** x-txid: the write's transaction in the shape stream (null if it wrote nothing synced). */
  txid: number | null
  /** The server had already run this write and replayed its stored answer. */
  replayed: boolean
  doneAt: number
}

interface OutboxSchema extends DBSchema {
  writes: { key: number; value: OutboxWrite; indexes: { 'by-id': string } }
  results: { key: string; value: WriteResult; indexes: { 'by-done': number } }
}

export const outboxDbName = (userKey: string) => `balcao-outbox-${userKey}`

/** The outbox's IndexedDB database, opened on the given factory (the browser's or fake-indexeddb's). */
export class OutboxStore {
  readonly #db: IDBPDatabase<OutboxSchema>

  private constructor(db: IDBPDatabase<OutboxSchema>) {
    this.#db = db
  }

  /** onClosed: another context deletes or upgrades the database (logout wipe): we let go at once. */
  static async open(factory: IDBFactory, name: string, onClosed: () => void): Promise<OutboxStore> {
    const request = factory.open(name, 1)
    request.addEventListener('upgradeneeded', () => {
      const db = request.result
      const writes = db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true })
      writes.createIndex('by-id', 'id', { unique: true })
      const results = db.createObjectStore('results', { keyPath: 'id' })
      results.createIndex('by-done', 'doneAt')
    })
    const db = (await wrap(request)) as unknown as IDBPDatabase<OutboxSchema>
    db.addEventListener('versionchange', () => {
      db.close()
      onClosed()
    })
    return new OutboxStore(db)
  }

  close() {
    this.#db.close()
  }

  /** Appends a write; its seq orders it after every write already queued. */
  async add(write: Omit<OutboxWrite, 'seq'>): Promise<OutboxWrite> {
    const seq = await this.#db.add('writes', write as OutboxWrite)
    return { ...write, seq }
  }

  /** Every queued write, in order. */
  list(): Promise<OutboxWrite[]> {
    return this.#db.getAll('writes')
  }

  /** The first write in the queue. */
  async head(): Promise<OutboxWrite | undefined> {
    const cursor = await this.#db.transaction('writes').store.openCursor()
    return cursor?.value
  }

  get(id: string): Promise<OutboxWrite | undefined> {
    return this.#db.getFromIndex('writes', 'by-id', id)
  }

  async put(write: OutboxWrite): Promise<void> {
    await this.#db.put('writes', write)
  }

  async delete(write: OutboxWrite): Promise<void> {
    await this.#db.delete('writes', write.seq)
  }

  /** Removes the write and keeps its answer, in one transaction: never both or neither. */
  async complete(write: OutboxWrite, result: WriteResult): Promise<void> {
    const tx = this.#db.transaction(['writes', 'results'], 'readwrite')
    await Promise.all([tx.objectStore('writes').delete(write.seq), tx.objectStore('results').put(result), tx.done])
  }

  /** Answers kept since `since` (ms). */
  results(since = 0): Promise<WriteResult[]> {
    return this.#db.getAllFromIndex('results', 'by-done', IDBKeyRange.lowerBound(since))
  }

  async pruneResults(before: number): Promise<void> {
    const tx = this.#db.transaction('results', 'readwrite')
    for (let c = await tx.store.index('by-done').openCursor(IDBKeyRange.upperBound(before, true)); c; c = await c.continue()) await c.delete()
    await tx.done
  }
}
