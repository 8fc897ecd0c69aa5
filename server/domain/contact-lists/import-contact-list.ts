import type { Tx } from '../../db/connect.ts'
import { CONTACT_LIST_FILE_EXTENSIONS, type ContactListImportResult } from '../../routes/contact-lists.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { parseContactFile } from '../contacts/contact-file.ts'
import { prepareRow, resolveMapping, type PreparedRow } from '../contacts/contact-import-rows.ts'
import type { UploadedFile } from '../contacts/import-contacts.ts'
import type { NumberChecker } from '../contacts/number-check.ts'
import { emitContactListImport } from './contact-list-item-view.ts'
import { emitContactListCount, showContactList } from './contact-list-view.ts'
import { checkValidity } from './whatsapp-validity.ts'

/** Rows per insert statement: 6 parameters each, far below Postgres's 65,535. */
const CHUNK = 500
/** The form's limit for an item's name (spec part 2 §5); a longer cell is cut, not refused. */
const NAME_MAX = 50

/**
 * POST /contact-lists/{id}/upload (spec part 2 §5, §7): the first sheet of an .xls/.xlsx file, read by
 * the contact import's reader, its columns found by their names as the contact import guesses them
 * (name/nome, number/numero/telefone, email). Rows without a name or a number, or with a number that is
 * no plausible phone, are skipped; numbers are normalised as contacts' are; a number the list has (or
 * that came earlier in the file) is counted as duplicated (ON CONFLICT DO NOTHING). The new numbers are
 * checked on WhatsApp before anything is written, and all of it happens in the request's transaction:
 * a refused file writes nothing. One import event, not one per row.
 */
export async function importContactListFile(
  ctx: DomainCtx,
  contactListId: number,
  file: UploadedFile,
  numbers?: NumberChecker,
): Promise<ContactListImportResult> {
  await showContactList(ctx, contactListId)
  assertSpreadsheet(file.name)
  const { columns, rows } = parseContactFile(file.name, file.bytes)
  const at = resolveMapping(columns, {})
  const result: ContactListImportResult = { created: 0, duplicated: 0, skipped: 0, total: rows.length }
  const fresh = new Map<string, PreparedRow>()
  for (const row of rows) {
    const prepared = prepareRow(row[at.name], row[at.number], at.email === undefined ? '' : row[at.email])
    if (prepared === 'ignored' || prepared === 'invalid') result.skipped++
    else if (fresh.has(prepared.number)) result.duplicated++
    else fresh.set(prepared.number, { ...prepared, name: prepared.name.slice(0, NAME_MAX) })
  }
  const companyId = ctx.auth.user.companyId
  const known = await numbersInList(ctx.tx, contactListId, [...fresh.keys()])
  for (const n of known) fresh.delete(n)
  result.duplicated += known.length
  const validity = await checkValidity(ctx.tx, companyId, [...fresh.keys()], numbers)
  const items = [...fresh.values()].map((r) => ({
    companyId, contactListId, name: r.name, number: r.number, email: r.email, isWhatsappValid: validity.get(r.number) ?? false,
  }))
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK)
    const inserted = await ctx.tx`
      insert into contact_list_items ${ctx.tx(chunk)} on conflict (contact_list_id, number) do nothing returning id`
    result.created += inserted.length
    result.duplicated += chunk.length - inserted.length
  }
  if (result.created) {
    emitContactListImport(ctx, contactListId, result.created)
    await emitContactListCount(ctx, contactListId)
  }
  return result
}

/** Spec part 2 §5: the contact-list import accepts .xls/.xlsx (the contact import also takes csv and txt). */
function assertSpreadsheet(fileName: string): void {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  if (!(CONTACT_LIST_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new AppError('ERR_INVALID_FILE_TYPE', `Invalid contact list file: .${ext} is not accepted`, { accepted: [...CONTACT_LIST_FILE_EXTENSIONS] })
  }
}

async function numbersInList(tx: Tx, contactListId: number, numbers: string[]): Promise<string[]> {
  if (!numbers.length) return []
  const rows = await tx<{ number: string }[]>`
    select number from contact_list_items where contact_list_id = ${contactListId} and number = any(${numbers}::text[])`
  return rows.map((r) => r.number)
}
