import type { Db } from '../../server/db/tenant.ts'
import { withTenant } from '../../server/db/tenant.ts'
import { storedNumber } from '../../server/domain/contacts/resolve-contact.ts'
import type { AddressBookEntry } from '../channels/types.ts'

/** One person of the phone's address book or chat list, keyed as channel_address_book is (its column names). */
interface BookRow {
  key: string
  number: string | null
  lid: string | null
  name: string
  in_contacts: boolean
  in_chats: boolean
}

/**
 * What the phones of the sessions held here have reported of people (issue 15 item 16): kept in this
 * worker's memory, never in the database, until an import asks for it (writeRequestedBook). One row per
 * person, flagged by where the phone listed them; a later name replaces an earlier one, an empty name
 * never does. Numbers are normalised as contacts keep them (ninth digit included). A restart or a
 * session moving to another worker starts an empty book: WhatsApp sends the address book mostly when the
 * phone is linked and as people change, so an import after a restart sees only what came since.
 */
export class AddressBooks {
  private readonly books = new Map<number, Map<string, BookRow>>()

  add(whatsappId: number, entries: AddressBookEntry[]): void {
    const rows = this.books.get(whatsappId) ?? new Map<string, BookRow>()
    for (const e of entries) {
      const number = storedNumber('whatsapp', e.number) || null
      const lid = e.lid ?? null
      const key = number ?? (lid ? `lid:${lid}` : null)
      if (!key) continue
      const row = rows.get(key) ?? { key, number, lid, name: '', in_contacts: false, in_chats: false }
      row.lid ??= lid
      if (e.name?.trim()) row.name = e.name.trim().slice(0, 250)
      if (e.source === 'contacts') row.in_contacts = true
      else row.in_chats = true
      rows.set(key, row)
    }
    if (rows.size) this.books.set(whatsappId, rows)
  }

  rows(whatsappId: number): BookRow[] {
    return [...(this.books.get(whatsappId)?.values() ?? [])]
  }

  forget(whatsappId: number): void {
    this.books.delete(whatsappId)
  }
}

/**
 * Answers an import's request for one connection's book: writes `rows` into channel_address_book and
 * marks the request read, in one transaction, only while a request is waiting (address_book_reads with
 * no read_at); with none (the import already ran, or nobody asked) nothing is stored. Returns how many
 * people were written, or null when nobody was asking.
 */
export async function writeRequestedBook(db: Db, connection: { id: number; companyId: number }, rows: BookRow[], now: Date): Promise<number | null> {
  return withTenant(db, { companyId: connection.companyId }, async (tx) => {
    const [asked] = await tx`select 1 from address_book_reads where whatsapp_id = ${connection.id} and read_at is null for update`
    if (!asked) return null
    if (rows.length) {
      await tx`
        insert into channel_address_book (company_id, whatsapp_id, key, number, lid, name, in_contacts, in_chats)
        select ${connection.companyId}, ${connection.id}, r.key, r.number, r.lid, r.name, r.in_contacts, r.in_chats
          from jsonb_to_recordset(${tx.json(rows as never)})
               as r(key text, number text, lid text, name text, in_contacts boolean, in_chats boolean)
        on conflict (whatsapp_id, key) do update set
          lid = coalesce(excluded.lid, channel_address_book.lid),
          name = case when excluded.name <> '' then excluded.name else channel_address_book.name end,
          in_contacts = channel_address_book.in_contacts or excluded.in_contacts,
          in_chats = channel_address_book.in_chats or excluded.in_chats,
          updated_at = now()`
    }
    await tx`update address_book_reads set read_at = ${now} where whatsapp_id = ${connection.id}`
    return rows.length
  })
}
