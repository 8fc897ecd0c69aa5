import { timing } from './timings.ts'
/**
 * The IndexedDB database flushes in the background (docs/decisions.md "Offline start": queries must not
 * wait behind flushes that walk every file), yet "up to date" must mean "on this device": a reload right
 * after the first sync, offline, found an empty database because the first flush (every file of a new
 * database) was still running. syncToFs() here asks for a flush and returns at once; flushes run one at a
 * time, a request during one makes one more after it, and `settled()` resolves once none is due.
 */
export function flushInBackground(pg: { syncToFs(): Promise<void> }, onError: (err: unknown) => void = () => {}): { settled(): Promise<void> } {
  const flush = pg.syncToFs.bind(pg)
  let running: Promise<void> | null = null
  let again = false
  const loop = async () => {
    do {
      again = false
      timing('flush:start')
      await flush().catch(onError)
      timing('flush:end')
    } while (again)
    running = null
  }
  pg.syncToFs = () => {
    if (running) again = true
    else running = loop()
    return Promise.resolve()
  }
  return { settled: () => running ?? Promise.resolve() }
}
