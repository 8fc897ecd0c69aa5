import type { Tx } from '../../../db/connect.ts'
import type { Db } from '../../../db/tenant.ts'
import { withSystem } from '../../../db/tenant.ts'
import type { DomainEvent } from '../../context.ts'
import type { RoutingCtx } from '../routing-context.ts'
import type { RunState } from '../routing-effects.ts'
import { loadRoutingState } from '../routing-state.ts'

/**
 * When ticket `t` last heard from a person (its last message that is not a system one, else its
 * creation): every timed rule counts from here, so bot menus and warnings never restart the clock.
 */
export const lastPersonMessageAt = (tx: Tx) =>
  tx`coalesce((select max(m.created_at) from messages m where m.ticket_id = t.id and not m.is_system), t.created_at)`

export interface SweepOptions {
  /** At most this many actions a run; the rest wait for the next minute. */
  limit?: number
  /** Receives the events of each committed action (the realtime hub in workers/main.ts). */
  emit?: (event: DomainEvent) => void
  log?: (message: string, err?: unknown) => void
}

/**
 * Claims one row (FOR UPDATE SKIP LOCKED), pushes its id on `handled` at once, and acts on it in the
 * given transaction; returns how many actions it took, or false when nothing is due. `handled` lists
 * the ids this run already took.
 */
export type ClaimStep = (tx: Tx, emit: (event: DomainEvent) => void, handled: number[]) => Promise<number | false>

/**
 * Runs `step` once per row, each in its own system transaction, until nothing is due: two workers
 * sweeping at once skip each other's locked rows, and a row acted on no longer matches. Events are
 * handed over after the commit. A failing row is logged and skipped until the next run; a failure
 * before any claim (database down) ends the run.
 */
export async function sweepRows(db: Db, step: ClaimStep, name: string, opts: SweepOptions = {}): Promise<number> {
  const limit = opts.limit ?? 200
  const handled: number[] = []
  let acted = 0
  while (handled.length < limit) {
    const claimed = handled.length
    const events: DomainEvent[] = []
    const outcome = await withSystem(db, (tx) => step(tx, (e) => events.push(e), handled)).catch((err: unknown) => {
      opts.log?.(`${name}: row ${handled[claimed] ?? '-'} failed: ${(err as Error).message}`, err)
      // Past a row that failed, the sweep goes on; a failure before any claim (database down) ends it.
      return handled.length > claimed ? ('skipped' as const) : ('stop' as const)
    })
    if (outcome === false || outcome === 'stop') break
    if (outcome === 'skipped') continue
    acted += outcome
    events.forEach((e) => opts.emit?.(e))
  }
  return acted
}

/**
 * A claimed ticket: its id goes on `handled` (the run does not take it again), and the rule gets its
 * routing state with a ctx at the sweep's clock; null when the ticket is gone.
 */
export async function claimTicket(
  tx: Tx,
  ticketId: number,
  now: Date,
  emit: (e: DomainEvent) => void,
  handled: number[],
): Promise<{ ctx: RoutingCtx; state: RunState } | null> {
  handled.push(ticketId)
  const state = await loadRoutingState(tx, ticketId)
  return state && { ctx: { tx, now: () => now, emit }, state }
}
