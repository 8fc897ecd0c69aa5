import { preparedReads, type Queryable } from './prepared-reads.ts'

/**
 * The tabs' single statements (the screens' reads, and one-statement writes such as an optimistic row)
 * in one message each to the leader's worker. Through PGliteWorker a tab's query is 14
 * round trips to the worker (two locks, parse, describe, bind, describe, execute, sync, blob checks, a
 * flush, two unlocks), each a BroadcastChannel message: on this 2-core machine a read of a few rows took
 * 10-60 ms and every screen's queries queued behind one another's hops. Here the worker runs the whole
 * query itself, under PGlite's own locks (a tab's open transaction still goes first), and answers once.
 * Transactions and statements with options (row mode, parsers) stay on PGliteWorker. docs/decisions.md "Live queries".
 */
type ReadRequest = { type: 'read'; id: string; sql: string; params: unknown[]; reply: string }
/** The worker serves from now on: statements sent before went unheard and are sent again. */
type Serving = { type: 'serving' }
type ReadReply =
  | { type: 'rows'; id: string; rows: unknown[]; affectedRows?: number }
  | { type: 'error'; id: string; message: string; code?: string }

export const readChannelName = (userKey: string) => `balcao-read-${userKey}`

/** The leader worker's side (started in its init): answers every tab's reads. Returns the function that stops it. */
export function serveReads(userKey: string, pg: Queryable): () => void {
  // The same statements with other parameters, planned once (prepared-reads.ts).
  const reads = preparedReads(pg)
  const requests = new BroadcastChannel(readChannelName(userKey))
  // One reply channel per tab, the most recent kept open.
  const replies = new Map<string, BroadcastChannel>()
  const replyTo = (name: string) => {
    let ch = replies.get(name)
    if (!ch) {
      ch = new BroadcastChannel(name)
      replies.set(name, ch)
      if (replies.size > 32) {
        const [oldest, old] = replies.entries().next().value as [string, BroadcastChannel]
        old.close()
        replies.delete(oldest)
      }
    }
    return ch
  }
  // A tab sends again what it sent before `serving`: the ids already taken are not run twice.
  const seen = new Set<string>()
  requests.onmessage = async (ev: MessageEvent<ReadRequest>) => {
    const m = ev.data
    if (m?.type !== 'read' || seen.has(m.id)) return
    seen.add(m.id)
    if (seen.size > 5_000) seen.delete(seen.values().next().value as string)
    let answer: ReadReply
    try {
      const result = await reads.query(m.sql, m.params)
      answer = { type: 'rows', id: m.id, rows: result.rows, affectedRows: result.affectedRows }
    } catch (err) {
      const e = err as { message?: string; code?: string }
      answer = { type: 'error', id: m.id, message: String(e?.message ?? err), code: e?.code }
    }
    replyTo(m.reply).postMessage(answer)
  }
  // The tabs learn the database is ready before the leader's init has reached this point.
  requests.postMessage({ type: 'serving' } satisfies Serving)
  return () => {
    requests.close()
    for (const ch of replies.values()) ch.close()
  }
}

/** An error the worker's query raised, with Postgres's code. */
export class ReadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
  }
}

/**
 * The tab's side: `query(sql, params)` answered by whichever worker leads. Statements sent before a
 * worker serves are sent again when it says so (it skips ids it already took). A statement in flight
 * when the leader changes is asked again of the new one: the old leader may have run it, so a repeated
 * write must be one that can run twice (the app's are deletes and updates by key, or inserts keyed by
 * a client id, which then fail visibly rather than doubling).
 */
export function readClient(userKey: string, onLeaderChange?: (callback: () => void) => unknown) {
  const inbox = `balcao-read-reply-${crypto.randomUUID()}`
  const requests = new BroadcastChannel(readChannelName(userKey))
  const replies = new BroadcastChannel(inbox)
  type Answer = { rows: unknown[]; affectedRows?: number }
  const pending = new Map<string, { request: ReadRequest; resolve(answer: Answer): void; reject(err: Error): void }>()
  replies.onmessage = (ev: MessageEvent<ReadReply>) => {
    const m = ev.data
    const p = pending.get(m?.id)
    if (!p) return
    pending.delete(m.id)
    if (m.type === 'rows') p.resolve({ rows: m.rows, affectedRows: m.affectedRows })
    else p.reject(new ReadError(m.message, m.code))
  }
  const resend = () => {
    for (const p of pending.values()) requests.postMessage(p.request)
  }
  requests.onmessage = (ev: MessageEvent<Serving | ReadRequest>) => {
    if (ev.data?.type === 'serving') resend()
  }
  onLeaderChange?.(resend)
  let closed = false
  return {
    query<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[]; affectedRows?: number }> {
      if (closed) return Promise.reject(new Error('the database is closed'))
      const request: ReadRequest = { type: 'read', id: crypto.randomUUID(), sql, params, reply: inbox }
      return new Promise<{ rows: T[]; affectedRows?: number }>((resolve, reject) => {
        pending.set(request.id, { request, resolve: (a) => resolve(a as { rows: T[]; affectedRows?: number }), reject })
        requests.postMessage(request)
      })
    },
    close() {
      closed = true
      for (const p of pending.values()) p.reject(new Error('the database is closed'))
      pending.clear()
      requests.close()
      replies.close()
    },
  }
}
