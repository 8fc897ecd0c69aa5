import { jidDecode } from 'baileys'
import type { PeerIdentity } from '../types.ts'

/** The user part of a jid without device or agent suffix ("5511…:3@s.whatsapp.net" → "5511…"). */
export function jidUser(jid: string | null | undefined): string | undefined {
  if (!jid) return undefined
  return jidDecode(jid)?.user || undefined
}

export const isLidJid = (jid: string | null | undefined) => !!jid && jid.endsWith('@lid')
export const isPhoneJid = (jid: string | null | undefined) => !!jid && (jid.endsWith('@s.whatsapp.net') || jid.endsWith('@c.us'))
export const isGroupJid = (jid: string | null | undefined) => !!jid && jid.endsWith('@g.us')

/** Chats we never turn into tickets: statuses, broadcast lists, channels (newsletters). */
export function isIgnoredJid(jid: string | null | undefined): boolean {
  if (!jid) return true
  return jid === 'status@broadcast' || jid.endsWith('@broadcast') || jid.endsWith('@newsletter')
}

export const digitsOnly = (value: string) => value.replace(/\D/g, '')

/**
 * A person from a jid and its alternate (Baileys 7 gives the phone jid beside a LID and vice versa):
 * fills whichever of lid/number each jid carries. Numbers are digits only.
 */
export function peerFromJids(jid: string | null | undefined, alt?: string | null, name?: string | null): PeerIdentity {
  const peer: PeerIdentity = {}
  for (const candidate of [jid, alt]) {
    const user = jidUser(candidate)
    if (!user) continue
    if (isLidJid(candidate)) peer.lid ??= user
    else if (isPhoneJid(candidate)) peer.number ??= digitsOnly(user)
  }
  if (name) peer.name = name
  return peer
}

/**
 * The canonical 13-digit form of a Brazilian mobile (55 + DDD + 9 + 8 digits), whether it was given
 * with the ninth digit or without it, as WhatsApp still reports older numbers of DDDs 30 and up.
 * Landlines (subscriber starting 2-5) and other countries come back as given.
 */
export function normaliseBrazilNumber(digits: string): string {
  const d = digitsOnly(digits)
  if (!d.startsWith('55')) return d
  const ddd = d.slice(2, 4)
  if (!/^[1-9][1-9]$/.test(ddd)) return d
  const subscriber = d.slice(4)
  if (subscriber.length === 8 && /^[6-9]/.test(subscriber)) return `55${ddd}9${subscriber}`
  return d
}

/**
 * The jid to send to. A known LID goes first: it is what WhatsApp addresses LID-migrated chats by, and it
 * sidesteps the Brazilian ninth-digit ambiguity of phone jids.
 */
export function jidForPeer(to: PeerIdentity & { group?: string }): string {
  if (to.group) return to.group.includes('@') ? to.group : `${to.group}@g.us`
  if (to.lid) return `${to.lid}@lid`
  if (to.number) return `${digitsOnly(to.number)}@s.whatsapp.net`
  throw new Error('peer has neither a lid nor a number')
}

/**
 * The forms a Brazilian mobile number may be registered under on WhatsApp: as given, and with the ninth
 * digit added or removed (55 + area code + 9 + 8 digits; accounts from before the ninth digit, common in
 * area codes 31 and up, have only 8). Any other number has just its own form.
 */
export function brazilianVariants(number: string): string[] {
  const n = digitsOnly(number)
  const m = /^55(\d{2})(\d{8,9})$/.exec(n)
  if (!m) return [n]
  const [, area, rest] = m
  if (rest.length === 9 && rest.startsWith('9')) return [n, `55${area}${rest.slice(1)}`]
  if (rest.length === 8 && /^[6-9]/.test(rest)) return [n, `55${area}9${rest}`]
  return [n]
}
