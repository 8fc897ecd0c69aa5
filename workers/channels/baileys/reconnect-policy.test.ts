import { describe, expect, test } from 'bun:test'
import { BACKOFF_MAX_MS, backoffDelay, decideReconnect, type DisconnectInfo } from './reconnect-policy.ts'

const base: DisconnectInfo = { statusCode: undefined, attempt: 0, everOpened: true, qrSession: false, random: () => 0.5 }
const decide = (over: Partial<DisconnectInfo>) => decideReconnect({ ...base, ...over })

describe('decideReconnect', () => {
  test.each([
    // code, attempt, everOpened, qrSession, action, status, delayMs
    [428, 0, true, false, 'reconnect', 'OPENING', 1500],
    [428, 3, true, false, 'reconnect', 'OPENING', 12000],
    [408, 1, false, false, 'reconnect', 'OPENING', 3000],
    [408, 0, false, true, 'stop', 'DISCONNECTED', 0],
    [408, 0, true, true, 'reconnect', 'OPENING', 1500],
    [503, 0, true, false, 'reconnect', 'OPENING', 1500],
    [405, 0, true, false, 'reconnect', 'OPENING', 1500],
    [undefined, 0, true, false, 'reconnect', 'OPENING', 1500],
    [515, 0, false, true, 'restart-now', 'OPENING', 0],
    [515, 2, false, true, 'restart-now', 'OPENING', 0],
    [515, 3, false, true, 'reconnect', 'OPENING', 12000],
    [401, 0, true, false, 'wipe-and-stop', 'DISCONNECTED', 0],
    [403, 0, true, false, 'wipe-and-stop', 'DISCONNECTED', 0],
    [500, 0, true, false, 'reconnect', 'OPENING', 1500],
    [500, 1, true, false, 'reconnect', 'OPENING', 3000],
    [500, 2, true, false, 'wipe-and-stop', 'DISCONNECTED', 0],
    [440, 0, true, false, 'stop', 'DISCONNECTED', 0],
    [411, 0, true, false, 'stop', 'DISCONNECTED', 0],
    [402, 0, true, false, 'stop', 'DISCONNECTED', 0],
    [406, 0, true, false, 'stop', 'DISCONNECTED', 0],
  ] as const)('code %p attempt %d (opened %p, qr %p) → %s', (statusCode, attempt, everOpened, qrSession, action, status, delayMs) => {
    const d = decide({ statusCode, attempt, everOpened, qrSession })
    expect(d.action).toBe(action)
    expect(d.status).toBe(status)
    expect(d.delayMs).toBe(delayMs)
    expect(d.reason.length).toBeGreaterThan(0)
  })
})

describe('backoffDelay', () => {
  test('grows with the attempt and stays within [step/2, step]', () => {
    expect(backoffDelay(0, () => 0)).toBe(1000)
    expect(backoffDelay(0, () => 0.999999)).toBe(2000)
    expect(backoffDelay(1, () => 0)).toBe(2000)
    expect(backoffDelay(4, () => 0.5)).toBe(24000)
  })

  test('is capped however many attempts failed', () => {
    expect(backoffDelay(50, () => 0.999999)).toBe(BACKOFF_MAX_MS)
    expect(backoffDelay(50, () => 0)).toBe(BACKOFF_MAX_MS / 2)
  })

  test('the random source spreads reconnects apart', () => {
    expect(backoffDelay(2, () => 0.1)).not.toBe(backoffDelay(2, () => 0.9))
  })
})
