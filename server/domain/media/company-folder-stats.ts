import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import type { MediaStore } from '../../media/media-store.ts'

export interface FolderStats {
  size: number
  files: number
  lastUpdate: Date | null
}

/** Bytes, file count and newest modification of one company's media folder (a missing folder is empty). */
export async function folderStats(dir: string): Promise<FolderStats> {
  const names = await readdir(dir).catch(() => [] as string[])
  const out: FolderStats = { size: 0, files: 0, lastUpdate: null }
  for (const name of names) {
    const s = await stat(join(dir, name)).catch(() => null)
    if (!s?.isFile()) continue
    out.size += s.size
    out.files += 1
    if (!out.lastUpdate || s.mtime > out.lastUpdate) out.lastUpdate = s.mtime
  }
  return out
}

/**
 * The companies page's folder size, file count and last folder update (spec part 2 §2, issue 19),
 * read from each company's media folder; a row is written only when its figures changed. Returns how
 * many companies changed.
 */
export async function refreshCompanyFolderStats(db: Db, media: MediaStore): Promise<number> {
  const companies = await withSystem(db, (tx) => tx<{ id: number; folderSize: string; numberFileFolder: number; updatedAtFolder: Date | null }[]>`
    select id, folder_size, number_file_folder, updated_at_folder from companies order by id`)
  let changed = 0
  for (const c of companies) {
    const s = await folderStats(join(media.root, String(c.id)))
    const same = Number(c.folderSize) === s.size && c.numberFileFolder === s.files && (c.updatedAtFolder?.getTime() ?? null) === (s.lastUpdate?.getTime() ?? null)
    if (same) continue
    await withSystem(db, (tx) => tx`update companies set folder_size = ${s.size}, number_file_folder = ${s.files}, updated_at_folder = ${s.lastUpdate} where id = ${c.id}`)
    changed++
  }
  return changed
}
