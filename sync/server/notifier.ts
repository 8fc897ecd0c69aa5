import type { Touched } from './sequencer.ts'

interface Waiter {
  companyId: number | null
  relation: string
  wake: (head: bigint) => void
}

/**
 * Wakes held long-poll requests when the log advances for their (company, table). Lives in one process;
 * advances made by other instances arrive through LISTEN (sync/server/sync-service.ts).
 */
export class SyncNotifier {
  head = 0n
  private waiters = new Set<Waiter>()

  /** Records a new head; a batch without `touched` (too large to describe) wakes everyone. */
  advance(head: bigint, touched?: Touched[]): void {
    if (head > this.head) this.head = head
    for (const w of [...this.waiters]) {
      const hit = !touched || touched.some((t) => t.relation === w.relation && (t.companyId === null || w.companyId === null || t.companyId === w.companyId))
      if (hit) {
        this.waiters.delete(w)
        w.wake(this.head)
      }
    }
  }

  /**
   * Resolves with the head once a change for (company, relation) is positioned past `after`, or with
   * null after timeoutMs or when the request is aborted.
   */
  wait(companyId: number | null, relation: string, timeoutMs: number, signal?: AbortSignal): Promise<bigint | null> {
    return new Promise((resolve) => {
      const done = (v: bigint | null) => {
        clearTimeout(timer)
        this.waiters.delete(waiter)
        signal?.removeEventListener('abort', onAbort)
        resolve(v)
      }
      const waiter: Waiter = { companyId, relation, wake: (h) => done(h) }
      const onAbort = () => done(null)
      const timer = setTimeout(() => done(null), timeoutMs)
      signal?.addEventListener('abort', onAbort)
      this.waiters.add(waiter)
    })
  }

  /** Releases every held request (shutdown). */
  releaseAll(): void {
    for (const w of [...this.waiters]) {
      this.waiters.delete(w)
      w.wake(this.head)
    }
  }

  get waiting(): number {
    return this.waiters.size
  }
}
