import type { LocalPg } from './local-pg.ts'
import { METADATA_SCHEMA } from './schema.ts'

/** An answered write whose txid never shows up (it changed no synced row) leaves the UI after this. */
export const ANSWERED_WRITE_TTL_MS = 60_000
/** Delivered txids are remembered this long, for answers that arrive after their change. */
const SYNCED_TXID_TTL = '1 hour'
/** A txid seen in the stream but never committed (a must-refetch dropped it) is forgotten after this. */
const PENDING_TXID_TTL_MS = 10 * 60_000

/**
 * Turns txids seen in the shape stream into rows of synced_txids once pglite-sync has committed them
 * (its last_lsn, written in the same transaction as the rows, has reached their lsn): the triggers of
 * local-tables.ts then drop the optimistic writes those transactions answered.
 */
export class TxidConfirmer {
  readonly #pg: LocalPg
  readonly #key: string
  readonly #pending = new Map<number, { lsn: bigint; seenAt: number }>()
  #timer: ReturnType<typeof setTimeout> | null = null
  #running: Promise<void> | null = null
  #stopped = false

  constructor(pg: LocalPg, subscriptionKey: string) {
    this.#pg = pg
    this.#key = subscriptionKey
  }

  add(txids: number[], lsn: bigint) {
    for (const txid of txids) if (!this.#pending.has(txid)) this.#pending.set(txid, { lsn, seenAt: Date.now() })
    this.#schedule(30)
  }

  /** Every shape is up to date: a good moment to let go of answered writes that never came back. */
  upToDate() {
    this.#schedule(30, true)
  }

  stop() {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
  }

  #expire = false

  #schedule(ms: number, expire = false) {
    this.#expire ||= expire
    if (this.#stopped || this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      if (this.#running) return this.#schedule(ms)
      this.#running = this.#confirm()
        .catch(() => {}) // no metadata yet, or the database is closing: looked at again below
        .finally(() => {
          this.#running = null
          // Not committed yet (pglite-sync commits after the batch): look again shortly.
          if (this.#pending.size || this.#expire) this.#schedule(200)
        })
    }, ms)
  }

  async #confirm() {
    const { rows } = await this.#pg.query<{ lsn: string }>(
      `select last_lsn as lsn from "${METADATA_SCHEMA}".subscriptions_metadata where key = $1`,
      [this.#key],
    )
    const committed = rows[0] ? BigInt(rows[0].lsn) : -1n
    const done: number[] = []
    const now = Date.now()
    for (const [txid, p] of this.#pending) {
      if (p.lsn <= committed) done.push(txid)
      if (p.lsn <= committed || now - p.seenAt > PENDING_TXID_TTL_MS) this.#pending.delete(txid)
    }
    if (done.length) {
      await this.#pg.query(`insert into synced_txids (txid) select unnest($1::bigint[]) on conflict do nothing`, [done])
    }
    if (this.#expire) {
      this.#expire = false
      await this.#pg.exec(`
        delete from synced_txids where synced_at < now() - interval '${SYNCED_TXID_TTL}';
        delete from local_writes where not pending and error is null
          and answered_at < now() - interval '${ANSWERED_WRITE_TTL_MS} milliseconds';`)
    }
  }
}
