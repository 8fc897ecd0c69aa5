import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { scheduleSchema } from '../../../../server/routes/schedules.schema.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import {
  fetchSchedulesUntil, isScheduleImage, isScheduleSent, newScheduleValues, scheduleColor, scheduleContactsQuery, scheduleEvents,
  scheduleFormValuesOf, scheduleProblems, scheduleRequestBody, toLocalInput, type Schedule, type SchedulePage,
} from './schedules.ts'

const schedule = (over: Partial<Schedule> = {}): Schedule => ({
  id: 1, body: 'Lembrete da consulta', contactId: 7, sendAt: '2026-11-21T13:00:00.000Z', sentAt: null, status: 'PENDENTE', sendError: null,
  openTicket: 'disabled', ticketUserId: null, queueId: null, whatsappId: null, statusTicket: 'closed', intervalo: 1, valorIntervalo: 0,
  enviarQuantasVezes: 1, tipoDias: 4, assinar: false, mediaPath: null, mediaName: null, userId: 1, repeatCount: 0,
  contact: { id: 7, name: 'Maria Souza' }, user: { id: 1, name: 'Admin' }, ...over,
})

describe('new schedule values', () => {
  test('default to one hour ahead, every 1 day, value 0, sent once, business-day rule 4, no ticket, closed', () => {
    const now = new Date(2026, 10, 20, 9, 30)
    expect(newScheduleValues(now, 7)).toEqual({
      body: '', contactId: 7, sendAt: '2026-11-20T10:30', whatsappId: null, openTicket: false, ticketUserId: null, queueId: null,
      statusTicket: 'closed', intervalo: 1, valorIntervalo: '0', enviarQuantasVezes: '1', tipoDias: 4, assinar: false,
    })
  })

  test('a schedule becomes form values with its send time on the browser clock', () => {
    const s = schedule({ openTicket: 'enabled', queueId: 3, valorIntervalo: 2, enviarQuantasVezes: 5, assinar: true })
    expect(scheduleFormValuesOf(s)).toMatchObject({
      contactId: 7, sendAt: toLocalInput(new Date('2026-11-21T13:00:00.000Z')), openTicket: true, queueId: 3, valorIntervalo: '2', enviarQuantasVezes: '5', assinar: true,
    })
  })
})

describe('validation', () => {
  const valid = () => ({ ...newScheduleValues(new Date(2026, 10, 20, 9, 0), 7), body: 'Lembrete' })

  test('a complete form has no problems', () => {
    expect(scheduleProblems(valid())).toEqual({})
  })

  test('missing body, contact and send time are Obrigatório', () => {
    expect(scheduleProblems({ ...valid(), body: '  ', contactId: null, sendAt: '' })).toEqual({
      body: 'schedules.validation.required', contactId: 'schedules.validation.required', sendAt: 'schedules.validation.required',
    })
  })

  test('a body under 5 characters is Mensagem muito curta', () => {
    expect(scheduleProblems({ ...valid(), body: 'oi' })).toEqual({ body: 'schedules.validation.bodyShort' })
  })

  test('repeat fields must be whole numbers: interval value from 0, count from 1', () => {
    expect(scheduleProblems({ ...valid(), valorIntervalo: '-1', enviarQuantasVezes: '0' })).toEqual({
      valorIntervalo: 'schedules.validation.number', enviarQuantasVezes: 'schedules.validation.number',
    })
  })
})

describe('request body', () => {
  test('sends the picked instant with its offset and passes the server schema', () => {
    const v = { ...newScheduleValues(new Date(2026, 10, 20, 9, 0), 7), body: ' Lembrete ', valorIntervalo: '2', enviarQuantasVezes: '3', intervalo: 2, tipoDias: 6 }
    const body = scheduleRequestBody(v)
    expect(body).toMatchObject({ body: 'Lembrete', contactId: 7, openTicket: 'disabled', statusTicket: 'closed', intervalo: 2, valorIntervalo: 2, enviarQuantasVezes: 3, tipoDias: 6 })
    expect(new Date(body.sendAt).getTime()).toBe(new Date(2026, 10, 20, 10, 0).getTime())
    expect(scheduleSchema.safeParse(body).success).toBe(true)
  })

  test('ticket user, queue and status are sent only when a ticket is opened', () => {
    const base = { ...newScheduleValues(new Date(), 7), body: 'Lembrete', ticketUserId: 2, queueId: 3, statusTicket: 'open' as const }
    expect(scheduleRequestBody(base)).toMatchObject({ openTicket: 'disabled', ticketUserId: null, queueId: null, statusTicket: 'closed' })
    expect(scheduleRequestBody({ ...base, openTicket: true })).toMatchObject({ openTicket: 'enabled', ticketUserId: 2, queueId: 3, statusTicket: 'open' })
  })
})

