import { abortError } from './fetch-signals.ts'

/** A counting semaphore whose waiters leave the queue when their request is aborted. */
export class RequestSlots {
  private free: number
  private waiting: { grant: () => void }[] = []
  constructor(size: number) {
    this.free = Math.max(1, size)
  }
  async take(signal?: AbortSignal | null): Promise<() => void> {
    if (this.free > 0) this.free--
    else {
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort)
            resolve()
          },
        }
        const onAbort = () => {
          this.waiting = this.waiting.filter((w) => w !== waiter)
          reject(abortError())
        }
        if (signal?.aborted) return reject(abortError())
        signal?.addEventListener('abort', onAbort, { once: true })
        this.waiting.push(waiter)
      })
    }
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      if (next) next.grant()
      else this.free++
    }
  }
}
