import type { ContactFile } from '../../../../server/domain/contacts/contact-file.ts'
import { COLUMN_GUESSES, plainColumnName } from '../../../../server/domain/contacts/import-columns.ts'
import { api, ApiError } from '../../lib/api.ts'

/**
 * The /contacts/import page's rules (spec part 2 §2 "Contacts import", §5 Contact import): read the
 * file's columns in the browser, map them to name, number, email and tags, choose the rows, then send
 * the file to POST /contacts/upload, which imports the chosen rows in one request (or, checking each
 * number on WhatsApp, row by row: contact-import-check.ts).
 */

export type { ContactFile }

/** The answer of POST /contacts/upload (server/domain/contacts/import-contacts.ts). */
export interface ContactImportResult {
  created: number
  duplicated: number
  invalid: number
  /** Numbers WhatsApp said have no account (only when the import checks them). */
  notOnWhatsapp?: number
  /** Rows without a name or a number (spec: ignored). */
  ignored: number
  total: number
}
export const CONTACT_FILE_ACCEPT = '.xls,.xlsx,.csv,.txt'
export const PREVIEW_ROWS = 5

export type ImportField = 'name' | 'number' | 'email' | 'tags'
export const IMPORT_FIELDS: ImportField[] = ['name', 'number', 'email', 'tags']
/** Column name per field; '' is unmapped. */
export type ContactImportMapping = Record<ImportField, string>

/**
 * Reads a chosen file with the server's own reader (server/domain/contacts/contact-file.ts, pure), loaded
 * on demand so the spreadsheet library stays out of the app's first download. Throws the reader's
 * AppError (code ERR_INVALID_FILE_TYPE, ERR_FILE_TOO_LARGE, ERR_VALIDATION) for files it refuses.
 */
export async function readContactFile(file: File): Promise<ContactFile> {
  const { parseContactFile } = await import('../../../../server/domain/contacts/contact-file.ts')
  return parseContactFile(file.name, new Uint8Array(await file.arrayBuffer()))
}

/** The mapping the page starts with: each field on the first column whose name says it, else unmapped. */
export function guessMapping(columns: string[]): ContactImportMapping {
  const used = new Set<string>()
  const find = (field: ImportField) => {
    const column = columns.find((c) => !used.has(c) && COLUMN_GUESSES[field].test(plainColumnName(c))) ?? ''
    if (column) used.add(column)
    return column
  }
  return { name: find('name'), number: find('number'), email: find('email'), tags: find('tags') }
}

/** i18n key of the problem per field, plus `rows` when the file has no contact to import. */
export type MappingProblems = Partial<Record<ImportField | 'rows', string>>

/**
 * Spec part 2 §5 Contact import: name and number must be mapped, a column cannot be mapped twice, and
 * there must be at least one contact to import.
 */
export function mappingProblems(file: ContactFile, mapping: ContactImportMapping): MappingProblems {
  const problems: MappingProblems = {}
  if (!mapping.name) problems.name = 'contactsImport.errors.noName'
  if (!mapping.number) problems.number = 'contactsImport.errors.noNumber'
  const seen = new Set<string>()
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field]
    if (!column) continue
    if (!file.columns.includes(column)) problems[field] = 'contactsImport.errors.unknownColumn'
    else if (seen.has(column)) problems[field] = 'contactsImport.errors.columnTwice'
    seen.add(column)
  }
  if (file.rows.length === 0) problems.rows = 'contactsImport.errors.noContacts'
  return problems
}

export type MappedRow = Record<ImportField, string>

/** Rows as they would be imported (the mapped cells of each field), from `start`, `count` of them. */
export function previewRows(file: ContactFile, mapping: ContactImportMapping, count = PREVIEW_ROWS, start = 0): MappedRow[] {
  const index = (field: ImportField) => (mapping[field] ? file.columns.indexOf(mapping[field]) : -1)
  const at = (row: string[], i: number) => (i < 0 ? '' : (row[i] ?? '').trim())
  const [name, number, email, tags] = IMPORT_FIELDS.map(index)
  return file.rows.slice(start, start + count).map((r) => ({ name: at(r, name), number: at(r, number), email: at(r, email), tags: at(r, tags) }))
}

/** The chosen rows' indexes, in file order: every row but those left out. */
export function chosenIndexes(rowCount: number, leftOut: ReadonlySet<number>): number[] {
  const chosen: number[] = []
  for (let i = 0; i < rowCount; i++) if (!leftOut.has(i)) chosen.push(i)
  return chosen
}

/**
 * POST /contacts/upload: the file with the mapping (multipart `file`, `name`, `number`, `email`, `tags`)
 * and, when some rows were left out, the chosen ones (`rows`, a JSON list of indexes).
 */
export function uploadContactFile(file: File, mapping: ContactImportMapping, rows?: number[]): Promise<ContactImportResult> {
  const form = new FormData()
  form.append('file', file)
  for (const field of IMPORT_FIELDS) if (mapping[field]) form.append(field, mapping[field])
  if (rows) form.append('rows', JSON.stringify(rows))
  return api<ContactImportResult>('/contacts/upload', { method: 'POST', form })
}

/** The error code of a failed read or upload (the reader throws AppError, the API an ApiError). */
export function importErrorCode(err: unknown): string | undefined {
  if (err instanceof ApiError) return err.code
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code
  return undefined
}

/** What POST /contacts/import and /contacts/import/chats answer. */
export interface PhoneImportResult {
  created: number
  duplicated: number
  ignored: number
  total: number
}

/** Their 202 while the WhatsApp sessions read the phone (asked by the first call): connections still reading. */
export interface PhoneImportReading {
  reading: number
}

export type PhoneImportSource = 'contacts' | 'chats'

/**
 * The phone's address book ('contacts') or chat list ('chats') into contacts, one call: the counts, or
 * `{reading}` while the sessions are still reading the phone (call again shortly).
 */
export function importFromPhone(source: PhoneImportSource): Promise<PhoneImportResult | PhoneImportReading> {
  return api<PhoneImportResult | PhoneImportReading>(source === 'contacts' ? '/contacts/import' : '/contacts/import/chats', { method: 'POST', json: {} })
}
