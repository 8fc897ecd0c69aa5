import { describe, expect, test } from 'bun:test'
import { whenReachable } from './remembered.ts'

describe('whenReachable', () => {
  test('calls back once when the browser says it is online, and not after it was stopped', () => {
    let calls = 0
    whenReachable(() => calls++)
    globalThis.dispatchEvent(new Event('online'))
    globalThis.dispatchEvent(new Event('online'))
    expect(calls).toBe(1)
    const stop = whenReachable(() => calls++)
    stop()
    globalThis.dispatchEvent(new Event('online'))
    expect(calls).toBe(1)
  })
})
