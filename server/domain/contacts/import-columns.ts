/**
 * The import's column and cell rules that need nothing else (no database, no phone library), so the
 * browser's import page imports them without growing the app's first download.
 */

/** Import columns a file may map (contact-import-rows.ts ContactImportMapping). */
type ImportColumn = 'name' | 'number' | 'email' | 'tags'

/** Header names recognised for each field (lowercase, without accents; plainColumnName): the server's guess when no mapping is sent, and the import page's first mapping. */
export const COLUMN_GUESSES: Record<ImportColumn, RegExp> = {
  name: /^(nome|name|nome completo|full name|contato|contact|cliente)$/,
  number: /^(numero|number|telefone|phone|celular|whatsapp|fone|tel|mobile|phone number)$/,
  email: /^(e-?mail|mail)$/,
  tags: /^(tags?|etiquetas?|marcadores?)$/,
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A column name as the guesses compare it: without accents, trimmed, lowercase. */
export const plainColumnName = (c: string) => c.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase()

/** An import cell's email: lowercase when valid, else '' (the contact is kept without it). */
export function importEmail(email: string): string {
  const mail = email.trim().toLowerCase()
  return mail.length <= 254 && EMAIL.test(mail) ? mail : ''
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
