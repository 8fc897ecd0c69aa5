import type { Tx } from '../../db/connect.ts'
import type { DomainCtx } from '../context.ts'
import { parseContactFile } from './contact-file.ts'
import { prepareRow, resolveMapping, type ContactImportMapping, type PreparedRow } from './contact-import-rows.ts'
import { contactNumberFor } from './contact-number.ts'
import { findContactView, hidesNumbers, maskContact, type ContactView } from './contact-view.ts'
import { emitted } from './save-contact.ts'
import { AppError } from '../app-error.ts'
import { addContactTags, tagIdsByName } from './contact-import-tags.ts'
import { checkOnWhatsApp, type NumberChecker } from './number-check.ts'

export interface ImportContactRowInput {
  name: string
  number: string
  email?: string
  /** Tag names (found or created); only a new contact takes them. */
  tags?: string[]
  /** Ask WhatsApp first: a number without an account is refused (ERR_WAPP_INVALID_CONTACT). */
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
 * answered as that contact, unchanged, with status 'duplicated', without asking WhatsApp. With
 * validateContact a new number is first checked through one of the company's WhatsApp sessions
 * (number-check.ts); the number WhatsApp answers, when it differs (the ninth digit), is kept for sends.
 */
export async function importContactRow(ctx: DomainCtx, input: ImportContactRowInput, numbers?: NumberChecker): Promise<ImportedContact> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  const number = contactNumberFor('whatsapp', false, input.number)
  const [existing] = await tx<{ id: number }[]>`
    select id from contacts where company_id = ${companyId} and channel = 'whatsapp' and number = ${number}`
  if (existing) return duplicated(ctx, existing.id)
  const waNumber = input.validateContact ? await checkOnWhatsApp(numbers, companyId, number) : number
  const [created] = await insertContacts(tx, companyId, [{ name: input.name, number, email: input.email ?? '', tags: [] }])
  // A concurrent import took the number meanwhile.
  if (!created) return importContactRow(ctx, { ...input, validateContact: false })
  if (waNumber !== number) {
    await tx`insert into contact_wa_numbers (contact_id, company_id, wa_number) values (${created.id}, ${companyId}, ${waNumber})`
  }
  const tagIds = await tagIdsByName(ctx, input.tags ?? [])
  await addContactTags(tx, companyId, [...tagIds.values()].map((tagId) => ({ contactId: created.id, tagId })))
  return { status: 'created', contact: await emitted(ctx, 'create', created.id) }
}

async function duplicated(ctx: DomainCtx, contactId: number): Promise<ImportedContact> {
  const contact = (await findContactView(ctx.tx, ctx.auth.user.companyId, contactId))!
  return { status: 'duplicated', contact: maskContact(contact, await hidesNumbers(ctx.tx, ctx.auth)) }
}

/**
 * POST /contacts/upload (spec part 2 §5 Contact import, §7): reads the file, maps its columns and
 * imports the chosen rows (`rows`: indexes of data rows; all when absent) in the request's transaction.
 * Rows without a name or number are ignored, numbers already in the company (or earlier in the file)
 * count as duplicated, implausible ones as invalid; no row fails the request. A tags column puts its
 * tags (found or created) on the new contacts. One `contact` event with the counts, not one per row.
 */
export async function importContactFile(
  ctx: DomainCtx,
  file: UploadedFile,
  mapping: ContactImportMapping,
  chosen?: number[],
): Promise<ContactImportResult> {
  const { columns, rows: all } = parseContactFile(file.name, file.bytes)
  const at = resolveMapping(columns, mapping)
  const rows = chosenRows(all, chosen)
  const result: ContactImportResult = { created: 0, duplicated: 0, invalid: 0, ignored: 0, total: rows.length }
  const fresh: PreparedRow[] = []
  const seen = new Set<string>()
  const cell = (row: string[], index: number | undefined) => (index === undefined ? '' : (row[index] ?? ''))
  for (const row of rows) {
    const prepared = prepareRow(row[at.name], row[at.number], cell(row, at.email), cell(row, at.tags))
    if (prepared === 'ignored' || prepared === 'invalid') result[prepared]++
    else if (seen.has(prepared.number)) result.duplicated++
    else {
      seen.add(prepared.number)
      fresh.push(prepared)
    }
  }
  const companyId = ctx.auth.user.companyId
  const tagIds = await tagIdsByName(ctx, fresh.flatMap((r) => r.tags))
  const tagsOf = new Map(fresh.map((r) => [r.number, r.tags]))
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK)
    const inserted = await insertContacts(ctx.tx, companyId, chunk)
    result.created += inserted.length
    result.duplicated += chunk.length - inserted.length
    const pairs = inserted.flatMap((c) => (tagsOf.get(c.number) ?? []).map((name) => ({ contactId: c.id, tagId: tagIds.get(name.toLowerCase())! })))
    await addContactTags(ctx.tx, companyId, pairs)
  }
  if (result.created) ctx.emit({ type: 'contact', companyId, payload: { action: 'import', ...result } })
  return result
}

/** The data rows the user chose on the import page, each once; an index the file lacks is refused. */
function chosenRows(rows: string[][], chosen: number[] | undefined): string[][] {
  if (!chosen) return rows
  const unknown = chosen.find((i) => i >= rows.length)
  if (unknown !== undefined) {
    throw new AppError('ERR_VALIDATION', `rows: Row ${unknown} is not in the file`, { fields: [{ field: 'rows', message: 'Unknown row' }] })
  }
  return [...new Set(chosen)].sort((a, b) => a - b).map((i) => rows[i])
}

/** Inserts WhatsApp contacts, skipping numbers the company has (contacts_number_idx); answers the new ones. */
async function insertContacts(tx: Tx, companyId: number, rows: PreparedRow[]) {
  const values = rows.map((r) => ({ companyId, name: r.name, number: r.number, email: r.email, channel: 'whatsapp' }))
  return tx<{ id: number; number: string }[]>`
    insert into contacts ${tx(values)}
    on conflict (company_id, channel, number) where number <> '' do nothing
    returning id, number`
}
