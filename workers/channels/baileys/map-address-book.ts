import type { BaileysEventMap, Chat, Contact } from 'baileys'
import type { AddressBookEntry, ChannelEvent } from '../types.ts'
import { isGroupJid, isIgnoredJid, peerFromJids } from './jid.ts'

/**
 * What the phone knows of people, for POST /contacts/import and /contacts/import/chats: its address book
 * (contacts.upsert/update and the contacts of a history sync) and its chat list (chats.upsert and the
 * chats of a history sync). Groups, broadcasts and channels are left out; so is an entry with neither a
 * number nor a LID. One event per batch, or none.
 */
export function mapAddressBook(events: Partial<BaileysEventMap>): ChannelEvent[] {
  const entries: AddressBookEntry[] = []
  const history = events['messaging-history.set']
  for (const c of [...(events['contacts.upsert'] ?? []), ...(events['contacts.update'] ?? []), ...(history?.contacts ?? [])]) {
    const entry = fromContact(c)
    if (entry) entries.push(entry)
  }
  for (const chat of [...(events['chats.upsert'] ?? []), ...(history?.chats ?? [])]) {
    const entry = fromChat(chat)
    if (entry) entries.push(entry)
  }
  return entries.length ? [{ kind: 'addressBook', entries }] : []
}

function fromContact(c: Partial<Contact>): AddressBookEntry | null {
  if (!c.id || isGroupJid(c.id) || isIgnoredJid(c.id)) return null
  const peer = peerFromJids(c.id, c.phoneNumber ?? c.lid)
  if (!peer.number && !peer.lid) return null
  // The name saved on the phone first, then the one the person chose, then the business name.
  const name = c.name || c.notify || c.verifiedName || undefined
  return { ...peer, name, source: 'contacts' }
}

function fromChat(chat: Partial<Chat>): AddressBookEntry | null {
  if (!chat.id || isGroupJid(chat.id) || isIgnoredJid(chat.id)) return null
  const peer = peerFromJids(chat.id, chat.pnJid ?? chat.lidJid)
  if (!peer.number && !peer.lid) return null
  return { ...peer, name: chat.name || chat.displayName || undefined, source: 'chats' }
}
