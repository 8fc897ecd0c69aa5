import type { ScopeChange, Touched } from './sequencer.ts'

/** Why a held request woke: its table changed, or so did what decides which rows its user sees. */
export type Wake = 'changed' | 'scope'

interface Waiter {
  companyId: number | null
  relation: string
  userId: number | null
  wake: (why: Wake) => void
}

/**
 * Wakes held long-poll requests when the log advances for their (company, table), or when their user's
 * shape scope may have changed. Lives in one process; advances made by other instances arrive through
 * LISTEN (sync/server/sync-service.ts).
 */
export class SyncNotifier {
  head = 0n
  private waiters = new Set<Waiter>()
  /** The head when each `${company}:${user}` (or `${company}:*`) last saw a possible scope change. */
  private scopeChanges = new Map<string, bigint>()
  private everyScopeAt = 0n

  /**
   * Records a new head. A batch without `touched` (too large to describe) wakes everyone, as a possible
   * scope change too.
   */
  advance(head: bigint, touched?: Touched[], scopes: ScopeChange[] = []): void {
    if (head > this.head) this.head = head
    if (!touched) this.everyScopeAt = head
    for (const s of scopes) this.scopeChanges.set(`${s.companyId}:${s.userId ?? '*'}`, head)
    for (const w of [...this.waiters]) {
      const scope = !touched || (w.userId !== null && scopes.some((s) => s.companyId === w.companyId && (s.userId === null || s.userId === w.userId)))
      const hit = scope || touched.some((t) => t.relation === w.relation && (t.companyId === null || w.companyId === null || t.companyId === w.companyId))
      if (hit) {
        this.waiters.delete(w)
        w.wake(scope ? 'scope' : 'changed')
      }
    }
  }

  /**
   * Resolves once a change for (company, relation) is positioned ('changed'), or one that may change the
   * scope of `userId` ('scope'), or with null after timeoutMs or when the request is aborted.
   */
  wait(companyId: number | null, relation: string, timeoutMs: number, signal?: AbortSignal, userId: number | null = null): Promise<Wake | null> {
    return new Promise((resolve) => {
      const done = (v: Wake | null) => {
        clearTimeout(timer)
        this.waiters.delete(waiter)
        signal?.removeEventListener('abort', onAbort)
        resolve(v)
      }
      const waiter: Waiter = { companyId, relation, userId, wake: (why) => done(why) }
      const onAbort = () => done(null)
      const timer = setTimeout(() => done(null), timeoutMs)
      signal?.addEventListener('abort', onAbort)
      this.waiters.add(waiter)
    })
  }

  /**
   * Whether the scope of a user may have changed after the head was `since`: a request compares the
   * head it read before resolving its scope, so a change that lands before it starts waiting is not missed.
   */
  scopeChangedSince(companyId: number, userId: number, since: bigint): boolean {
    const at = (key: string) => this.scopeChanges.get(key) ?? 0n
    return this.everyScopeAt > since || at(`${companyId}:${userId}`) > since || at(`${companyId}:*`) > since
  }

  /** Releases every held request (shutdown). */
  releaseAll(): void {
    for (const w of [...this.waiters]) {
      this.waiters.delete(w)
      w.wake('changed')
    }
  }

  get waiting(): number {
    return this.waiters.size
  }
}
