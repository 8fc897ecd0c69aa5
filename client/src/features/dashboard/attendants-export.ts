import type { AttendantRow } from './dashboard.ts'
import { hoursAndMinutes } from '../../lib/format.ts'

export const ATTENDANTS_FILE = 'atendentes.xlsx'

/** The attendants tab as spreadsheet rows, headers in the reader's language, times as on screen. */
export function attendantSheetRows(rows: AttendantRow[], t: (key: string) => string): Record<string, string | number>[] {
  const h = (k: string) => t(`dashboard.attendants.${k}`)
  return rows.map((r) => ({
    [h('name')]: r.name,
    [h('rating')]: r.rating ?? '',
    [h('countRating')]: r.countRating,
    [h('tickets')]: r.tickets,
    [h('avgWaitTime')]: hoursAndMinutes(r.avgWaitTime),
    [h('avgSupportTime')]: hoursAndMinutes(r.avgSupportTime),
    [h('status')]: t(r.online ? 'dashboard.attendants.online' : 'dashboard.attendants.offline'),
  }))
}

/** Downloads the sheet; the spreadsheet library loads only when someone exports. */
export async function exportAttendants(rows: AttendantRow[], t: (key: string) => string): Promise<void> {
  const XLSX = await import('@e965/xlsx')
  const sheet = XLSX.utils.json_to_sheet(attendantSheetRows(rows, t))
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Atendentes')
  XLSX.writeFile(book, ATTENDANTS_FILE)
}
