import { expect, test } from 'bun:test'
import { importPercent } from './connections-import-card.tsx'

test('the import shows a percent, or preparing while the count is -1 or nothing is known yet', () => {
  expect(importPercent({ done: 40, total: 200, date: null })).toBe(20)
  expect(importPercent({ done: 200, total: 200, date: null })).toBe(100)
  expect(importPercent({ done: -1, total: 0, date: null })).toBeNull()
  expect(importPercent({ done: 3, total: 0, date: null })).toBeNull()
})
