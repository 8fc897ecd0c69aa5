import { describe, expect, test } from 'bun:test'
import { nextSendAt, sendsAgain } from './next-send-at.ts'

const SP = 'America/Sao_Paulo'
const at = (iso: string) => new Date(iso)

describe('interval units', () => {
  test('days, weeks and minutes move the send time', () => {
    expect(nextSendAt(at('2026-11-18T13:00:00Z'), { intervalo: 1, valorIntervalo: 2, tipoDias: 4 }, SP)).toEqual(at('2026-11-20T13:00:00Z'))
    expect(nextSendAt(at('2026-11-18T13:00:00Z'), { intervalo: 2, valorIntervalo: 1, tipoDias: 4 }, SP)).toEqual(at('2026-11-25T13:00:00Z'))
    expect(nextSendAt(at('2026-11-18T13:00:00Z'), { intervalo: 4, valorIntervalo: 90, tipoDias: 4 }, SP)).toEqual(at('2026-11-18T14:30:00Z'))
  })

  test('a month after the 31st is the last day of the shorter month', () => {
    expect(nextSendAt(at('2027-01-31T13:00:00Z'), { intervalo: 3, valorIntervalo: 1, tipoDias: 4 }, SP)).toEqual(at('2027-02-28T13:00:00Z'))
  })

  test('days keep the local hour across a daylight-saving change', () => {
    // New York leaves DST on 2026-11-01: 09:00 local is 13:00Z before and 14:00Z after.
    expect(nextSendAt(at('2026-10-31T13:00:00Z'), { intervalo: 1, valorIntervalo: 1, tipoDias: 4 }, 'America/New_York')).toEqual(at('2026-11-01T14:00:00Z'))
  })
})

describe('business-day rule', () => {
  // 2026-11-21 is a Saturday.
  const toSaturday = { intervalo: 1, valorIntervalo: 1 } as const
  test('4 keeps a weekend date', () => {
    expect(nextSendAt(at('2026-11-20T13:00:00Z'), { ...toSaturday, tipoDias: 4 }, SP)).toEqual(at('2026-11-21T13:00:00Z'))
  })
  test('5 moves it to the business day before', () => {
    // Wednesday + 3 days is Saturday: back to Friday.
    expect(nextSendAt(at('2026-11-18T13:00:00Z'), { intervalo: 1, valorIntervalo: 3, tipoDias: 5 }, SP)).toEqual(at('2026-11-20T13:00:00Z'))
  })
  test('5 never moves a daily send back onto the one just made', () => {
    // Friday + 1 day is Saturday, back to Friday itself: the next business day of the series is Monday.
    expect(nextSendAt(at('2026-11-20T13:00:00Z'), { ...toSaturday, tipoDias: 5 }, SP)).toEqual(at('2026-11-23T13:00:00Z'))
  })
  test('6 moves it to the business day after', () => {
    expect(nextSendAt(at('2026-11-20T13:00:00Z'), { ...toSaturday, tipoDias: 6 }, SP)).toEqual(at('2026-11-23T13:00:00Z'))
  })
  test('the weekday is the one of the company time zone, not of UTC', () => {
    // Friday 22:30 in São Paulo is already Saturday 01:30 UTC: still a business day there.
    expect(nextSendAt(at('2026-11-13T01:30:00Z'), { intervalo: 2, valorIntervalo: 1, tipoDias: 6 }, SP)).toEqual(at('2026-11-20T01:30:00Z'))
  })
  test('an unknown time zone counts as UTC', () => {
    expect(nextSendAt(at('2026-11-20T13:00:00Z'), { ...toSaturday, tipoDias: 6 }, 'Nowhere/City')).toEqual(at('2026-11-23T13:00:00Z'))
  })
})

describe('repeat count', () => {
  test('sends again while sends remain and an interval is set', () => {
    expect(sendsAgain({ valorIntervalo: 1, enviarQuantasVezes: 3, repeatCount: 1 })).toBe(true)
    expect(sendsAgain({ valorIntervalo: 1, enviarQuantasVezes: 3, repeatCount: 2 })).toBe(false)
    expect(sendsAgain({ valorIntervalo: 0, enviarQuantasVezes: 3, repeatCount: 0 })).toBe(false)
  })
})
