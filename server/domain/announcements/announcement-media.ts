import type { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { announcementColumns, emitAnnouncement, type Announcement } from './announcements.ts'

/**
 * POST /announcements/{id}/media-upload: super user only; png, jpg or jpeg (spec part 2 §5 Announcement),
 * checked by content too. Replaces the previous attachment and deletes its file.
 */
export async function setAnnouncementMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File): Promise<Announcement> {
  const current = await loadForUpdate(ctx, id)
  const stored = await media.save(current.companyId, file, 'announcement')
  const record = await saveMediaFields(ctx, id, stored.fileName, stored.originalName)
  await media.remove(current.companyId, current.mediaPath)
  emitAnnouncement(ctx, 'update', record)
  return record
}

/** DELETE /announcements/{id}/media-upload: super user only; clears the attachment and deletes the file. */
export async function removeAnnouncementMedia(ctx: DomainCtx, media: MediaStore, id: number): Promise<Announcement> {
  const current = await loadForUpdate(ctx, id)
  const record = await saveMediaFields(ctx, id, null, null)
  await media.remove(current.companyId, current.mediaPath)
  emitAnnouncement(ctx, 'update', record)
  return record
}

async function loadForUpdate(ctx: DomainCtx, id: number) {
  const [row] = await ctx.tx<{ companyId: number; mediaPath: string | null }[]>`
    select company_id, media_path from announcements where id = ${id} for update`
  if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND', `No announcement ${id}`)
  return row
}

async function saveMediaFields(ctx: DomainCtx, id: number, mediaPath: string | null, mediaName: string | null) {
  const [record] = await ctx.tx<Announcement[]>`
    update announcements set media_path = ${mediaPath}, media_name = ${mediaName}
     where id = ${id} returning ${announcementColumns(ctx.tx)}`
  return record
}
