import { describe, expect, test } from 'bun:test'
import { flushInBackground } from './background-flush.ts'

describe('background flushes', () => {
  test('return at once, run one at a time, always end with one after the last request, and settle', async () => {
    const started: number[] = []
    let active = 0
    let overlap = false
    const pg = {
      async syncToFs() {
        started.push(Date.now())
        active++
        if (active > 1) overlap = true
        await Bun.sleep(30)
        active--
      },
    }
    const flusher = flushInBackground(pg)
    const t0 = Date.now()
    await pg.syncToFs()
    await pg.syncToFs()
    await pg.syncToFs()
    expect(Date.now() - t0).toBeLessThan(20)
    await flusher.settled()
    // The first, then one for the two asked while it ran.
    expect(started).toHaveLength(2)
    expect(overlap).toBe(false)
    await flusher.settled()
    expect(started).toHaveLength(2)
  })
})
