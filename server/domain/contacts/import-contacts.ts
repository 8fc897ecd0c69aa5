import type { Tx } from '../../db/connect.ts'
import type { DomainCtx } from '../context.ts'
import { parseContactFile } from './contact-file.ts'
import { prepareRow, resolveMapping, type ContactImportMapping, type PreparedRow } from './contact-import-rows.ts'
import { contactNumberFor } from './contact-number.ts'
import { findContactView, hidesNumbers, maskContact, type ContactView } from './contact-view.ts'
import { emitted } from './save-contact.ts'

export interface ImportContactRowInput {
  name: string
  number: string
  email?: string
  /** Accepted for the anchor's client; the WhatsApp check itself needs the channel host (docs/decisions.md). */
  validateContact?: boolean
}

export interface ImportedContact {
  status: 'created' | 'duplicated'
  contact: ContactView
}

export interface ContactImportResult {
  created: number
  duplicated: number
  invalid: number
  /** Rows without a name or a number (spec: ignored). */
  ignored: number
  /** Data rows in the file: created + duplicated + invalid + ignored. */
  total: number
}

export interface UploadedFile {
  name: string
  bytes: Uint8Array
}

/** Rows per insert statement: 5 parameters each, far below Postgres's 65,535. */
const CHUNK = 500

/**
 * POST /contactsImport (spec part 2 §7): one row of the import page. The number is normalised as for
 * POST /contacts (400 `number: Invalid number` when implausible); a number the company already has is
 * answered as that contact, unchanged, with status 'duplicated'.
 */
export async function importContactRow(ctx: DomainCtx, input: ImportContactRowInput): Promise<ImportedContact> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  const number = contactNumberFor('whatsapp', false, input.number)
  const [created] = await insertContacts(tx, companyId, [{ name: input.name, number, email: input.email ?? '' }])
  if (created) return { status: 'created', contact: await emitted(ctx, 'create', created.id) }
  const [existing] = await tx<{ id: number }[]>`
    select id from contacts where company_id = ${companyId} and channel = 'whatsapp' and number = ${number}`
  const contact = (await findContactView(tx, companyId, existing.id))!
  return { status: 'duplicated', contact: maskContact(contact, await hidesNumbers(tx, auth)) }
}

/**
 * POST /contacts/upload (spec part 2 §5 Contact import, §7): reads the file, maps its columns and
 * imports every row in the request's transaction. Rows without a name or number are ignored, numbers
 * already in the company (or earlier in the file) count as duplicated, implausible ones as invalid;
 * no row fails the request. One `contact` event with the counts, not one per row.
 */
export async function importContactFile(ctx: DomainCtx, file: UploadedFile, mapping: ContactImportMapping): Promise<ContactImportResult> {
  const { columns, rows } = parseContactFile(file.name, file.bytes)
  const at = resolveMapping(columns, mapping)
  const result: ContactImportResult = { created: 0, duplicated: 0, invalid: 0, ignored: 0, total: rows.length }
  const fresh: PreparedRow[] = []
  const seen = new Set<string>()
  for (const row of rows) {
    const prepared = prepareRow(row[at.name], row[at.number], at.email === undefined ? '' : row[at.email])
    if (prepared === 'ignored' || prepared === 'invalid') result[prepared]++
    else if (seen.has(prepared.number)) result.duplicated++
    else {
      seen.add(prepared.number)
      fresh.push(prepared)
    }
  }
  const companyId = ctx.auth.user.companyId
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK)
    const inserted = await insertContacts(ctx.tx, companyId, chunk)
    result.created += inserted.length
    result.duplicated += chunk.length - inserted.length
  }
  if (result.created) ctx.emit({ type: 'contact', companyId, payload: { action: 'import', ...result } })
  return result
}

/** Inserts WhatsApp contacts, skipping numbers the company has (contacts_number_idx); answers the new ones. */
async function insertContacts(tx: Tx, companyId: number, rows: PreparedRow[]) {
  const values = rows.map((r) => ({ companyId, name: r.name, number: r.number, email: r.email, channel: 'whatsapp' }))
  return tx<{ id: number; number: string }[]>`
    insert into contacts ${tx(values)}
    on conflict (company_id, channel, number) where number <> '' do nothing
    returning id, number`
}
