import { describe, expect, test } from 'bun:test'
import { isWithinSchedule, localDate, localTime, isWithinWorkingHours } from './schedule-rules.ts'

const weekday = (weekdayEn: string, a: [string, string], b: [string, string] = ['', '']) => ({
  weekdayEn, startTimeA: a[0], endTimeA: a[1], startTimeB: b[0], endTimeB: b[1],
})
// 2026-11-20 is a Friday; 12:30Z is 09:30 in São Paulo (UTC-3).
const fridayMorning = new Date('2026-11-20T12:30:00Z')

describe('localTime', () => {
  test('reads the weekday and minute on the company clock, not the server one', () => {
    expect(localTime(fridayMorning, 'America/Sao_Paulo')).toEqual({ weekday: 'friday', minutes: 9 * 60 + 30 })
    expect(localTime(fridayMorning, 'Asia/Tokyo')).toEqual({ weekday: 'friday', minutes: 21 * 60 + 30 })
  })

  test('an unknown time zone falls back to São Paulo', () => {
    expect(localTime(fridayMorning, 'Not/AZone').minutes).toBe(9 * 60 + 30)
  })

  test('formatters are kept per kind and zone: asked again, and after another zone, each answers its own', () => {
    const late = new Date('2026-11-21T01:00:00Z')
    for (let i = 0; i < 2; i++) {
      expect(localDate(late, 'America/Sao_Paulo')).toBe('2026-11-20')
      expect(localDate(late, 'Asia/Tokyo')).toBe('2026-11-21')
      expect(localTime(late, 'Asia/Tokyo')).toEqual({ weekday: 'saturday', minutes: 10 * 60 })
      expect(localDate(late, 'Not/AZone')).toBe('2026-11-20')
    }
  })
})

describe('isWithinSchedule', () => {
  const week = [weekday('friday', ['08:00', '12:00'], ['13:00', '18:00'])]

  test('no schedule means always open', () => {
    expect(isWithinSchedule([], fridayMorning, 'America/Sao_Paulo')).toBe(true)
  })

  test('inside the first shift is open, the lunch gap and after the second shift are closed', () => {
    expect(isWithinSchedule(week, fridayMorning, 'America/Sao_Paulo')).toBe(true)
    expect(isWithinSchedule(week, new Date('2026-11-20T15:30:00Z'), 'America/Sao_Paulo')).toBe(false)
    expect(isWithinSchedule(week, new Date('2026-11-20T17:00:00Z'), 'America/Sao_Paulo')).toBe(true)
    expect(isWithinSchedule(week, new Date('2026-11-20T21:00:00Z'), 'America/Sao_Paulo')).toBe(false)
  })

  test('a weekday missing from the schedule, or with empty shifts, is closed', () => {
    expect(isWithinSchedule(week, new Date('2026-11-21T12:30:00Z'), 'America/Sao_Paulo')).toBe(false)
    expect(isWithinSchedule([weekday('friday', ['', ''])], fridayMorning, 'America/Sao_Paulo')).toBe(false)
  })

  test('the time zone decides the day: 01:00Z Saturday is still Friday evening in São Paulo', () => {
    const late = [weekday('friday', ['20:00', '23:00'])]
    expect(isWithinSchedule(late, new Date('2026-11-21T01:00:00Z'), 'America/Sao_Paulo')).toBe(true)
    expect(isWithinSchedule(late, new Date('2026-11-21T01:00:00Z'), 'UTC')).toBe(false)
  })

  test('a shift ending before it starts runs past midnight', () => {
    expect(isWithinSchedule([weekday('friday', ['22:00', '02:00'])], new Date('2026-11-21T02:30:00Z'), 'America/Sao_Paulo')).toBe(true)
  })
})

describe('isWithinWorkingHours', () => {
  // 2026-11-27 12:00 UTC is 09:00 in São Paulo.
  const at = new Date('2026-11-27T12:00:00Z')
  test('both ends count, so 00:00-23:59 is the whole day', () => {
    expect(isWithinWorkingHours('00:00', '23:59', new Date('2026-11-27T02:59:30Z'), 'America/Sao_Paulo')).toBe(true)
    expect(isWithinWorkingHours('09:00', '09:00', at, 'America/Sao_Paulo')).toBe(true)
    expect(isWithinWorkingHours('09:10', '18:00', at, 'America/Sao_Paulo')).toBe(false)
    expect(isWithinWorkingHours('08:00', '08:59', at, 'America/Sao_Paulo')).toBe(false)
  })
  test('on the company clock, and past midnight when the end comes first', () => {
    expect(isWithinWorkingHours('11:00', '13:00', at, 'UTC')).toBe(true)
    expect(isWithinWorkingHours('22:00', '09:30', at, 'America/Sao_Paulo')).toBe(true)
    expect(isWithinWorkingHours('22:00', '08:30', at, 'America/Sao_Paulo')).toBe(false)
  })
  test('missing or malformed hours put no limit', () => {
    expect(isWithinWorkingHours(null, '18:00', at, 'UTC')).toBe(true)
    expect(isWithinWorkingHours('8h', '18:00', at, 'UTC')).toBe(true)
  })
})
