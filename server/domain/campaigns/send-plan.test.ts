import { describe, expect, test } from 'bun:test'
import { planSendTimes, type Pacing } from './send-plan.ts'

const ALWAYS: Pacing = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, sabado: true, domingo: true, startHour: '00:00', endHour: '23:59' }
const seconds = (times: Date[], start: Date) => times.map((t) => (t.getTime() - start.getTime()) / 1000)
// Friday 2026-11-20 12:00 in São Paulo (UTC-3).
const FRIDAY_NOON = new Date('2026-11-20T15:00:00Z')
const ZONE = 'America/Sao_Paulo'

describe('campaign send plan (issue 20: seconds, not milliseconds; hours and weekends)', () => {
  test('messageInterval seconds between sends and greaterInterval seconds more after every longerIntervalAfter sends', () => {
    const times = planSendTimes(FRIDAY_NOON, 7, { ...ALWAYS, messageInterval: 20, longerIntervalAfter: 3, greaterInterval: 60 }, ZONE)
    expect(seconds(times, FRIDAY_NOON)).toEqual([0, 20, 40, 120, 140, 160, 240])
  })

  test('longerIntervalAfter 0 never adds the long pause; intervals 0 send all at once', () => {
    expect(seconds(planSendTimes(FRIDAY_NOON, 4, { ...ALWAYS, longerIntervalAfter: 0 }, ZONE), FRIDAY_NOON)).toEqual([0, 20, 40, 60])
    expect(seconds(planSendTimes(FRIDAY_NOON, 3, { ...ALWAYS, messageInterval: 0, greaterInterval: 0 }, ZONE), FRIDAY_NOON)).toEqual([0, 0, 0])
  })

  test('a send due after endHour waits for the next allowed day at startHour, in the company zone', () => {
    const pacing = { ...ALWAYS, messageInterval: 60, longerIntervalAfter: 0, startHour: '09:00', endHour: '12:02', sabado: false, domingo: false }
    const times = planSendTimes(FRIDAY_NOON, 4, pacing, ZONE)
    // 12:00 and 12:01 fit; 12:02 is closing time: Saturday and Sunday are off, so Monday 09:00 (12:00 UTC).
    expect(times.map((t) => t.toISOString())).toEqual([
      '2026-11-20T15:00:00.000Z', '2026-11-20T15:01:00.000Z', '2026-11-23T12:00:00.000Z', '2026-11-23T12:01:00.000Z',
    ])
  })

  test('a campaign started before opening begins at startHour; Saturday counts when allowed', () => {
    const early = new Date('2026-11-21T09:30:00Z') // Saturday 06:30 local
    const pacing = { ...ALWAYS, startHour: '08:00', endHour: '18:00', sabado: true, domingo: false }
    expect(planSendTimes(early, 1, pacing, ZONE)[0].toISOString()).toBe('2026-11-21T11:00:00.000Z')
    const sunday = new Date('2026-11-22T13:00:00Z')
    expect(planSendTimes(sunday, 1, pacing, ZONE)[0].toISOString()).toBe('2026-11-23T11:00:00.000Z')
  })
})
