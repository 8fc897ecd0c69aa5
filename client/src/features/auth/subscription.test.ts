import { describe, expect, test } from 'bun:test'
import { daysUntilDue, isSubscriptionExpired, subscriptionWarningDays } from './subscription.ts'

const now = new Date('2026-11-20T15:00:00Z')

describe('subscription expiry', () => {
  test('expired from the day after the due date', () => {
    expect(isSubscriptionExpired(2, '2026-11-19', now)).toBe(true)
    expect(isSubscriptionExpired(2, '2026-11-20', now)).toBe(false)
    expect(isSubscriptionExpired(2, '2026-12-01T00:00:00.000Z', now)).toBe(false)
  })

  test('company 1 never expires and a missing due date never expires', () => {
    expect(isSubscriptionExpired(1, '2000-01-01', now)).toBe(false)
    expect(isSubscriptionExpired(2, null, now)).toBe(false)
  })
})

describe('subscription warning', () => {
  test('shows when fewer than 5 days remain', () => {
    expect(subscriptionWarningDays(2, '2026-11-24', now)).toBe(4)
    expect(subscriptionWarningDays(2, '2026-11-20', now)).toBe(0)
    expect(subscriptionWarningDays(2, '2026-11-25', now)).toBeNull()
  })

  test('never for company 1 (due 2999-12-31) or once expired', () => {
    expect(subscriptionWarningDays(1, '2026-11-21', now)).toBeNull()
    expect(subscriptionWarningDays(2, '2026-11-19', now)).toBeNull()
  })

  test('counts whole days', () => {
    expect(daysUntilDue('2026-11-30', now)).toBe(10)
    expect(daysUntilDue('2026-11-19', now)).toBe(-1)
  })
})
