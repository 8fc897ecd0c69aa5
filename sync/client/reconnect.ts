import { abortError } from './fetch-signals.ts'

/** The longest a failed shape request waits before it is tried again without any sign of the network. */
export const RECONNECT_CAP_MS = 5_000

/**
 * When a shape request failed for want of network, the Electric client backs off up to 32 s, so after a
 * while offline the app could wait that long once the network is back. Failed requests wait here instead,
 * and go again as soon as anything says the network may be back: a tab (its online event, an API call
 * that succeeded), the worker's own online event, or at most RECONNECT_CAP_MS.
 */
export class ReconnectSignal {
  private waiters = new Set<() => void>()

  constructor(private capMs = RECONNECT_CAP_MS) {
    globalThis.addEventListener?.('online', () => this.wake())
  }

  /** The network may be back: every waiting request goes again now. */
  wake(): void {
    const now = [...this.waiters]
    this.waiters.clear()
    for (const w of now) w()
  }

  /** Resolves on the next wake or after the cap; rejects with fetch's AbortError when `signal` aborts. */
  wait(signal?: AbortSignal | null): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError())
      const done = () => {
        clearTimeout(timer)
        this.waiters.delete(done)
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      const onAbort = () => {
        clearTimeout(timer)
        this.waiters.delete(done)
        reject(abortError())
      }
      const timer = setTimeout(done, this.capMs)
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiters.add(done)
    })
  }

  get waiting(): number {
    return this.waiters.size
  }
}
