import { AppError } from '../app-error.ts'
import { isPlausiblePhone, normalisePhoneDigits } from './phone.ts'

/**
 * The pure rules of the contact import (spec part 2 §5 Contact import): which column holds what, and
 * what one row becomes. No database, so the browser's import page can reuse them.
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

/** Header names recognised when no mapping is sent (lowercase, without accents). */
const GUESSES: Record<keyof ContactImportMapping, RegExp> = {
  name: /^(nome|name|nome completo|full name|contato|contact|cliente)$/,
  number: /^(numero|number|telefone|phone|celular|whatsapp|fone|tel|mobile|phone number)$/,
  email: /^(e-?mail|mail)$/,
  tags: /^(tags?|etiquetas?|marcadores?)$/,
}
const FIELDS = ['name', 'number', 'email', 'tags'] as const
const OPTIONAL = new Set<string>(['email', 'tags'])
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const fieldError = (fields: { field: string; message: string }[]) =>
  new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields })

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
  const plain = columns.map((c) => c.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase())
  const find = (field: keyof ContactImportMapping) => {
    const i = plain.findIndex((c) => GUESSES[field].test(c))
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
  const mail = email.trim().toLowerCase()
  return { name: cleanName, number: digits, email: mail.length <= 254 && EMAIL.test(mail) ? mail : '', tags: tagNamesOf(tags) }
}

/**
 * The tag names of an import's tags cell (spec part 2 §3 "Contact import row": tags): separated by
 * commas, semicolons or bars, trimmed, each once; names under the 3 characters a tag needs, or over its
 * 50, are left out rather than failing the row.
 */
export function tagNamesOf(cell: string | undefined): string[] {
  if (!cell) return []
  const seen = new Set<string>()
  const names: string[] = []
  for (const raw of cell.split(/[,;|]/)) {
    const name = raw.trim().replace(/\s+/g, ' ')
    if (name.length < 3 || name.length > 50 || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    names.push(name)
  }
  return names
}
