import type { Database } from '../../server/db/connect.ts'
import { SyncNotifier } from './notifier.ts'
import { runSequencer, type ScopeChange, type Touched } from './sequencer.ts'

/**
 * Keeps the change log positioned and wakes long-polls: the sequencer runs when a write commits (kick),
 * on NOTIFY from other processes (Postgres mode), and on a slow timer as a safety net.
 */
export class SyncService {
  readonly notifier = new SyncNotifier()
  private running = false
  private again = false
  private timer?: ReturnType<typeof setInterval>
  private unlisten: (() => Promise<void>)[] = []
  stopped = false

  private scheduled?: ReturnType<typeof setTimeout>
  private lastBatch = 0

  /**
   * coalesceMs: a kick waits this long before the sequencer runs, so that a burst of commits (an inbound
   * burst commits hundreds per second) is positioned by one run instead of one run each. burst: after a
   * run that positioned at least `txs` transactions the next one waits `ms` instead: each run costs a
   * transaction on the clock row and an index entry per change, so in a burst fewer, larger runs leave
   * the cores to the writers (bench/sync.ts, 8 writers: 6,007-6,071 changes/s without, 5,956-7,599
   * with, on a noisy machine), for 20 ms more latency while it lasts.
   */
  constructor(
    private database: Database,
    private pollMs = 1000,
    private coalesceMs = 5,
    private burst = { txs: 10, ms: 25 },
  ) {}

  private get delayMs(): number {
    return this.lastBatch >= this.burst.txs ? this.burst.ms : this.coalesceMs
  }

  async start(): Promise<void> {
    await this.runOnce()
    this.timer = setInterval(() => this.kick(), this.pollMs)
    if (this.database.mode === 'postgres') {
      // A dedicated connection per LISTEN; PGlite has one session, where every write comes through us.
      const a = await this.database.sql.listen('balcao_sync_pending', () => this.kick())
      const b = await this.database.sql.listen('balcao_sync_advanced', (payload) => {
        const msg = JSON.parse(payload) as { head: string; touched?: Touched[]; scopes?: ScopeChange[] }
        this.notifier.advance(BigInt(msg.head), msg.touched, msg.scopes)
      })
      this.unlisten.push(a.unlisten, b.unlisten)
    }
  }

  /** Asks for a sequencer run soon; calls during a run coalesce into one more run. */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.scheduled ??= setTimeout(() => {
      this.scheduled = undefined
      if (this.running) this.again = true
      else void this.runOnce()
    }, this.delayMs)
  }

  /** Runs the sequencer until nothing is left; resolves with the head. */
  async runOnce(): Promise<bigint> {
    this.running = true
    try {
      do {
        if (this.again) await new Promise((resolve) => setTimeout(resolve, this.delayMs))
        this.again = false
        const advance = await runSequencer(this.database.sql).catch((err) => {
          if (!this.stopped) console.error('sync sequencer failed', err)
          return undefined
        })
        if (advance === null) {
          // Another process holds the sequencer: look again shortly for what it may have missed.
          setTimeout(() => this.kick(), 10)
        } else if (advance) {
          // Counted by the sequencer itself: in Postgres mode this run's own NOTIFY may reach the notifier
          // before this line, so the head's difference can read 0. A run that found nothing (a safety-net
          // tick, a late NOTIFY) says nothing about the load and leaves the burst state as it was.
          if (advance.positioned > 0) this.lastBatch = advance.positioned
          this.notifier.advance(advance.head, advance.touched, advance.scopes)
        }
      } while (this.again && !this.stopped)
    } finally {
      this.running = false
    }
    return this.notifier.head
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    clearTimeout(this.scheduled)
    this.notifier.releaseAll()
    for (const u of this.unlisten) await u().catch(() => {})
  }
}
