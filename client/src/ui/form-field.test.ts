import { describe, expect, test } from 'bun:test'
import { maskTime } from './form-field.tsx'

describe('maskTime (the ##:## mask of working hours)', () => {
  test('puts the colon after the hour and keeps four digits', () => {
    expect(maskTime('0810')).toBe('08:10')
    expect(maskTime('08:1')).toBe('08:1')
    expect(maskTime('081')).toBe('08:1')
    expect(maskTime('08')).toBe('08')
    expect(maskTime('23:595')).toBe('23:59')
  })
  test('drops everything but digits', () => {
    expect(maskTime('8h30')).toBe('83:0')
    expect(maskTime('ab')).toBe('')
  })
})
