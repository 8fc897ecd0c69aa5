import { describe, expect, test } from 'bun:test'
import { applyFlowEvent, mergeFlows, type FlowRow } from './flows.ts'

const row = (id: number, name: string): FlowRow => ({ id, name, active: true, userId: 1, createdAt: '', updatedAt: '' })

describe('flow list pages', () => {
  test('join each flow once, the newer copy winning, by lower(name) then id', () => {
    const merged = mergeFlows([row(2, 'beta'), row(1, 'Alfa')], [row(3, 'alfa'), row(2, 'Beta novo')])
    expect(merged.map((f) => [f.id, f.name])).toEqual([[1, 'Alfa'], [3, 'alfa'], [2, 'Beta novo']])
  })
})

describe('live flow events', () => {
  const rows = [row(1, 'Alfa'), row(2, 'Beta')]
  test('a delete removes the row; an update replaces it in order', () => {
    expect(applyFlowEvent(rows, 'company-7-flowbuilder', { action: 'delete', flow: { id: 1 } }, '').map((f) => f.id)).toEqual([2])
    expect(applyFlowEvent(rows, 'company-7-flowbuilder', { action: 'update', flow: row(2, 'Aaa') }, '').map((f) => f.name)).toEqual(['Aaa', 'Alfa'])
  })

  test('a new flow joins only when it matches the search; other events change nothing', () => {
    expect(applyFlowEvent(rows, 'company-7-flowbuilder', { action: 'create', flow: row(3, 'Gama') }, 'alf')).toBe(rows)
    expect(applyFlowEvent(rows, 'company-7-flowbuilder', { action: 'create', flow: row(3, 'Alfinete') }, 'alf')).toHaveLength(3)
    expect(applyFlowEvent(rows, 'company-7-ticket', { action: 'delete', flow: { id: 1 } }, '')).toBe(rows)
  })
})
