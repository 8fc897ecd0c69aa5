/**
 * Wire details of the Electric shape protocol (shared/electric-protocol.md §1-§2): offsets, cursors,
 * cache headers and error bodies, as the official @electric-sql/client 1.5 expects them.
 */

/** A position in a shape's stream: before everything, inside the snapshot, or after a log entry. */
export type Offset =
  | { kind: 'start' }
  | { kind: 'now' }
  /** after snapshot chunk `chunk` (0_k), or after the whole snapshot when chunk is Infinity (0_inf) */
  | { kind: 'snapshot'; chunk: number }
  /** after log position (seq, op); op Infinity means after every entry of seq */
  | { kind: 'log'; seq: bigint; op: number }

export function parseOffset(raw: string | undefined): Offset | null {
  if (raw === undefined || raw === '') return null
  if (raw === '-1') return { kind: 'start' }
  if (raw === 'now') return { kind: 'now' }
  const m = /^(\d+)_(\d+|inf)$/.exec(raw)
  if (!m) return null
  const tx = BigInt(m[1])
  const op = m[2] === 'inf' ? Infinity : Number(m[2])
  if (!Number.isSafeInteger(op) && op !== Infinity) return null
  if (tx === 0n) return { kind: 'snapshot', chunk: op }
  return { kind: 'log', seq: tx, op }
}

export function formatOffset(o: Offset): string {
  switch (o.kind) {
    case 'start':
      return '-1'
    case 'now':
      return 'now'
    case 'snapshot':
      return `0_${o.chunk === Infinity ? 'inf' : o.chunk}`
    case 'log':
      return `${o.seq}_${o.op === Infinity ? 'inf' : o.op}`
  }
}

const CURSOR_EPOCH = Date.UTC(2024, 9, 9) / 1000

/** 20 s windows, always moving forward past the client's cursor (electric-protocol.md §2.8). */
export function nextCursor(previous: string | undefined, nowMs: number): string {
  const window = Math.ceil((nowMs / 1000 - CURSOR_EPOCH) / 20) * 20
  const prev = Number(previous) || 0
  return String(window > prev ? window : prev + 1 + Math.floor(Math.random() * 3600))
}

// Electric's values, but private: every shape here is one company's (one user's) rows, so no shared cache
// may keep a copy (issue 16 item 10); Vary: Authorization goes with them.
export const cacheControl = {
  initial: 'private, max-age=604800, stale-while-revalidate=2629746',
  catchUp: 'private, max-age=60, stale-while-revalidate=300',
  live: 'private, max-age=5, stale-while-revalidate=5',
  mustRefetch: 'private, max-age=60, must-revalidate',
  error: 'no-store',
} as const

/**
 * The 400 body Electric sends: {"message":"Invalid request","errors":{field:[msg]}}, with our `error` code
 * beside it as every other refusal has (the Electric client reads only message and errors).
 */
export function invalidRequest(field: string, message: string) {
  return { error: 'ERR_VALIDATION', message: 'Invalid request', errors: { [field]: [message] } }
}

export const upToDate = (lsn: bigint) => ({ headers: { control: 'up-to-date', global_last_seen_lsn: lsn.toString() } })
export const mustRefetch = [{ headers: { control: 'must-refetch' } }]

/** Headers every /v1/shape response exposes to a cross-origin client. */
export const exposeHeaders =
  'electric-cursor,electric-handle,electric-has-data,electric-offset,electric-schema,electric-up-to-date,electric-internal-known-error,retry-after'
