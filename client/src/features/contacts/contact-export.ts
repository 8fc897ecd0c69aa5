import type { LocalPg } from '../../../../sync/client/local-pg.ts'
import { readContacts, type ContactListItem } from './contacts.ts'

/** Spec part 2 §9: the contact export reads its rows in pages of 20. */
export const CONTACT_EXPORT_PAGE_SIZE = 20
export const CONTACT_EXPORT_FILE = 'contatos.csv'

const CSV_COLUMNS = ['name', 'number', 'email', 'tags', 'active'] as const

/** A CSV cell: quoted when it holds a separator, a quote or a line break; formulas defused. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^[+-]?\d[\d\s]*$/.test(value) ? `'${value}` : value
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

function csvLine(c: ContactListItem): string {
  const cells = [c.name, c.number, c.email, c.tags.map((t) => t.name).join(', '), c.active ? 'true' : 'false']
  return cells.map(csvCell).join(',')
}

/**
 * The contacts matching the search as CSV (header name,number,email,tags,active), read from the local
 * database 20 rows at a time. Contacts still waiting for the server are left out.
 */
export async function contactsCsv(pg: LocalPg, search: string): Promise<string> {
  const lines: string[] = [CSV_COLUMNS.join(',')]
  for (let offset = 0; ; offset += CONTACT_EXPORT_PAGE_SIZE) {
    const page = await readContacts(pg, { search, limit: CONTACT_EXPORT_PAGE_SIZE, offset })
    for (const c of page) if (c.id !== null) lines.push(csvLine(c))
    if (page.length < CONTACT_EXPORT_PAGE_SIZE) break
  }
  return `${lines.join('\r\n')}\r\n`
}

/** Hands a CSV text to the browser as a download (UTF-8 with BOM, so spreadsheets read the accents). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
