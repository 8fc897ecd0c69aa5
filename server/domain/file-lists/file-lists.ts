import type { Queryable } from '../../db/connect.ts'
import type { MediaStore } from '../../media/media-store.ts'
import type { FileListInput } from '../../routes/files.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { namedFiles } from '../media/sweep-orphan-media.ts'

/** A file list as the API answers it (spec part 2 §3 "File list"): its options carry the stored file's name. */
export interface FileListView {
  id: number
  name: string
  message: string
  userId: number | null
  options: FileOptionView[]
  createdAt: Date
  updatedAt: Date
}

export interface FileOptionView {
  id: number
  name: string
  /** The stored file's name in the company's media folder ('' until a file is uploaded). */
  path: string
  mediaType: string
}

const VIEW = `f.id, f.name, f.message, f.user_id, f.created_at, f.updated_at,
  coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'path', o.path, 'mediaType', o.media_type) order by o.id)
              from file_options o where o.file_id = f.id), '[]') as options`

/** The company's file list, or 404 (another company's id reads as missing). */
export async function loadFileList(tx: Queryable, companyId: number, id: number): Promise<FileListView> {
  const [row] = await tx<FileListView[]>`select ${tx.unsafe(VIEW)} from files f where f.id = ${id} and f.company_id = ${companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No file list ${id}`)
  return row
}

/** GET /files/ (spec part 2 §7): 20 a page by name, searched in lowercase. */
export async function listFileLists(ctx: DomainCtx, q: { searchParam: string; pageNumber: number }): Promise<{ files: FileListView[]; hasMore: boolean }> {
  const page = pageOf(q.pageNumber)
  const rows = await ctx.tx<FileListView[]>`
    select ${ctx.tx.unsafe(VIEW)} from files f
     where f.company_id = ${ctx.auth.user.companyId} and lower(f.name) like ${likePattern(q.searchParam)}
     order by lower(f.name), f.id limit ${page.limit + 1} offset ${page.offset}`
  const { records, hasMore } = splitPage(rows, page)
  return { files: records, hasMore }
}

export const showFileList = (ctx: DomainCtx, id: number) => loadFileList(ctx.tx, ctx.auth.user.companyId, id)

/** POST /files: the list and its options (files come after, through uploadList); userId is the caller. */
export async function createFileList(ctx: DomainCtx, input: FileListInput): Promise<FileListView> {
  const companyId = ctx.auth.user.companyId
  if (input.options.some((o) => o.id !== undefined)) throw unknownOption()
  const [{ id }] = await ctx.tx<{ id: number }[]>`
    insert into files ${ctx.tx({ companyId, name: input.name, message: input.message, userId: ctx.auth.user.id })} returning id`
  for (const o of input.options) await ctx.tx`insert into file_options ${ctx.tx({ companyId, fileId: id, name: o.name })}`
  return emitted(ctx, 'create', await loadFileList(ctx.tx, companyId, id))
}

/** Tells the company's admins (spec part 2 §9 live events: company-{id}-file {action, fileList | fileId}). */
export function emitted(ctx: DomainCtx, action: 'create' | 'update', fileList: FileListView): FileListView {
  ctx.emit({ type: 'file', companyId: ctx.auth.user.companyId, payload: { action, fileList } })
  return fileList
}

/**
 * PUT /files/{id}: options with an id are renamed, new ones added, the ones left out removed with their
 * files (once the request succeeds: media.remove defers to the end of a successful request).
 */
export async function updateFileList(ctx: DomainCtx, media: MediaStore, id: number, input: FileListInput): Promise<FileListView> {
  const companyId = ctx.auth.user.companyId
  const current = await loadFileList(ctx.tx, companyId, id)
  const known = new Map(current.options.map((o) => [o.id, o]))
  if (input.options.some((o) => o.id !== undefined && !known.has(o.id))) throw unknownOption()
  await ctx.tx`update files set name = ${input.name}, message = ${input.message} where id = ${id}`
  const kept = new Set<number>()
  for (const o of input.options) {
    if (o.id === undefined) await ctx.tx`insert into file_options ${ctx.tx({ companyId, fileId: id, name: o.name })}`
    else {
      kept.add(o.id)
      await ctx.tx`update file_options set name = ${o.name} where id = ${o.id}`
    }
  }
  const gone = current.options.filter((o) => !kept.has(o.id))
  for (const o of gone) await ctx.tx`delete from file_options where id = ${o.id}`
  await removeUnnamed(ctx, media, gone.map((o) => o.path))
  return emitted(ctx, 'update', await loadFileList(ctx.tx, companyId, id))
}

/** DELETE /files/{id}: the options go with it (cascade) and their files; queues and options lose the reference (set null). */
export async function deleteFileList(ctx: DomainCtx, media: MediaStore, id: number): Promise<void> {
  const companyId = ctx.auth.user.companyId
  const current = await loadFileList(ctx.tx, companyId, id)
  await ctx.tx`delete from files where id = ${id}`
  await removeUnnamed(ctx, media, current.options.map((o) => o.path))
  ctx.emit({ type: 'file', companyId, payload: { action: 'delete', fileId: id } })
}

/** Removes the files no row names any more: the messages that sent a list's file keep it (they name it too). */
export async function removeUnnamed(ctx: DomainCtx, media: MediaStore, paths: string[]): Promise<void> {
  const candidates = paths.filter(Boolean)
  const named = await namedFiles(ctx.tx, ctx.auth.user.companyId, candidates)
  for (const path of candidates) if (!named.has(path)) await media.remove(ctx.auth.user.companyId, path)
}

const unknownOption = () =>
  new AppError('ERR_VALIDATION', 'options: Unknown record', { fields: [{ field: 'options', message: 'Unknown record' }] })
