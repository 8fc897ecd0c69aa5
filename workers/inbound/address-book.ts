import { storedNumber } from '../../server/domain/contacts/resolve-contact.ts'
import type { AddressBookEntry } from '../channels/types.ts'
import type { ConnectionRef, InCompany } from './types.ts'

/**
 * Keeps the connection's copy of the phone's address book and chat list (channel_address_book): one row
 * per person, flagged by where the phone listed them; a later name replaces an earlier one, an empty
 * name never does. Numbers are stored normalised, as contacts keep them (ninth digit included).
 */
export async function storeAddressBook(inCompany: InCompany, connection: ConnectionRef, entries: AddressBookEntry[]): Promise<number> {
  // Keyed as the table is, in its column names (jsonb_to_recordset below reads them as they are).
  const rows = new Map<string, { key: string; number: string | null; lid: string | null; name: string; in_contacts: boolean; in_chats: boolean }>()
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
  if (!rows.size) return 0
  await inCompany((tx) => tx`
    insert into channel_address_book (company_id, whatsapp_id, key, number, lid, name, in_contacts, in_chats)
    select ${connection.companyId}, ${connection.id}, r.key, r.number, r.lid, r.name, r.in_contacts, r.in_chats
      from jsonb_to_recordset(${tx.json([...rows.values()] as never)})
           as r(key text, number text, lid text, name text, in_contacts boolean, in_chats boolean)
    on conflict (whatsapp_id, key) do update set
      lid = coalesce(excluded.lid, channel_address_book.lid),
      name = case when excluded.name <> '' then excluded.name else channel_address_book.name end,
      in_contacts = channel_address_book.in_contacts or excluded.in_contacts,
      in_chats = channel_address_book.in_chats or excluded.in_chats,
      updated_at = now()`)
  return rows.size
}
