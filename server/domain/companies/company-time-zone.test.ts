import { describe, expect, test } from 'bun:test'
import { validTimeZone } from './company-time-zone.ts'

describe('validTimeZone', () => {
  test('keeps a zone Intl knows and reads an unknown one as UTC, the same when asked again', () => {
    for (let i = 0; i < 2; i++) {
      expect(validTimeZone('America/Sao_Paulo')).toBe('America/Sao_Paulo')
      expect(validTimeZone('Not/AZone')).toBe('UTC')
      expect(validTimeZone('')).toBe('UTC')
    }
  })
})
