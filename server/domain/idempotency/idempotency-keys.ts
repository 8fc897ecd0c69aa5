import type { Queryable } from '../../db/connect.ts'

/** How long a stored answer is replayed; after that the key is forgotten (purge job). */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 3600 * 1000

/** A write as the key remembers it: what was asked. */
export interface IdempotentRequest {
  key: string
  method: string
  path: string
  requestHash: string
}

/** What was answered, as stored with the write. */
export interface StoredAnswer {
  status: number
  /** JSON bodies as parsed; other bodies as text; null when there was none. */
  body: unknown
  contentType: string | null
  txid: number | null
}

export interface IdempotencyRow extends StoredAnswer {
  requestHash: string
}

/**
 * Claims the key for the acting user in the request's tenant transaction: true when this request owns it
 * and must run. A parallel request with the same key blocks here on the row until the owner commits
 * (then it finds the answer) or rolls back (then it claims the key itself).
 */
export async function claimIdempotencyKey(tx: Queryable, req: IdempotentRequest): Promise<boolean> {
  const rows = await tx`
    insert into idempotency_keys (company_id, user_id, key, method, path, request_hash)
    values (app_company_id(), app_user_id(), ${req.key}, ${req.method}, ${req.path}, ${req.requestHash})
    on conflict do nothing
    returning key`
  return rows.length === 1
}

/** The stored answer for the acting user's key, if the key is known. */
export async function findIdempotencyKey(tx: Queryable, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await tx<{ requestHash: string; status: number | null; responseBody: unknown; responseType: string | null; txid: string | null }[]>`
    select request_hash, status, response_body, response_type, txid::text as txid
      from idempotency_keys
     where company_id = app_company_id() and user_id = app_user_id() and key = ${key}`
  if (!row) return undefined
  return {
    requestHash: row.requestHash,
    status: row.status ?? 0,
    body: row.responseBody,
    contentType: row.responseType,
    txid: row.txid === null ? null : Number(row.txid),
  }
}

/** Stores the answer on the claimed key, in the same transaction as the write it answers. */
export async function completeIdempotencyKey(tx: Queryable, key: string, answer: StoredAnswer): Promise<void> {
  const json = answer.body === null || answer.body === undefined ? null : JSON.stringify(answer.body)
  await tx`
    update idempotency_keys
       set status = ${answer.status}, response_body = ${json}::text::jsonb, response_type = ${answer.contentType}, txid = ${answer.txid}
     where company_id = app_company_id() and user_id = app_user_id() and key = ${key}`
}

/** Deletes keys older than the retention window. Runs in system scope from the scheduler. */
export async function purgeIdempotencyKeys(sql: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)
  const res = await sql`delete from idempotency_keys where created_at < ${before}`
  return res.count
}