describe('media', () => {
  test('accepts png, jpg and jpeg only', () => {
    expect(isScheduleImage({ name: 'a.PNG', type: '' })).toBe(true)
    expect(isScheduleImage({ name: 'a.jpeg', type: 'image/jpeg' })).toBe(true)
    expect(isScheduleImage({ name: 'a.gif', type: 'image/gif' })).toBe(false)
    expect(isScheduleImage({ name: 'a.pdf', type: 'application/pdf' })).toBe(false)
  })
})

describe('calendar', () => {
  test('events are the schedules of the range, titled with the contact', () => {
    const list = [schedule({ id: 1, sendAt: '2026-11-01T12:00:00Z' }), schedule({ id: 2, sendAt: '2026-12-05T12:00:00Z' })]
    const events = scheduleEvents(list, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-30T23:59:59Z'))
    expect(events.map((e) => [e.id, e.title])).toEqual([[1, 'Maria Souza']])
  })

  test('a sent schedule sits at its send time and is not editable', () => {
    const sent = schedule({ sentAt: '2026-11-02T09:00:00Z', status: 'ENVIADA' })
    expect(scheduleEvents([sent], new Date('2026-11-02T00:00:00Z'), new Date('2026-11-02T23:00:00Z'))[0].start.toISOString()).toBe('2026-11-02T09:00:00.000Z')
    expect(isScheduleSent(sent)).toBe(true)
    expect(isScheduleSent(schedule())).toBe(false)
  })

  test('colours follow the status', () => {
    expect(scheduleColor('ENVIADA')).not.toBe(scheduleColor('ERRO'))
    expect(scheduleColor('unknown')).toBe('#64748b')
  })

  test('pages are read until the range end is passed', async () => {
    const pages: SchedulePage[] = [
      { schedules: [schedule({ id: 1, sendAt: '2026-11-01T00:00:00Z' })], count: 3, hasMore: true },
      { schedules: [schedule({ id: 2, sendAt: '2026-12-10T00:00:00Z' })], count: 3, hasMore: true },
      { schedules: [schedule({ id: 3, sendAt: '2027-01-10T00:00:00Z' })], count: 3, hasMore: false },
    ]
    const read: number[] = []
    const got = await fetchSchedulesUntil(new Date('2026-11-30T00:00:00Z'), async (n) => (read.push(n), pages[n - 1]))
    expect(read).toEqual([1, 2])
    expect(got.map((s) => s.id)).toEqual([1, 2])
  })

  test('stops when there are no more pages', async () => {
    const got = await fetchSchedulesUntil(new Date('2030-01-01'), async () => ({ schedules: [schedule()], count: 1, hasMore: false }))
    expect(got).toHaveLength(1)
  })
})

describe('contact options', () => {
  let pg: PGlite
  beforeAll(async () => {
    pg = await PGlite.create('memory://')
    await applyLocalSchema(pg)
    await pg.exec(`insert into contacts (id, company_id, name, number, active, channel, is_group) values
      (1, 1, 'Bruno', '5511911110001', true, 'whatsapp', false),
      (2, 1, 'Ana Paula', '5511922220002', true, 'whatsapp', false),
      (3, 1, 'Zeca', '5521933330003', true, 'whatsapp', false)`)
  })
  afterAll(() => pg.close())
  const names = async (search: string, selected: number | null) => {
    const q = scheduleContactsQuery(search, selected)
    return (await pg.query<{ name: string }>(q.sql, q.params)).rows.map((r) => r.name)
  }

  test('searches names and numbers', async () => {
    expect(await names('ana', null)).toEqual(['Ana Paula'])
    expect(await names('55219', null)).toEqual(['Zeca'])
    expect(await names('', null)).toEqual(['Ana Paula', 'Bruno', 'Zeca'])
  })

  test('the chosen contact stays first whatever the search', async () => {
    expect(await names('ana', 3)).toEqual(['Zeca', 'Ana Paula'])
  })
})
