import { AppError } from '../app-error.ts'
import { COLUMN_GUESSES, importEmail, plainColumnName, tagNamesOf } from './import-columns.ts'
import { isPlausiblePhone, normalisePhoneDigits } from './phone.ts'

/**
 * The pure rules of the contact import (spec part 2 §5 Contact import): which column holds what, and
 * what one row becomes. No database; what the import page shares with it is in import-columns.ts.
 */

/** Column names (as parseContactFile gives them) for each contact field. */
export interface ContactImportMapping {
  name?: string
  number?: string
  email?: string
  /** Tag names, separated by commas (contact-import-tags.ts). */
  tags?: string
}

/** Column positions of the mapped fields. */
export interface ColumnIndexes {
  name: number
  number: number
  email?: number
  tags?: number
}

/** A row ready to store: name cut to the form's 250, number normalised and plausible, email valid or ''. */
export interface PreparedRow {
  name: string
  number: string
  email: string
  /** Tag names (tagNamesOf), possibly none. */
  tags: string[]
}

const fieldError = (fields: { field: string; message: string }[]) =>
  new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields })

const FIELDS = ['name', 'number', 'email', 'tags'] as const
const OPTIONAL = new Set<string>(['email', 'tags'])

/**
 * Resolves the mapping against the file's columns. Without any mapping the columns are guessed from
 * their names; with one, name and number must be mapped ('No name field selected'), to columns of the
 * file, and no column twice. Every problem is one ERR_VALIDATION naming the fields.
 */
export function resolveMapping(columns: string[], mapping: ContactImportMapping): ColumnIndexes {
  const given = FIELDS.some((f) => mapping[f])
  const chosen = given ? mapping : guessMapping(columns)
  const issues: { field: string; message: string }[] = []
  const indexes: Partial<Record<keyof ContactImportMapping, number>> = {}
  const used = new Set<number>()
  for (const field of FIELDS) {
    const column = chosen[field]
    if (!column) {
      if (!OPTIONAL.has(field)) issues.push({ field, message: `No ${field} field selected` })
      continue
    }
    const index = columns.indexOf(column)
    if (index < 0) issues.push({ field, message: 'Unknown column' })
    else if (used.has(index)) issues.push({ field, message: 'Column already mapped' })
    else {
      used.add(index)
      indexes[field] = index
    }
  }
  if (issues.length) throw fieldError(issues)
  return indexes as ColumnIndexes
}

function guessMapping(columns: string[]): ContactImportMapping {
  const plain = columns.map(plainColumnName)
  const find = (field: keyof ContactImportMapping) => {
    const i = plain.findIndex((c) => COLUMN_GUESSES[field].test(c))
    return i < 0 ? undefined : columns[i]
  }
  return { name: find('name'), number: find('number'), email: find('email'), tags: find('tags') }
}

/**
 * One row: 'ignored' when the name or the number is empty (spec: rows missing required values are
 * ignored), 'invalid' when the number is not a plausible phone, else the row to store. A malformed
 * email is dropped rather than losing the contact.
 */
export function prepareRow(name: string, number: string, email = '', tags = ''): PreparedRow | 'ignored' | 'invalid' {
  const cleanName = name.trim().slice(0, 250)
  if (!cleanName || !number.trim()) return 'ignored'
  const digits = normalisePhoneDigits(number)
  if (!isPlausiblePhone(digits)) return 'invalid'
  return { name: cleanName, number: digits, email: importEmail(email), tags: tagNamesOf(tags) }
}
