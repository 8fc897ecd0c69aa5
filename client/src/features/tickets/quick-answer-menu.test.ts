import { describe, expect, test } from 'bun:test'
import { quickAnswerKeyAction } from './quick-answer-menu.tsx'

describe('quickAnswerKeyAction', () => {
  test('arrows move the active item, wrapping at both ends', () => {
    expect(quickAnswerKeyAction('ArrowDown', 0, 3)).toEqual({ type: 'move', index: 1 })
    expect(quickAnswerKeyAction('ArrowDown', 2, 3)).toEqual({ type: 'move', index: 0 })
    expect(quickAnswerKeyAction('ArrowUp', 0, 3)).toEqual({ type: 'move', index: 2 })
    expect(quickAnswerKeyAction('ArrowUp', 2, 3)).toEqual({ type: 'move', index: 1 })
  })

  test('Enter picks the active item, clamped to the list', () => {
    expect(quickAnswerKeyAction('Enter', 1, 3)).toEqual({ type: 'pick', index: 1 })
    expect(quickAnswerKeyAction('Enter', 7, 3)).toEqual({ type: 'pick', index: 2 })
  })

  test('Escape closes, even with nothing to pick', () => {
    expect(quickAnswerKeyAction('Escape', 0, 0)).toEqual({ type: 'close' })
  })

  test('other keys, and every key but Escape on an empty list, stay with the input', () => {
    expect(quickAnswerKeyAction('a', 0, 3)).toBeNull()
    expect(quickAnswerKeyAction('Enter', 0, 0)).toBeNull()
    expect(quickAnswerKeyAction('ArrowDown', 0, 0)).toBeNull()
  })
})
