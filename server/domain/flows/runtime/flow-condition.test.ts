import { describe, expect, test } from 'bun:test'
import type { RunState } from '../../routing/routing-effects.ts'
import { compareValues, conditionKeyValue } from './flow-condition.ts'
import type { FlowRun } from './flow-run-state.ts'

describe('flow conditions', () => {
  test('numbers compare as numbers when both sides are numbers', () => {
    expect(compareValues('9', '18', 2)).toBe(false)
    expect(compareValues('42', '18', 5)).toBe(true)
    expect(compareValues('2,5', '2.5', 1)).toBe(true)
    expect(compareValues('18', '18', 3)).toBe(true)
    expect(compareValues('17', '18', 4)).toBe(true)
  })

  test('texts compare without case, accents or extra spaces', () => {
    expect(compareValues(' São  Paulo', 'sao paulo', 1)).toBe(true)
    expect(compareValues('abc', '18', 1)).toBe(false)
    expect(compareValues('a', 'b', 9)).toBe(false)
  })

  test('the key reads a run variable, else the contact field, else empty', () => {
    const state = { contactName: 'Maria', contactNumber: '5511', contactEmail: 'm@x.com' } as RunState
    const run = { variables: { idade: '30', name: 'Outra' } } as unknown as FlowRun
    expect(conditionKeyValue('{{idade}}', state, run)).toBe('30')
    expect(conditionKeyValue('name', state, run)).toBe('Outra')
    expect(conditionKeyValue('email', state, { variables: {} } as unknown as FlowRun)).toBe('m@x.com')
    expect(conditionKeyValue('nada', state, run)).toBe('')
  })
})
