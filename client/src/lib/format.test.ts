import { describe, expect, test } from 'bun:test'
import { appNameOf, brandingFileUrl, FALLBACK_PRIMARY, logoFor, primaryColorFor } from './branding.ts'
import { clockTime, formatBRL, formatDay, localDay, shortDateTime, youtubeThumbnail } from './format.ts'

describe('formatBRL', () => {
  test('shows money in pt-BR with two decimals', () => {
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50')
    expect(formatBRL(0).replace(/\s/g, ' ')).toBe('R$ 0,00')
  })
})

describe('help thumbnails', () => {
  test('come from img.youtube.com', () => {
    expect(youtubeThumbnail('abc123')).toBe('https://img.youtube.com/vi/abc123/0.jpg')
  })
})

describe('branding (spec part 2 §9)', () => {
  test('defaults before the settings load', () => {
    expect(primaryColorFor('light', {})).toBe('#6e31ef')
    expect(primaryColorFor('dark', {})).toBe('#39ACE7')
  })

  test('a set colour wins; an empty or broken one falls back to #065183', () => {
    expect(primaryColorFor('light', { primaryColorLight: '#112233' })).toBe('#112233')
    expect(primaryColorFor('dark', { primaryColorDark: '' })).toBe(FALLBACK_PRIMARY)
    expect(primaryColorFor('light', { primaryColorLight: 'purple' })).toBe(FALLBACK_PRIMARY)
  })

  test('the app name defaults to Balcão', () => {
    expect(appNameOf({ appName: '' })).toBe('Balcão')
    expect(appNameOf({ appName: 'Atende+' })).toBe('Atende+')
  })

  test('logos come from company 1 media, the dark one falling back to the light one', () => {
    expect(brandingFileUrl('logo.png')).toBe('/media/1/logo.png')
    expect(logoFor('dark', { appLogoLight: 'l.png', appLogoDark: '' })).toBe('/media/1/l.png')
    expect(logoFor('light', {})).toBeNull()
  })
})

describe('formatDay', () => {
  test('shows dd/MM/yyyy without a timezone shift', () => {
    expect(formatDay('2999-12-31')).toBe('31/12/2999')
    expect(formatDay('2026-01-05T23:30:00-03:00')).toBe('05/01/2026')
    expect(formatDay(null)).toBe('')
  })
})

describe('clockTime', () => {
  test("follows the app's language, not the browser's: 24-hour in Portuguese, 12-hour in English", () => {
    const morning = new Date(2026, 10, 27, 8, 56)
    expect(clockTime(morning, 'pt-BR')).toBe('08:56')
    expect(clockTime(morning, 'es')).toBe('08:56')
    expect(clockTime(morning, 'en')).toMatch(/^08:56\sAM$/)
    expect(clockTime(new Date('nope'), 'pt-BR')).toBe('')
  })
})

describe('localDay and shortDateTime', () => {
  test("write the day as the language's toLocaleDateString does, with one formatter kept per language", () => {
    const d = new Date(2026, 0, 5, 14, 7)
    expect(localDay(d, 'pt-BR')).toBe('05/01/2026')
    expect(localDay(d, 'en')).toBe('1/5/2026')
    for (const lang of ['pt-BR', 'es', 'en', 'tr']) {
      expect(localDay(d, lang)).toBe(d.toLocaleDateString(lang))
      expect(clockTime(d, lang)).toBe(d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }))
    }
    expect(shortDateTime(d, 'pt-BR')).toBe('05/01/2026 14:07')
    expect(localDay(new Date('nope'), 'pt-BR')).toBe('')
  })
})
