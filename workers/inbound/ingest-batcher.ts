import type { Tx } from '../../server/db/connect.ts'
import type { Db } from '../../server/db/tenant.ts'
import type { DomainEvent } from '../../server/domain/context.ts'
import { CompanyBatcher } from './company-batcher.ts'

/**
 * What follows a stored message in its transaction (the routing step: bot, queue menu, flows). `run`
 * answers the events to publish once the transaction commits, gathered per attempt: a batch that rolls
 * back runs it again alone, so an attempt must keep nothing outside its answer. When it fails alone (under
 * a savepoint), `failed` writes what the message itself still owes its ticket (its deferred preview).
 */
export interface AfterStored {
  run: (tx: Tx, stored: unknown) => Promise<DomainEvent[]>
  failed: (tx: Tx, stored: unknown) => Promise<void>
}

interface Item {
  payload: unknown
  after?: AfterStored
}

/** The message's outcome, and what the step after it did (null: no step ran, the message was not stored). */
export interface Ingested<T> {
  answer: T
  after: { events: DomainEvent[] } | { error: unknown } | null
}

const isStored = (answer: unknown) => (answer as { outcome?: string }).outcome === 'stored'

/**
 * A message its step follows leaves the ticket's preview to the step, which writes it with its own ticket
 * update (migration 0039: one ticket update per answered message, not two).
 */
const deferred = (item: Item) => (item.after ? { ...(item.payload as object), deferPreview: true } : item.payload)

/**
 * Messages of different chats stored together: one app_ingest_message per message in one statement and
 * one transaction (CompanyBatcher), each message's routing step after it in the same transaction. The
 * steps of a batch run side by side on its connection, so their statements go out back to back
 * (pipelined) instead of waiting for each other's round trips: they touch only their own chat's ticket,
 * contact and jobs (the ChatSerializer keeps a chat's next message behind this one), and a routing step
 * makes no outside call (integrations and webhooks are jobs).
 *
 * A batch where anything fails (a message the database refuses, a step) rolls back whole and each message
 * goes again alone: stored, then its step under a savepoint, so a step that fails loses only its own
 * writes and the message is kept (the bot missing one beat must not make the channel redeliver it).
 */
export class IngestBatcher {
  private readonly batcher: CompanyBatcher<Item>

  constructor(db: Db) {
    this.batcher = new CompanyBatcher<Item>(db, {
      together: async (tx, items) => {
        const rows = await tx<{ result: unknown }[]>`
          select app_ingest_message(b.payload) as result
            from jsonb_array_elements(${tx.json(items.map(deferred) as never)}) with ordinality as b(payload, n)
           order by b.n`
        // Every step settles before the transaction ends: none may still be sending when it rolls back.
        const settled = await Promise.allSettled(
          rows.map((row, i) => (items[i].after && isStored(row.result) ? items[i].after.run(tx, row.result) : Promise.resolve(null))),
        )
        const failed = settled.find((s) => s.status === 'rejected')
        if (failed) throw failed.reason
        return rows.map((row, i) => {
          const events = (settled[i] as PromiseFulfilledResult<DomainEvent[] | null>).value
          return { answer: row.result, after: events ? { events } : null } satisfies Ingested<unknown>
        })
      },
      alone: async (tx, item) => {
        const answer = await ingestOne(tx, deferred(item))
        if (!item.after || !isStored(answer)) return { answer, after: null } satisfies Ingested<unknown>
        const after = item.after
        try {
          return { answer, after: { events: (await tx.savepoint((sp) => after.run(sp, answer))) as DomainEvent[] } }
        } catch (error) {
          await after.failed(tx, answer)
          return { answer, after: { error } }
        }
      },
    })
  }

  /** app_ingest_message(payload) in the company's scope, then `after` in the same transaction when it stored a message. */
  ingest<T>(companyId: number, payload: unknown, after?: AfterStored): Promise<Ingested<T>> {
    return this.batcher.add<Ingested<T>>(companyId, { payload, after })
  }
}

/** One message through app_ingest_message (migration 0008): contact, ticket and message in one round trip. */
export async function ingestOne<T>(tx: Tx, payload: unknown): Promise<T> {
  const [row] = await tx<{ result: T }[]>`select app_ingest_message(${tx.json(payload as never)}) as result`
  return row.result
}
