import type { Tx } from '../../server/db/connect.ts'
import type { Db } from '../../server/db/tenant.ts'
import { withTenant } from '../../server/db/tenant.ts'

interface Waiting {
  payload: unknown
  resolve: (answer: unknown) => void
  reject: (err: unknown) => void
}

/** Messages per statement: a batch is one transaction, so one slow batch holds this many messages back. */
const MAX_BATCH = 50
/** Batches of one company stored at the same time (Postgres works each on its own connection and core). */
const MAX_IN_FLIGHT = 2

/**
 * Group commit for the inbound pipeline (issue 4's 1,000 messages/s on two cores): messages that arrive
 * while a company's earlier ones are being stored wait, and go in together, one app_ingest_message per
 * message in one statement and one transaction, so the begin, the tenant settings and the commit are
 * paid once per batch instead of once per message. Nothing waits on purpose: a lone message goes alone,
 * at once. The per-chat order is the caller's (ChatSerializer: one message of a chat at a time), so a
 * batch never holds two messages of one chat.
 *
 * A batch that fails is retried message by message, so a bad message fails only itself.
 */
export class IngestBatcher {
  private readonly waiting = new Map<number, Waiting[]>()
  private readonly inFlight = new Map<number, number>()

  constructor(private readonly db: Db) {}

  /** app_ingest_message(payload) in the company's scope, batched with whatever else is waiting. */
  ingest<T>(companyId: number, payload: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queue = this.waiting.get(companyId) ?? []
      queue.push({ payload, resolve: resolve as (answer: unknown) => void, reject })
      this.waiting.set(companyId, queue)
      this.pump(companyId)
    })
  }

  private pump(companyId: number) {
    const queue = this.waiting.get(companyId)
    const running = this.inFlight.get(companyId) ?? 0
    if (!queue?.length || running >= MAX_IN_FLIGHT) return
    const batch = queue.splice(0, MAX_BATCH)
    if (!queue.length) this.waiting.delete(companyId)
    this.inFlight.set(companyId, running + 1)
    void this.store(companyId, batch).finally(() => {
      const left = (this.inFlight.get(companyId) ?? 1) - 1
      if (left) this.inFlight.set(companyId, left)
      else this.inFlight.delete(companyId)
      this.pump(companyId)
    })
  }

  private async store(companyId: number, batch: Waiting[]) {
    if (batch.length > 1) {
      try {
        const rows = await withTenant(this.db, { companyId }, (tx) => tx<{ result: unknown }[]>`
          select app_ingest_message(b.payload) as result
            from jsonb_array_elements(${tx.json(batch.map((w) => w.payload) as never)}) with ordinality as b(payload, n)
           order by b.n`)
        rows.forEach((row, i) => batch[i].resolve(row.result))
        return
      } catch {
        // One message (or a lock conflict with another process) spoiled the batch: each goes alone below.
      }
    }
    for (const w of batch) {
      try {
        w.resolve(await withTenant(this.db, { companyId }, (tx) => ingestOne(tx, w.payload)))
      } catch (err) {
        w.reject(err)
      }
    }
  }
}

/** One message through app_ingest_message (migration 0008): contact, ticket and message in one round trip. */
export async function ingestOne<T>(tx: Tx, payload: unknown): Promise<T> {
  const [row] = await tx<{ result: T }[]>`select app_ingest_message(${tx.json(payload as never)}) as result`
  return row.result
}
