import type { LocalPg } from './local-pg.ts'
import { timing } from './timings.ts'

/** Changes delivered since the last ANALYZE that make the planner's statistics worth renewing. */
export const ANALYZE_AFTER_CHANGES = 5_000

/**
 * PGlite has no autovacuum, so nothing gathers the planner's statistics: after a first sync of 100,000
 * messages every table still looked empty to it, and the chat's query chose a plan 100x slower than
 * with statistics (docs/decisions.md "Live queries"). ANALYZE runs when the stream is up to date for the
 * first time in a session, and again once ANALYZE_AFTER_CHANGES more changes have arrived.
 */
export class LocalStats {
  private changes = 0
  private analyzed = false
  private running: Promise<void> | null = null

  constructor(private readonly pg: Pick<LocalPg, 'exec'>, private readonly onError: (err: unknown) => void = () => {}) {}

  /** Rows the stream delivered (inserts, updates, deletes). */
  delivered(count: number) {
    this.changes += count
  }

  /** The stream is up to date: analyze if due. Resolves when done (callers need not wait). */
  upToDate(): Promise<void> {
    if (this.running || (this.analyzed && this.changes < ANALYZE_AFTER_CHANGES)) return this.running ?? Promise.resolve()
    this.changes = 0
    this.analyzed = true
    timing('sync:analyze-start')
    this.running = this.pg
      .exec('analyze')
      .then(() => timing('sync:analyzed'), this.onError)
      .finally(() => (this.running = null))
    return this.running
  }
}
