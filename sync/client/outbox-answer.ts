import { parseRetryAfter } from './backoff.ts'
import type { OutboxWrite, WriteError, WriteResult } from './outbox-store.ts'

/** What an attempt to send a write came to. */
export type Outcome =
  | { kind: 'sent'; result: WriteResult }
  | { kind: 'refused'; error: WriteError }
  | { kind: 'retry'; failure: string; retryAfterMs: number | null }
  | { kind: 'unauthorized' }

/** Reads the server's answer: 2xx sent, 5xx/408/429 retry (Retry-After kept), any other status refused. */
export async function classify(write: OutboxWrite, res: Response, now: number): Promise<Outcome> {
  const text = await res.text().catch(() => '')
  let body: unknown = text || null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // a non-JSON body stays text
  }
  if (res.ok) {
    const txid = res.headers.get('x-txid')
    const result: WriteResult = {
      id: write.id,
      method: write.method,
      path: write.path,
      status: res.status,
      body,
      txid: txid ? Number(txid) : null,
      replayed: res.headers.get('idempotent-replayed') === 'true',
      doneAt: now,
    }
    return { kind: 'sent', result }
  }
  if (res.status >= 500 || res.status === 408 || res.status === 429) {
    return { kind: 'retry', failure: `HTTP_${res.status}`, retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), now) }
  }
  const obj = (body && typeof body === 'object' ? body : {}) as { error?: unknown; message?: unknown }
  const code = typeof obj.error === 'string' ? obj.error : `HTTP_${res.status}`
  return { kind: 'refused', error: { status: res.status, code, message: typeof obj.message === 'string' ? obj.message : null, body } }
}
