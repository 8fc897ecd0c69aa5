import { createHash } from 'node:crypto'
import type { Context, Next } from 'hono'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../app-env.ts'
import type { Tx } from '../db/connect.ts'
import { AppError } from '../domain/app-error.ts'
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  type IdempotencyRow,
  type IdempotentRequest,
} from '../domain/idempotency/idempotency-keys.ts'

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200
/** Set on an answer that was stored earlier and not produced by running the handler again. */
export const REPLAYED_HEADER = 'idempotent-replayed'
/** The 32-bit id of the write's transaction: the shape stream carries it in `headers.txids`. */
export const TXID_HEADER = 'x-txid'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** 4xx answers that mean "try later": never stored, so that a retry runs the handler. */
const TRANSIENT_STATUSES = new Set([408, 425, 429])

/** Whether the request transaction commits or rolls back once the chain has run. */
export type RequestOutcome = 'commit' | 'rollback'

class HandlerFailed extends Error {}

/**
 * Runs the rest of the chain inside the request's tenant transaction (called by requireAuth instead of
 * `next()`), and adds what writes need on top:
 * - every 2xx write answer carries `x-txid`, the transaction id its changes carry in the shape stream;
 * - a write with an `Idempotency-Key` header runs at most once per user and key: the key is claimed
 *   before the handler runs, the answer (2xx and 4xx, never 5xx or 408/425/429) is stored in the same
 *   transaction, and a repeat gets the stored answer with `Idempotent-Replayed: true`. The same key with
 *   another method, path or body is 422 ERR_IDEMPOTENCY_KEY_REUSED.
 *
 * @example
 * const outcome = await runInRequestTransaction(c, tx, next)
 * if (outcome === 'rollback') throw new Rollback()
 */
export async function runInRequestTransaction(c: Context<AppEnv>, tx: Tx, next: Next): Promise<RequestOutcome> {
  if (!WRITE_METHODS.has(c.req.method)) {
    await next()
    return c.error ? 'rollback' : 'commit'
  }
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key === undefined) {
    await next()
    if (c.error) return 'rollback'
    if (c.res.status < 300) stampTxid(c, await currentTxid(tx))
    return 'commit'
  }
  return runIdempotent(c, tx, next, key)
}

async function runIdempotent(c: Context<AppEnv>, tx: Tx, next: Next, key: string): Promise<RequestOutcome> {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new AppError('ERR_VALIDATION', `Idempotency-Key must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, {
      field: 'Idempotency-Key',
    })
  }
  const req = await describeRequest(c, key)
  const stored = await claimOrFind(tx, req)
  if (stored) {
    if (stored.requestHash !== req.requestHash) {
      throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request')
    }
    replay(c, stored)
    return 'commit'
  }
  await runInSavepoint(c, tx, next)
  const status = c.res.status
  if (status >= 500 || TRANSIENT_STATUSES.has(status)) return 'rollback'
  const txid = status < 300 ? await currentTxid(tx) : null
  await completeIdempotencyKey(tx, key, { ...(await readAnswer(c.res)), status, txid })
  stampTxid(c, txid)
  return 'commit'
}

/** The key row: claimed by this request (undefined), or the answer a finished earlier request stored. */
async function claimOrFind(tx: Tx, req: IdempotentRequest): Promise<IdempotencyRow | undefined> {
  // Twice: the row that blocked the claim may have been purged before we read it.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await claimIdempotencyKey(tx, req)) return undefined
    const row = await findIdempotencyKey(tx, req.key)
    if (row) return row
  }
  throw new Error(`idempotency key ${req.key} neither claimable nor readable`)
}

/**
 * The handler runs on a savepoint's connection object (as ctx.tx and tx), so that a failed handler's
 * writes and even an aborted statement are undone while the claimed key row stays, ready to store the
 * 4xx answer. A handler error has already become c.res (Hono's onError) when next() returns.
 */
async function runInSavepoint(c: Context<AppEnv>, tx: Tx, next: Next): Promise<void> {
  const ctx = c.get('ctx')
  try {
    await tx.savepoint(async (sp) => {
      c.set('tx', sp)
      c.set('ctx', { ...ctx, tx: sp })
      await next()
      if (c.error) throw new HandlerFailed()
    })
  } catch (err) {
    if (!(err instanceof HandlerFailed)) throw err
  } finally {
    c.set('tx', tx)
    c.set('ctx', ctx)
  }
}

async function describeRequest(c: Context<AppEnv>, key: string): Promise<IdempotentRequest> {
  const url = new URL(c.req.url)
  const path = url.pathname + url.search
  // A clone: the validators downstream still read the original body.
  const body = new Uint8Array(await c.req.raw.clone().arrayBuffer())
  const requestHash = createHash('sha256').update(`${c.req.method}\n${path}\n`).update(body).digest('hex')
  return { key, method: c.req.method, path: url.pathname, requestHash }
}

async function readAnswer(res: Response): Promise<{ body: unknown; contentType: string | null }> {
  const contentType = res.headers.get('content-type')
  const text = await res.clone().text()
  if (!text) return { body: null, contentType }
  if (contentType?.includes('json')) {
    try {
      return { body: JSON.parse(text), contentType }
    } catch {
      // not JSON after all: kept as text
    }
  }
  return { body: text, contentType: contentType ?? 'text/plain' }
}

function replay(c: Context<AppEnv>, stored: IdempotencyRow) {
  const isJson = stored.contentType?.includes('json') && stored.body !== null
  const body = stored.body === null ? null : isJson ? JSON.stringify(stored.body) : String(stored.body)
  const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' }
  if (stored.contentType) headers['content-type'] = stored.contentType
  if (stored.txid !== null) headers[TXID_HEADER] = String(stored.txid)
  c.res = body === null ? c.body(null, stored.status as StatusCode, headers) : c.body(body, stored.status as ContentfulStatusCode, headers)
}

/** The request transaction's id as the shape stream writes it (32 bits), or null if it wrote nothing. */
async function currentTxid(tx: Tx): Promise<number | null> {
  const [row] = await tx<{ txid: string | null }[]>`select pg_current_xact_id_if_assigned()::text as txid`
  return row?.txid ? Number(BigInt(row.txid) % 4294967296n) : null
}

function stampTxid(c: Context<AppEnv>, txid: number | null) {
  if (txid !== null && c.res.status < 300) c.header(TXID_HEADER, String(txid))
}
