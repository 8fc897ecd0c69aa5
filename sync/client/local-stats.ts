import type { LocalPg } from './local-pg.ts'
import { timing } from './timings.ts'

/** Changes delivered since the last ANALYZE that make the planner's statistics worth renewing. */
export const ANALYZE_AFTER_CHANGES = 5_000
/**
 * How long ANALYZE waits after the stream is up to date: the screens' queries, re-run on the rows the
 * stream just committed, go first. Started at once it held the worker ~550 ms in Chromium while the
 * first list waited behind it (bench/ui.ts first start); without statistics that list reads in 8 ms
 * rather than 4 (1,000 tickets, Bun).
 */
export const ANALYZE_DEFER_MS = 300

/**
 * ANALYZE of the database's own tables, not the system catalogs: a plain `analyze` spent three quarters
 * of its time on pg_catalog (67 → 20 ms in Bun with 10,000 messages; ~500 ms on the first start's
 * critical path in Chromium, bench/ui.ts), statistics our queries never read.
 */
export const ANALYZE_OWN_TABLES = `do $$ declare r record; begin
  for r in select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  loop execute 'analyze ' || r.t; end loop;
end $$`

/**
 * The planner's costs for a database that lives in memory (PGlite reads its pages from the WASM heap, never
 * from a disk): a random page read costs about what a sequential one does. With the disk-era default (4)
 * the list's 40 rows joined their contacts by hashing all 10,000 of them rather than through the primary
 * key (bench of the tabs in Bun: 4-5 → 2.5 ms; message search 58 → 50 ms). ANALYZE samples 3,000 rows a
 * table instead of 30,000 (100,000 messages: 104 → 18 ms in Bun; in Chromium it held the first chats
 * opened after the first sync): our reads go by key and index, where a coarser histogram changes no plan.
 * Session settings: every start.
 */
export const PLANNER_SETTINGS = `set random_page_cost = 1.1; set default_statistics_target = 10`

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
    this.running = new Promise((resolve) => setTimeout(resolve, ANALYZE_DEFER_MS))
      .then(() => {
        timing('sync:analyze-start')
        return this.pg.exec(ANALYZE_OWN_TABLES)
      })
      .then(() => timing('sync:analyzed'), this.onError)
      .finally(() => (this.running = null))
    return this.running
  }
}
