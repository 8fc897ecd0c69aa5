import type { OutboxSnapshot, WriteError } from './outbox.ts'

/**
 * What became of a queued write, as a form may report it: the server took it (`sent`), or it is kept in
 * this browser and goes out later (`queued`: offline, signed out, held behind a refused write, or no
 * answer within the wait). A refusal rejects with WriteRefused instead.
 */
export type WriteOutcome = { kind: 'sent' } | { kind: 'queued'; reason: 'offline' | 'held' | 'slow' }

/** The server refused the write (a 4xx): `error` holds its code and body (field errors included). */
export class WriteRefused extends Error {
  readonly error: WriteError
  constructor(error: WriteError) {
    super(error.code)
    this.name = 'WriteRefused'
    this.error = error
  }
}

interface Watchable {
  subscribe(listener: (s: OutboxSnapshot) => void): () => void
}

/**
 * Waits for the answer to one queued write. It reads the outbox's snapshot rather than its events, so it
 * also sees a write another tab sent, and a write answered before the call (gone from the queue: sent).
 *
 * @example
 * const id = await queueCreateUser(w, companyId, values)
 * const outcome = await awaitWriteOutcome(outbox, id) // throws WriteRefused on ERR_EMAIL_ALREADY_EXISTS
 */
export function awaitWriteOutcome(outbox: Watchable, id: string, timeoutMs = 10_000): Promise<WriteOutcome> {
  return new Promise((resolve, reject) => {
    let done = false
    let off: (() => void) | null = null
    const timer = setTimeout(() => finish(() => resolve({ kind: 'queued', reason: 'slow' })), timeoutMs)
    function finish(settle: () => void) {
      if (done) return
      done = true
      clearTimeout(timer)
      off?.()
      settle()
    }
    off = outbox.subscribe((s) => {
      const write = s.writes.find((w) => w.id === id)
      if (!write) return finish(() => resolve({ kind: 'sent' }))
      if (write.state === 'failed' && write.error) return finish(() => reject(new WriteRefused(write.error as WriteError)))
      if (s.state === 'offline' || s.state === 'unauthorized' || s.state === 'closed') return finish(() => resolve({ kind: 'queued', reason: 'offline' }))
      if (s.state === 'blocked') finish(() => resolve({ kind: 'queued', reason: 'held' }))
    })
    if (done) off()
  })
}

/** The field a refusal names (`{field}` from a domain error, or the first of a validation's `fields`). */
export function refusedFields(error: WriteError): Record<string, string> {
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as { field?: unknown; fields?: unknown }
  const out: Record<string, string> = {}
  if (typeof body.field === 'string') out[body.field] = error.code
  if (Array.isArray(body.fields)) {
    for (const f of body.fields as { field?: unknown; message?: unknown }[]) {
      if (typeof f.field === 'string' && f.field && !(f.field in out)) out[f.field] = typeof f.message === 'string' ? f.message : error.code
    }
  }
  return out
}
