/** First wait after a retryable failure, and the longest wait the backoff reaches by itself. */
export const RETRY_BASE_MS = 1_000
export const RETRY_CAP_MS = 30_000
/** A Retry-After longer than this is not believed. */
const RETRY_AFTER_MAX_MS = 3600_000

/**
 * Wait before attempt n+1 after n retryable failures: 1 s, 2 s, 4 s … capped at 30 s, with "equal
 * jitter" (between half and all of it, so tabs and devices spread out), never shorter than the server's
 * Retry-After.
 */
export function retryDelay(failures: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const exp = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1))
  const jittered = Math.round(exp / 2 + (random() * exp) / 2)
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, RETRY_AFTER_MAX_MS))
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** Time as the outbox sees it; tests pass a fake one and move it by hand. */
export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}
