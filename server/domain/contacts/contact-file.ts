import { read, utils, type WorkSheet } from '@e965/xlsx'
import { AppError } from '../app-error.ts'
import { decodeText, detectDelimiter, splitDelimited } from './delimited-text.ts'

/**
 * Reading a contact import file (spec part 2 §5 Contact import, §2 /contacts/import). Pure: it imports
 * no server module, so the browser's import page can reuse it.
 */

/** A table read from a file: the first row's cells as column names, then the data rows as text. */
export interface ContactFile {
  columns: string[]
  rows: string[][]
}

export const CONTACT_FILE_EXTENSIONS = ['xls', 'xlsx', 'csv', 'txt'] as const
/** 5 MB holds about 100,000 contacts in csv and more in xlsx. */
export const MAX_CONTACT_FILE_BYTES = 5 * 1024 * 1024
export const MAX_CONTACT_FILE_ROWS = 10_000

const ZIP = [0x50, 0x4b, 0x03, 0x04] // xlsx
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] // legacy xls

/** 'Arquivo inválido!' on the import page: a type it does not take or bytes that are no table. */
const invalidFile = (why: string) => new AppError('ERR_INVALID_FILE_TYPE', `Invalid contact file: ${why}`, { accepted: [...CONTACT_FILE_EXTENSIONS] })

/**
 * Reads an uploaded xls, xlsx, csv or txt file into `{columns, rows}`: the first sheet's first row gives
 * the columns, blank rows are dropped. The content decides how it is read (an "xls" exported as csv or
 * HTML by another system still reads); the name only has to carry an accepted extension.
 * Throws ERR_INVALID_FILE_TYPE for anything unreadable, ERR_FILE_TOO_LARGE over 5 MB and
 * ERR_VALIDATION over 10,000 rows.
 */
export function parseContactFile(fileName: string, bytes: Uint8Array): ContactFile {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  if (!(CONTACT_FILE_EXTENSIONS as readonly string[]).includes(ext)) throw invalidFile(`.${ext} is not accepted`)
  if (bytes.byteLength > MAX_CONTACT_FILE_BYTES) {
    throw new AppError('ERR_FILE_TOO_LARGE', `File larger than ${MAX_CONTACT_FILE_BYTES} bytes`, { maxBytes: MAX_CONTACT_FILE_BYTES })
  }
  const cells = startsWith(bytes, ZIP) || startsWith(bytes, OLE) ? readWorkbook(bytes) : readText(bytes)
  return toContactFile(cells)
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b)
}

/** Text files: delimited text, or an HTML/XML spreadsheet (what many systems save as ".xls"). */
function readText(bytes: Uint8Array): unknown[][] {
  const text = decodeText(bytes)
  if (text === null) throw invalidFile('not a spreadsheet or text file')
  if (/^\s*</.test(text)) return readWorkbook(bytes)
  return splitDelimited(text, detectDelimiter(text), MAX_CONTACT_FILE_ROWS + 2)
}

/** The first sheet of a workbook, cell values as stored (a phone typed as a number stays all digits). */
function readWorkbook(bytes: Uint8Array): unknown[][] {
  let sheet: WorkSheet | undefined
  try {
    const book = read(bytes, { type: 'array', dense: true, sheetRows: MAX_CONTACT_FILE_ROWS + 2, cellFormula: false, cellHTML: false, cellText: false })
    sheet = book.Sheets[book.SheetNames[0]]
  } catch {
    throw invalidFile('the spreadsheet cannot be read')
  }
  if (!sheet) throw invalidFile('the spreadsheet has no sheet')
  return utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false })
}

function toContactFile(cells: unknown[][]): ContactFile {
  const rows = cells.map((r) => r.map(cellText)).filter((r) => r.some((v) => v !== ''))
  if (!rows.length) throw invalidFile('the file has no rows')
  if (rows.length - 1 > MAX_CONTACT_FILE_ROWS) {
    throw new AppError('ERR_VALIDATION', `file: More than ${MAX_CONTACT_FILE_ROWS} rows`, {
      fields: [{ field: 'file', message: `More than ${MAX_CONTACT_FILE_ROWS} rows` }],
    })
  }
  const columns = columnNames(rows[0])
  return { columns, rows: rows.slice(1).map((r) => columns.map((_, i) => r[i] ?? '')) }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  return String(value).trim()
}

/** Column names are what the mapping refers to, so each is non-empty and unique: 'Column 3', 'Nome (2)'. */
function columnNames(header: string[]): string[] {
  const seen = new Set<string>()
  return header.map((raw, i) => {
    const base = raw || `Column ${i + 1}`
    let name = base
    for (let n = 2; seen.has(name); n++) name = `${base} (${n})`
    seen.add(name)
    return name
  })
}
