// The errors a browser's fetch rejects with, so the Electric client treats ours the same way.

/** What fetch rejects with when its signal aborts. */
export const abortError = () => new DOMException('This operation was aborted', 'AbortError')

/** What fetch rejects with on a network failure; the Electric client backs off and retries. */
export const networkError = (cause?: string) => new TypeError('Failed to fetch', cause ? { cause } : undefined)

/** Resolves as the promise does, or rejects with AbortError when the signal aborts first. */
export function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal | null): Promise<T> {
  if (!signal) return promise
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}
