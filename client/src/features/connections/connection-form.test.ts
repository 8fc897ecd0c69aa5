import { describe, expect, test } from 'bun:test'
import { connectionFormProblems, connectionFormValuesOf, connectionRequestBody, newConnectionValues } from './connection-form.ts'
import { countByCompany, type CompanyConnection, type Connection } from './connections.ts'

const now = new Date('2026-11-20T12:00:00')
const valid = () => ({ ...newConnectionValues(), name: 'Loja' })

describe('connectionFormProblems mirrors the server rules (spec part 2 §5)', () => {
  test('a new connection with a name has no problems', () => {
    expect(connectionFormProblems(valid(), false, now)).toEqual({})
  })
  test('name 2-50 and required', () => {
    expect(connectionFormProblems({ ...valid(), name: ' ' }, false, now).name).toBe('validation.required')
    expect(connectionFormProblems({ ...valid(), name: 'A' }, false, now).name).toBe('validation.tooShort')
    expect(connectionFormProblems({ ...valid(), name: 'x'.repeat(51) }, false, now).name).toBe('validation.tooLong')
  })
  test('ratings on: rating message and a non-zero NPS expiry', () => {
    expect(connectionFormProblems(valid(), true, now)).toEqual({
      ratingMessage: 'whatsappModal.errorRatingMessage',
      expiresTicketNPS: 'whatsappModal.errorExpiresNPS',
    })
    expect(connectionFormProblems({ ...valid(), ratingMessage: 'Nota?', expiresTicketNPS: '5' }, true, now)).toEqual({})
  })
  test('a redirect time needs a queue and a queue needs a time', () => {
    expect(connectionFormProblems({ ...valid(), timeSendQueue: '5' }, false, now)).toEqual({ sendIdQueue: 'whatsappModal.errorSendQueue' })
    expect(connectionFormProblems({ ...valid(), sendIdQueue: '3' }, false, now)).toEqual({ timeSendQueue: 'whatsappModal.errorSendQueue' })
  })
  test('import dates and queue', () => {
    const on = { ...valid(), enableImportMessage: true }
    expect(connectionFormProblems({ ...on, importOldMessages: '2024-01-01', importRecentMessages: '2026-11-20' }, false, now)).toEqual({
      importOldMessages: 'whatsappModal.errorImportOldDate',
      queueIdImportMessages: 'whatsappModal.errorImportQueue',
    })
    expect(connectionFormProblems({ ...on, importOldMessages: '2026-10-01', importRecentMessages: '2026-09-01', queueIdImportMessages: '1' }, false, now)).toEqual({
      importRecentMessages: 'whatsappModal.errorImportRecentDate',
    })
  })
  test('vacation dates with a vacation message', () => {
    const msg = { ...valid(), collectiveVacationMessage: 'Férias' }
    expect(Object.keys(connectionFormProblems(msg, false, now))).toEqual(['collectiveVacationStart', 'collectiveVacationEnd'])
    expect(connectionFormProblems({ ...msg, collectiveVacationStart: '2026-12-20', collectiveVacationEnd: '2027-01-05' }, false, now)).toEqual({})
  })
})

describe('request body', () => {
  test('numbers as numbers, empty selects as null, an empty token asks for a new one', () => {
    const body = connectionRequestBody({ ...valid(), timeSendQueue: '5', sendIdQueue: '7', queueIds: [1, 2] })
    expect(body).toMatchObject({ name: 'Loja', timeSendQueue: 5, sendIdQueue: 7, integrationId: null, queueIds: [1, 2], token: '' })
    expect(body.queues).toBeUndefined()
  })
  test('a loaded token is kept unless regenerated', () => {
    const loaded = connectionFormValuesOf({ id: 1, companyId: 1, name: 'X1', channel: 'whatsapp', status: 'CONNECTED', qrcode: '', token: 'T'.repeat(30), queueIds: [3], greetingMediaAttachment: null } as Connection)
    expect(connectionRequestBody(loaded).token).toBeUndefined()
    expect(connectionRequestBody({ ...loaded, regenerateToken: true }).token).toBe('')
    expect(loaded.queueIds).toEqual([3])
    expect(loaded.schedules).toHaveLength(7)
  })
})

test('countByCompany: CONNECTED counts as connected, anything else as disconnected; companies without connections show zeros', () => {
  const w = (id: number, companyId: number, status: string) => ({ id, status, name: `W${id}`, number: '', channel: 'whatsapp', company: { id: companyId, name: `C${companyId}` } }) as CompanyConnection
  expect(countByCompany([w(1, 1, 'CONNECTED'), w(2, 1, 'qrcode'), w(3, 2, 'DISCONNECTED')], [{ id: 3, name: 'C3' }])).toEqual([
    { companyId: 1, name: 'C1', connected: 1, disconnected: 1, total: 2 },
    { companyId: 2, name: 'C2', connected: 0, disconnected: 1, total: 1 },
    { companyId: 3, name: 'C3', connected: 0, disconnected: 0, total: 0 },
  ])
})
