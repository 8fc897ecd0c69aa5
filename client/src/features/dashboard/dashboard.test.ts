import { describe, expect, test } from 'bun:test'
import { attendantSheetRows } from './attendants-export.ts'
import { hoursAndMinutes } from '../../lib/format.ts'
import { chartQuery, dashboardQuery, defaultFilter, faceOf, filterProblem, meanRating, stepLabel } from './dashboard.ts'
import type { AttendantRow, DashboardData } from './dashboard.ts'
import { showsSignupChip } from './signup-link-chip.tsx'

describe('dashboard filter', () => {
  test('starts on the first of the month through today', () => {
    expect(defaultFilter(new Date(2026, 10, 20, 15))).toEqual({ mode: 'dates', from: '2026-11-01', to: '2026-11-20' })
    expect(defaultFilter(new Date(2026, 0, 1))).toEqual({ mode: 'dates', from: '2026-01-01', to: '2026-01-01' })
  })

  test('needs days or a date, in order', () => {
    expect(filterProblem({ mode: 'dates', from: '', to: '' })).toBe('empty')
    expect(filterProblem({ mode: 'dates', from: '2026-11-10', to: '2026-11-01' })).toBe('order')
    expect(filterProblem({ mode: 'dates', from: '2026-11-01', to: '' })).toBeNull()
    expect(filterProblem({ mode: 'days', days: 0 })).toBe('empty')
    expect(filterProblem({ mode: 'days', days: 30 })).toBeNull()
  })

  test('asks the counters with days or dates and the charts with the dates they cover', () => {
    expect(dashboardQuery({ mode: 'days', days: 7 })).toEqual({ days: 7 })
    expect(dashboardQuery({ mode: 'dates', from: '2026-11-01', to: '' })).toEqual({ date_from: '2026-11-01' })
    expect(chartQuery({ mode: 'days', days: 7 }, new Date(2026, 10, 20))).toEqual({ initialDate: '2026-11-14', finalDate: '2026-11-20' })
    expect(chartQuery({ mode: 'dates', from: '2026-11-01', to: '2026-11-05' })).toEqual({ initialDate: '2026-11-01', finalDate: '2026-11-05' })
  })
})

describe('dashboard figures', () => {
  test('minutes read as hours and minutes', () => {
    expect(hoursAndMinutes(0)).toBe('0min')
    expect(hoursAndMinutes(17.1)).toBe('17min')
    expect(hoursAndMinutes(75.4)).toBe('1h 15min')
    expect(hoursAndMinutes(1500)).toBe('25h 0min')
  })

  test('a 0-10 mean becomes one of five faces', () => {
    expect([0, 1.9, 2, 4.5, 6, 7.9, 8, 10].map(faceOf)).toEqual([1, 1, 2, 3, 4, 4, 5, 5])
  })

  test('chart steps are labelled by their unit', () => {
    expect(stepLabel('07', 'hour')).toBe('07h')
    expect(stepLabel('2026-11-05', 'day')).toBe('05/11')
    expect(stepLabel('2026-10', 'month')).toBe('10/2026')
  })

  const row = (name: string, rating: number | null, countRating: number): AttendantRow => ({ id: name.length, name, rating, countRating, tickets: 3, avgWaitTime: 75, avgSupportTime: 5, online: name === 'Ana' })

  test('the mean rating weighs each attendant by their ratings', () => {
    const data = { attendants: [row('Ana', 8.5, 2), row('Bruno', 4.5, 2), row('Caio', null, 0)] } as DashboardData
    expect(meanRating(data)).toBe(6.5)
    expect(meanRating({ attendants: [row('Caio', null, 0)] } as DashboardData)).toBeNull()
  })

  test('the attendants sheet has translated headers and the times as on screen', () => {
    const rows = attendantSheetRows([row('Ana', 8.5, 2), row('Caio', null, 0)], (k) => k.split('.').at(-1)!)
    expect(rows[0]).toEqual({ name: 'Ana', rating: 8.5, countRating: 2, tickets: 3, avgWaitTime: '1h 15min', avgSupportTime: '5min', status: 'online' })
    expect(rows[1]).toMatchObject({ rating: '', status: 'offline' })
  })
})

describe('sign-up chip', () => {
  test('only company 1 while allowSignup is enabled', () => {
    expect(showsSignupChip(1, 'enabled')).toBe(true)
    expect(showsSignupChip(1, 'disabled')).toBe(false)
    expect(showsSignupChip(1, undefined)).toBe(false)
    expect(showsSignupChip(2, 'enabled')).toBe(false)
    expect(showsSignupChip(undefined, 'enabled')).toBe(false)
  })
})
