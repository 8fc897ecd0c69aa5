import { describe, expect, test } from 'bun:test'
import { addBrazilNinthDigit, isPlausiblePhone, normalisePhoneDigits } from './phone.ts'

describe('normalisePhoneDigits', () => {
  test('keeps digits only', () => {
    expect(normalisePhoneDigits('+55 (11) 98888-1234')).toBe('5511988881234')
  })
  test('adds the ninth digit to a Brazilian mobile written with 8 digits', () => {
    expect(addBrazilNinthDigit('551188881234')).toBe('5511988881234')
    expect(addBrazilNinthDigit('554796543210')).toBe('5547996543210')
  })
  test('leaves Brazilian landlines, complete mobiles and other countries alone', () => {
    expect(addBrazilNinthDigit('551133334444')).toBe('551133334444')
    expect(addBrazilNinthDigit('5511988881234')).toBe('5511988881234')
    expect(addBrazilNinthDigit('351912345678')).toBe('351912345678')
  })
})

describe('isPlausiblePhone', () => {
  test('accepts international numbers and refuses short or malformed ones', () => {
    expect(isPlausiblePhone('5511988881234')).toBe(true)
    expect(isPlausiblePhone('14155550123')).toBe(true)
    expect(isPlausiblePhone('1234')).toBe(false)
    expect(isPlausiblePhone('55119888812345678')).toBe(false)
  })
})
