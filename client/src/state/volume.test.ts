import { describe, expect, test } from 'bun:test'
import { parseVolume } from './volume.ts'

describe('parseVolume', () => {
  test('keeps 0..1 in steps of 0.1', () => {
    expect(parseVolume('0.3')).toBe(0.3)
    expect(parseVolume('0.34')).toBe(0.3)
    expect(parseVolume('0')).toBe(0)
  })

  test('clamps and defaults to full volume', () => {
    expect(parseVolume('7')).toBe(1)
    expect(parseVolume('-1')).toBe(0)
    expect(parseVolume(null)).toBe(1)
    expect(parseVolume('loud')).toBe(1)
  })
})
