import { messageMediaType, type MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { emitted, loadFileList, removeUnnamed, type FileListView } from './file-lists.ts'

/**
 * POST /files/uploadList/{fileId} (spec part 2 §7): multipart `files` with, in the same order, the `id` of the
 * option each file belongs to (the dialog sends one pair per attached file). Each option keeps its new file
 * and media type; the file it had goes once no row names it. A request that fails keeps no file on disk.
 */
export async function uploadList(ctx: DomainCtx, media: MediaStore, fileId: number, files: File[], optionIds: number[]): Promise<FileListView> {
  const companyId = ctx.auth.user.companyId
  const list = await loadFileList(ctx.tx, companyId, fileId)
  if (!files.length) throw fieldError('files', 'Required')
  if (optionIds.length !== files.length) throw fieldError('id', 'One option id per file')
  const byId = new Map(list.options.map((o) => [o.id, o]))
  if (optionIds.some((id) => !byId.has(id)) || new Set(optionIds).size !== optionIds.length) throw fieldError('id', 'Unknown record')
  const replaced: string[] = []
  for (const [i, file] of files.entries()) {
    const stored = await media.save(companyId, file, 'media')
    const option = byId.get(optionIds[i])!
    await ctx.tx`update file_options set path = ${stored.fileName}, media_type = ${messageMediaType(stored.mimeType)} where id = ${option.id}`
    if (option.path) replaced.push(option.path)
  }
  await removeUnnamed(ctx, media, replaced)
  return emitted(ctx, 'update', await loadFileList(ctx.tx, companyId, fileId))
}

const fieldError = (field: string, message: string) => new AppError('ERR_VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] })
