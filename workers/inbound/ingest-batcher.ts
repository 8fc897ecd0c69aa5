import type { Tx } from '../../server/db/connect.ts'
import type { Db } from '../../server/db/tenant.ts'
import { CompanyBatcher } from './company-batcher.ts'

/**
 * Messages of different chats stored together: one app_ingest_message per message in one statement and
 * one transaction (CompanyBatcher). A batch that fails is retried message by message.
 */
export class IngestBatcher {
  private readonly batcher: CompanyBatcher<unknown>

  constructor(db: Db) {
    this.batcher = new CompanyBatcher<unknown>(db, {
      together: async (tx, payloads) => {
        const rows = await tx<{ result: unknown }[]>`
          select app_ingest_message(b.payload) as result
            from jsonb_array_elements(${tx.json(payloads as never)}) with ordinality as b(payload, n)
           order by b.n`
        return rows.map((row) => row.result)
      },
      alone: ingestOne,
    })
  }

  /** app_ingest_message(payload) in the company's scope, batched with whatever else is waiting. */
  ingest<T>(companyId: number, payload: unknown): Promise<T> {
    return this.batcher.add<T>(companyId, payload)
  }
}

/** One message through app_ingest_message (migration 0008): contact, ticket and message in one round trip. */
export async function ingestOne<T>(tx: Tx, payload: unknown): Promise<T> {
  const [row] = await tx<{ result: T }[]>`select app_ingest_message(${tx.json(payload as never)}) as result`
  return row.result
}
