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
  /** `read`: what readTogether answered for the message's ticket; undefined when nothing was read before. */
  run: (tx: Tx, stored: unknown, read?: unknown) => Promise<DomainEvent[]>
  failed: (tx: Tx, stored: unknown) => Promise<void>
  /**
   * What `run` reads of its ticket first (the routing state), read for all of a batch's tickets in one
   * statement instead of one per step; answers by ticket id.
   */
  readTogether?: ReadTogether
}

export type ReadTogether = (tx: Tx, ticketIds: number[]) => Promise<Map<number, unknown>>

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
const ticketOf = (answer: unknown) => (answer as { ticket: { id: number } }).ticket.id

/** Each stored item's readTogether answer (null: its ticket was not found), one statement per read function. */
async function readTogether(tx: Tx, items: Item[], answers: unknown[]): Promise<unknown[]> {
  const groups = new Map<ReadTogether, number[]>()
  items.forEach((item, i) => {
    const read = item.after?.readTogether
    if (!read || !isStored(answers[i])) return
    const group = groups.get(read)
    if (group) group.push(i)
    else groups.set(read, [i])
  })
  const out = new Array<unknown>(items.length)
  for (const [read, indexes] of groups) {
    const byTicket = await read(tx, indexes.map((i) => ticketOf(answers[i])))
    for (const i of indexes) out[i] = byTicket.get(ticketOf(answers[i])) ?? null
  }
  return out
}

/**
 * A message its step follows leaves the ticket's preview to the step, which writes it with its own ticket
 * update (migration 0039: one ticket update per answered message, not two).
 */
const deferred = (item: Item) => (item.after ? { ...(item.payload as object), deferPreview: true } : item.payload)

/**
 * Messages of different chats stored together: one app_ingest_message per message in one statement and
 * one transaction (CompanyBatcher), each message's routing step after it in the same transaction, the
 * steps' first read (their tickets' routing state, locked) one statement for the batch. The
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
        const answers = rows.map((row) => row.result)
        const reads = await readTogether(tx, items, answers)
        // Every step settles before the transaction ends: none may still be sending when it rolls back.
        const settled = await Promise.allSettled(
          answers.map((answer, i) => (items[i].after && isStored(answer) ? items[i].after.run(tx, answer, reads[i]) : Promise.resolve(null))),
        )
        const failed = settled.find((s) => s.status === 'rejected')
        if (failed) throw failed.reason
        return answers.map((answer, i) => {
          const events = (settled[i] as PromiseFulfilledResult<DomainEvent[] | null>).value
          return { answer, after: events ? { events } : null } satisfies Ingested<unknown>
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
