import type { Tx } from '../../db/connect.ts'
import type { MediaStore } from '../../media/media-store.ts'
import { namedFiles } from '../media/sweep-orphan-media.ts'

/**
 * lgpdDeleteMessage (company setting, spec part 2): with it on, a message deleted for everyone (by us or
 * by the contact) keeps only its place in the history: its text, media, contact card and channel payload
 * are erased in the row, so every synced copy loses them with the next change, and the ticket's preview
 * no longer quotes it. Without the setting the row keeps its content, marked deleted, as before.
 * Answers the media files to remove, once the caller's transaction has committed.
 */
export async function eraseIfLgpd(tx: Tx, companyId: number, messageIds: number[]): Promise<string[]> {
  if (messageIds.length === 0) return []
  const [setting] = await tx<{ on: boolean }[]>`
    select coalesce((select lgpd_delete_message = 'enabled' from company_settings where company_id = ${companyId}), false) as on`
  if (!setting.on) return []
  const erased = await tx<{ ticketId: number; body: string; mediaPath: string | null }[]>`
    with old as (select id, ticket_id, body, media_path from messages where id = any(${messageIds}::bigint[]) and company_id = ${companyId} for update)
    update messages m set body = '', media_url = null, media_path = null, media_name = null, v_card = null, data_json = null
      from old where m.id = old.id
    returning old.ticket_id, old.body, old.media_path`
  for (const e of erased) {
    if (e.body) await tx`update tickets set last_message = '' where id = ${e.ticketId} and last_message = ${e.body.slice(0, 255)}`
  }
  const paths = [...new Set(erased.map((e) => e.mediaPath).filter((p): p is string => !!p))]
  // A flow's or a campaign's file went out in many messages: it stays while anything still names it.
  const kept = await namedFiles(tx, companyId, paths)
  return paths.filter((p) => !kept.has(p))
}

/** Removes the erased messages' files; a file already gone is fine. */
export async function removeErasedMedia(media: MediaStore, companyId: number, paths: string[]): Promise<void> {
  for (const p of paths) await media.remove(companyId, p)
}
