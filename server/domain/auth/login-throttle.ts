import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/**
 * Login throttling (issue 16 item 7, docs/decisions.md "Login throttling"). Nothing locks an account for
 * everyone: a client that has not been failing always gets in with the right password. A client that
 * fails for one account waits after 5 failures (1 min, doubling per further failure, at most 15); one
 * that fails across accounts (password spraying) waits after 20 failures (15 s, doubling, at most 15 min).
 * Failures older than 15 minutes no longer count.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000
export const PAIR_FREE_FAILURES = 5
export const ADDRESS_FREE_FAILURES = 20
const PAIR_FIRST_WAIT_MS = 60_000
const ADDRESS_FIRST_WAIT_MS = 15_000
const MAX_WAIT_MS = 15 * 60_000

/** How long after its latest failure a client waits, having failed `count` times (0 below `free`). */
export function backoffMs(count: number, free: number, firstWaitMs: number): number {
  if (count < free) return 0
  return Math.min(MAX_WAIT_MS, firstWaitMs * 2 ** Math.min(20, count - free))
}

/** Refuses with 429 and Retry-After while this client must wait before trying this account. */
export async function assertMayTryLogin(tx: Tx, address: string, email: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS)
  const [row] = await tx<{ pair: number; pairLast: Date | null; all: number; allLast: Date | null }[]>`
    select count(*) filter (where lower(email) = ${email})::int as pair,
           max(failed_at) filter (where lower(email) = ${email}) as pair_last,
           count(*)::int as all, max(failed_at) as all_last
      from login_failures where client_address = ${address} and failed_at > ${since}`
  const until = Math.max(
    row.pairLast ? row.pairLast.getTime() + backoffMs(row.pair, PAIR_FREE_FAILURES, PAIR_FIRST_WAIT_MS) : 0,
    row.allLast ? row.allLast.getTime() + backoffMs(row.all, ADDRESS_FREE_FAILURES, ADDRESS_FIRST_WAIT_MS) : 0,
  )
  const waitMs = until - now.getTime()
  if (waitMs <= 0) return
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
  throw new AppError('ERR_TOO_MANY_LOGIN_ATTEMPTS', 'Too many failed logins; try again later', { retryAfter }, { 'Retry-After': String(retryAfter) })
}

export async function recordLoginFailure(tx: Tx, address: string, email: string, now: Date): Promise<void> {
  await tx`insert into login_failures (email, client_address, failed_at) values (${email}, ${address}, ${now})`
}

/** A success forgives this client's failures for this account (not its failures elsewhere). */
export async function clearLoginFailures(tx: Tx, address: string, email: string): Promise<void> {
  await tx`delete from login_failures where client_address = ${address} and lower(email) = ${email}`
}
