import type { Tx } from '../../server/db/connect.ts'
import type { Db } from '../../server/db/tenant.ts'
import { withTenant } from '../../server/db/tenant.ts'

interface Waiting<In> {
  item: In
  resolve: (answer: unknown) => void
  reject: (err: unknown) => void
}

/** How one kind of work is done: all waiting items in one transaction, or one item in its own. */
export interface BatchWork<In> {
  together: (tx: Tx, items: In[]) => Promise<unknown[]>
  alone: (tx: Tx, item: In) => Promise<unknown>
}

/** Items per transaction: one slow batch holds this many chats back. */
const MAX_BATCH = 50
/** Batches of one company under way at the same time (Postgres works each on its own connection and core). */
const MAX_IN_FLIGHT = 2

/**
 * Group commit for the inbound pipeline (issue 4's 1,000 messages/s, issue 21's flow steps on two cores):
 * work that arrives while a company's earlier work is being written waits, and goes in together in one
 * transaction, so the begin, the tenant settings and the commit (with its WAL flush and its sequencer
 * run) are paid once per batch instead of once per message. Nothing waits on purpose: a lone item goes
 * alone, at once. The per-chat order is the caller's (ChatSerializer: one message of a chat at a time),
 * so a batch never holds two items of one chat.
 *
 * A batch that fails is rolled back whole and retried item by item, so a bad item fails only itself.
 */
export class CompanyBatcher<In> {
  private readonly waiting = new Map<number, Waiting<In>[]>()
  private readonly inFlight = new Map<number, number>()

  constructor(
    private readonly db: Db,
    private readonly work: BatchWork<In>,
  ) {}

  /** Does `item` in the company's scope, with whatever else of the company is waiting. */
  add<T>(companyId: number, item: In): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queue = this.waiting.get(companyId) ?? []
      queue.push({ item, resolve: resolve as (answer: unknown) => void, reject })
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

  private async store(companyId: number, batch: Waiting<In>[]) {
    if (batch.length > 1) {
      try {
        const answers = await withTenant(this.db, { companyId }, (tx) => this.work.together(tx, batch.map((w) => w.item)))
        answers.forEach((answer, i) => batch[i].resolve(answer))
        return
      } catch {
        // One item (or a lock conflict with another process) spoiled the batch: each goes alone below.
      }
    }
    for (const w of batch) {
      try {
        w.resolve(await withTenant(this.db, { companyId }, (tx) => this.work.alone(tx, w.item)))
      } catch (err) {
        w.reject(err)
      }
    }
  }
}
