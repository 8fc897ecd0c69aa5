import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { companySchedulesSchema } from '../../../../server/routes/companies.schema.ts'
import { openOfflineOutbox } from '../../../../sync/client/offline-outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { companySchedulesQuery, queueSaveCompanySchedules } from './company-schedules.ts'
import { defaultSchedules, fullWeek, weeklyHoursProblems } from '../business-hours/index.ts'

let pg: PGlite
beforeAll(async () => {
  pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from companies; delete from local_writes;`)
  await pg.exec(`insert into companies (id, name, schedules) values
    (1, 'Acme', '[{"weekday":"Segunda-feira","weekdayEn":"monday","startTimeA":"09:00","endTimeA":"12:00","startTimeB":"","endTimeB":""}]'),
    (2, 'Other', '[]')`)
})

const offline = openOfflineOutbox

async function row(companyId: number) {
  const q = companySchedulesQuery(companyId)
  return (await pg.query<{ schedules: unknown; pending: boolean }>(q.sql, q.params)).rows[0]
}

describe('fullWeek', () => {
  test('lists every weekday in order; a stored day keeps its shifts, a missing one is closed', () => {
    const week = fullWeek([{ ...defaultSchedules()[2], startTimeA: '07:00' }])
    expect(week.map((d) => d.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
    expect(week[2].startTimeA).toBe('07:00')
    expect(week[0]).toMatchObject({ startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' })
    expect(fullWeek(null)).toHaveLength(7)
  })
})

describe('weeklyHoursProblems', () => {
  test('flags a time that is not HH:MM by its day and field; empty shifts are fine', () => {
    const week = fullWeek([])
    week[1] = { ...week[1], startTimeA: '25:00', endTimeB: '9h' }
    expect(weeklyHoursProblems(week, 'bad')).toEqual({ 'schedules.1.startTimeA': 'bad', 'schedules.1.endTimeB': 'bad' })
    expect(weeklyHoursProblems(defaultSchedules(), 'bad')).toEqual({})
  })
})

describe('saving the company hours through the outbox', () => {
  test('the week shows at once on the company row, pending, with the body the server accepts', async () => {
    const box = await offline()
    const week = fullWeek([])
    week[0] = { ...week[0], startTimeA: '10:00', endTimeA: '16:00' }
    const clientId = await queueSaveCompanySchedules({ pg, outbox: box }, 1, week)
    const shown = await row(1)
    expect(shown.pending).toBe(true)
    expect(fullWeek(shown.schedules as never)[0]).toMatchObject({ startTimeA: '10:00', endTimeA: '16:00' })
    expect((await row(2)).pending).toBe(false)
    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ id: clientId, method: 'PUT', path: '/companies/1/schedules' })
    expect(companySchedulesSchema.parse(write.body).schedules).toHaveLength(7)
    box.close()
  })
})
