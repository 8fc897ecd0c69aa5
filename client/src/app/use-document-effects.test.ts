import { describe, expect, test } from 'bun:test'
import { DEFAULT_PRIMARY } from '../lib/branding.ts'
import { contrastOn, contrastRatio } from './use-document-effects.ts'

describe('text on the brand colour (issue 17)', () => {
  test('the default colours of both themes get text at WCAG AA (4.5:1) or better', () => {
    for (const brand of Object.values(DEFAULT_PRIMARY)) {
      expect(contrastRatio(brand, contrastOn(brand))).toBeGreaterThanOrEqual(4.5)
    }
    expect(contrastOn('#39ACE7')).toBe('#111827')
    expect(contrastOn('#6e31ef')).toBe('#ffffff')
  })

  test('ratios follow WCAG: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#39ACE7', '#39ace7')).toBeCloseTo(1, 5)
  })
})
