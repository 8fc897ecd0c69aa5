import { describe, expect, test } from 'bun:test'
import { addMonths, renewedDueDate } from './recurrence.ts'

describe('addMonths', () => {
  test('adds months within the year', () => {
    expect(addMonths('2026-03-15', 1)).toBe('2026-04-15')
    expect(addMonths('2026-03-15', 6)).toBe('2026-09-15')
  })

  test('crosses into the next year', () => {
    expect(addMonths('2026-11-20', 2)).toBe('2027-01-20')
    expect(addMonths('2026-12-31', 12)).toBe('2027-12-31')
  })

  test('clamps Jan 31 + 1 month to Feb 28 in a common year', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28')
  })

  test('clamps Jan 31 + 1 month to Feb 29 in a leap year', () => {
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
  })

  test('clamps to the last day of a 30-day month', () => {
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30')
    expect(addMonths('2026-03-31', 3)).toBe('2026-06-30')
  })

  test('keeps Feb 29 + 12 months on Feb 28 of the next year', () => {
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28')
  })
})

describe('renewedDueDate', () => {
  const today = '2026-11-20'

  test('advances a future due date by each recurrence', () => {
    expect(renewedDueDate('2026-12-10', 'MENSAL', today)).toBe('2027-01-10')
    expect(renewedDueDate('2026-12-10', 'BIMESTRAL', today)).toBe('2027-02-10')
    expect(renewedDueDate('2026-12-10', 'TRIMESTRAL', today)).toBe('2027-03-10')
    expect(renewedDueDate('2026-12-10', 'SEMESTRAL', today)).toBe('2027-06-10')
    expect(renewedDueDate('2026-12-10', 'ANUAL', today)).toBe('2027-12-10')
  })

  test('advances from the due date when it is today', () => {
    expect(renewedDueDate(today, 'MENSAL', today)).toBe('2026-12-20')
  })

  test('counts from today when the due date is already past', () => {
    expect(renewedDueDate('2020-01-01', 'MENSAL', today)).toBe('2026-12-20')
  })

  test('counts from today when there is no due date', () => {
    expect(renewedDueDate(null, 'TRIMESTRAL', today)).toBe('2027-02-20')
  })
})
