import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '../../db/tenant.ts'
import type { Tx } from '../../db/connect.ts'
import { withSystem } from '../../db/tenant.ts'
import type { MediaStore } from '../../media/media-store.ts'
import { MAIN_COMPANY_ID } from '../auth/auth-context.ts'
import { logoSettingKeys } from '../settings/save-setting.ts'

/**
 * Every column that names a stored file. `sweep-orphan-media.test.ts` checks this list against the schema,
 * so a new file column cannot be forgotten here (its files would be swept).
 */
export const FILE_COLUMNS = [
  ['messages', 'media_path'],
  ['quick_messages', 'media_path'],
  ['auto_replies', 'media_path'],
  ['schedules', 'media_path'],
  ['campaigns', 'media_path'],
  ['chat_messages', 'media_path'],
  ['announcements', 'media_path'],
  ['users', 'profile_image'],
  ['whatsapps', 'greeting_media_attachment'],
  ['file_options', 'path'],
] as const

/** Long enough that a file being written by a request or an inbound message, not yet committed, is never taken. */
export const ORPHAN_GRACE_MS = 24 * 3600_000

/**
 * Removes the media files no row names, older than the grace period (issue 16 item 2): what a crash between
 * the write and the commit, or a message deleted outside the app, leaves behind. Returns how many went.
 */
export async function sweepOrphanMedia(db: Db, media: MediaStore, now: Date, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const companies = await readdir(media.root).catch(() => [] as string[])
  let removed = 0
  for (const dir of companies) {
    if (!/^\d+$/.test(dir)) continue
    const companyId = Number(dir)
    const names = await readdir(join(media.root, dir)).catch(() => [] as string[])
    const old: string[] = []
    for (const name of names) {
      const path = media.pathOf(companyId, name)
      const info = path ? await stat(path).catch(() => null) : null
      if (info?.isFile() && now.getTime() - info.mtimeMs > graceMs) old.push(name)
    }
    if (!old.length) continue
    const named = await withSystem(db, (tx) => namedFiles(tx, companyId, old))
    for (const name of old) {
      if (named.has(name)) continue
      await media.remove(companyId, name)
      removed++
    }
  }
  return removed
}

/**
 * Which of these file names a row of the company still names. Also asked before an erased message's file is
 * removed: a flow's or a campaign's file is shared by every message that sent it.
 */
export async function namedFiles(tx: Tx, companyId: number, candidates: string[]): Promise<Set<string>> {
  if (!candidates.length) return new Set()
  const named = new Set<string>()
  for (const [table, column] of FILE_COLUMNS) {
    const rows = await tx<{ name: string }[]>`
      select ${tx(column)} as name from ${tx(table)} where company_id = ${companyId} and ${tx(column)} = any(${candidates}::text[])`
    for (const r of rows) named.add(r.name)
  }
  // Flow media are named inside the graph (a block's url, a content block element's value), not by a column.
  const inFlows = await tx<{ name: string }[]>`
    select m.name from flows f
     cross join lateral (
       select jsonb_path_query(f.flow, 'lax $.nodes[*].data.url') #>> '{}' as name
       union all
       select jsonb_path_query(f.flow, 'lax $.nodes[*].data.elements[*].value') #>> '{}'
     ) m
     where f.company_id = ${companyId} and m.name = any(${candidates}::text[])`
  for (const r of inFlows) named.add(r.name)
  if (companyId === MAIN_COMPANY_ID) {
    const logos = await tx<{ name: string }[]>`select value as name from settings where key in ${tx([...logoSettingKeys])}`
    for (const r of logos) named.add(r.name)
  }
  return named
}
