import { describe, expect, test } from 'bun:test'
import { defaultReportFilter, type ReportRow, reportQuery, reportSheetRows } from './reports.ts'

describe('tickets report', () => {
  test('starts on the first of the month through today, nothing else narrowed', () => {
    expect(defaultReportFilter(new Date(2026, 10, 27, 10))).toEqual({ search: '', contact: null, dateFrom: '2026-11-01', dateTo: '2026-11-27', whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false })
  })

  test('sends only the filters set, lists as JSON arrays', () => {
    expect(reportQuery(defaultReportFilter(new Date(2026, 10, 27)), 1, 10)).toEqual({ page: 1, pageSize: 10, dateFrom: '2026-11-01', dateTo: '2026-11-27' })
    const f = { search: '  ana ', contact: { id: 12, name: 'Ana' }, dateFrom: '', dateTo: '', whatsappIds: [3], userIds: [1, 2], queueIds: [7], statuses: ['closed' as const], onlyRated: true }
    expect(reportQuery(f, 2, 50)).toEqual({ page: 2, pageSize: 50, searchParam: 'ana', contactId: 12, whatsappId: '[3]', users: '[1,2]', queueIds: '[7]', status: '["closed"]', onlyRated: 'true' })
  })

  test('the sheet has translated headers, statuses and times as on screen', () => {
    const row: ReportRow = { id: 7, uuid: 'u', whatsappName: 'Loja', contactName: 'Ana', userName: null, queueName: 'Vendas', status: 'closed', lastMessage: 'Obrigada', createdAt: '2026-11-05T12:00:00.000Z', closedAt: null, supportTime: 75, NPS: 9 }
    const [sheet] = reportSheetRows([row], (k) => k.split('.').at(-1)!)
    expect(sheet).toMatchObject({ id: 7, whatsappName: 'Loja', contactName: 'Ana', userName: '', queueName: 'Vendas', status: 'closed', lastMessage: 'Obrigada', closedAt: '', supportTime: '1h 15min', NPS: 9 })
    expect(String(sheet.createdAt)).toMatch(/^05\/11\/26 \d\d:00$/)
  })
})
