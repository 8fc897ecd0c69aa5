import type { AttendantRow } from './dashboard.ts'
import { hoursAndMinutes } from '../../lib/format.ts'
import { writeSheet } from '../../lib/spreadsheet.ts'

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

export const exportAttendants = (rows: AttendantRow[], t: (key: string) => string): Promise<void> =>
  writeSheet(ATTENDANTS_FILE, 'Atendentes', attendantSheetRows(rows, t))
