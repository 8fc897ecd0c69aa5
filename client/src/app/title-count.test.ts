import { describe, expect, test } from 'bun:test'
import { titleWithCount } from './title-count.ts'

describe('titleWithCount', () => {
  test('no unread leaves the title alone', () => {
    expect(titleWithCount('Balcão', 0)).toBe('Balcão')
    expect(titleWithCount('Balcão', -3)).toBe('Balcão')
  })

  test('1 to 20 unread prefix a circled digit', () => {
    expect(titleWithCount('Balcão', 1)).toBe('① Balcão')
    expect(titleWithCount('Balcão', 9)).toBe('⑨ Balcão')
    expect(titleWithCount('Balcão', 20)).toBe('⑳ Balcão')
  })

  test('more than 20 unread show the count in parentheses', () => {
    expect(titleWithCount('Balcão', 21)).toBe('(21) Balcão')
    expect(titleWithCount('Balcão', 150)).toBe('(150) Balcão')
  })
})
