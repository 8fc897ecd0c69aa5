import type { Db } from '../../server/db/tenant.ts'
import { withTenant } from '../../server/db/tenant.ts'
import type { ChannelDriver, PeerIdentity } from '../channels/types.ts'
import type { ConnectionRef } from './types.ts'

/** A contact's picture is asked of the channel at most this often (per channel host process). */
export const PICTURE_TTL_MS = 24 * 60 * 60 * 1000
/** Contacts remembered as checked; past this the oldest half is forgotten (and may be asked again). */
const MAX_REMEMBERED = 50_000

interface ContactRow {
  id: number
  number: string
  lid: string | null
  urlPicture: string | null
  isGroup: boolean
}

/**
 * Keeps contacts' profile pictures fresh: after a contact writes, the channel host asks the driver for
 * the picture (Baileys profilePictureUrl, Meta's profile), at most once a day per contact, and stores it
 * when it changed. Runs beside the pipeline, never in its way: a slow or failing lookup delays no
 * message. No answer (no picture, or privacy hides it) keeps the picture we have.
 */
export class PictureRefresher {
  private readonly checked = new Map<number, number>()

  constructor(
    private readonly deps: { db: Db; now: () => Date },
    private readonly ttlMs = PICTURE_TTL_MS,
  ) {}

  async afterMessage(connection: ConnectionRef, driver: ChannelDriver, ticketId: number): Promise<boolean> {
    if (!driver.profilePicture) return false
    const inCompany = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(this.deps.db, { companyId: connection.companyId }, fn)
    const [contact] = await inCompany((tx) => tx<ContactRow[]>`
      select c.id, c.number, c.lid, c.url_picture, c.is_group from tickets t join contacts c on c.id = t.contact_id where t.id = ${ticketId}`)
    if (!contact || contact.isGroup || (!contact.number && !contact.lid)) return false
    const now = this.deps.now().getTime()
    const last = this.checked.get(contact.id)
    if (last !== undefined && now - last < this.ttlMs) return false
    this.remember(contact.id, now)
    const peer: PeerIdentity = { number: contact.number || undefined, lid: contact.lid ?? undefined }
    const url = await driver.profilePicture(peer)
    if (!url || url === contact.urlPicture) return false
    await inCompany((tx) => tx`update contacts set url_picture = ${url} where id = ${contact.id}`)
    return true
  }

  private remember(contactId: number, at: number) {
    this.checked.delete(contactId)
    this.checked.set(contactId, at)
    if (this.checked.size <= MAX_REMEMBERED) return
    // Maps keep insertion order, and remember() re-inserts: the first keys are the least recently checked.
    let drop = this.checked.size / 2
    for (const key of this.checked.keys()) {
      if (drop-- <= 0) break
      this.checked.delete(key)
    }
  }
}
