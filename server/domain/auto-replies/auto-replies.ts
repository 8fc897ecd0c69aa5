import type { MediaStore } from '../../media/media-store.ts'
import type { AutoReplyInput } from '../../routes/auto-replies.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'

/** An auto reply as the API answers it (spec part 2 §3 "Auto reply"). */
export interface AutoReplyView {
  id: number
  keyword: string
  condition: string
  response: string
  mediaPath: string | null
  mediaName: string | null
  createdAt: Date
  updatedAt: Date
}

const COLUMNS = 'id, keyword, condition, response, media_path, media_name, created_at, updated_at'

/** GET /auto-replies (the page's load-more): 20 a page by keyword, searched in lowercase. */
export async function listAutoReplies(ctx: DomainCtx, q: { searchParam: string; pageNumber: number }): Promise<{ autoReplies: AutoReplyView[]; hasMore: boolean }> {
  const page = pageOf(q.pageNumber)
  const rows = await ctx.tx<AutoReplyView[]>`
    select ${ctx.tx.unsafe(COLUMNS)} from auto_replies
     where company_id = ${ctx.auth.user.companyId} and lower(keyword) like ${likePattern(q.searchParam)}
     order by lower(keyword), id limit ${page.limit + 1} offset ${page.offset}`
  const { records, hasMore } = splitPage(rows, page)
  return { autoReplies: records, hasMore }
}

export async function showAutoReply(ctx: DomainCtx, id: number): Promise<AutoReplyView> {
  const [row] = await ctx.tx<AutoReplyView[]>`select ${ctx.tx.unsafe(COLUMNS)} from auto_replies where id = ${id} and company_id = ${ctx.auth.user.companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No auto reply ${id}`)
  return row
}

/**
 * Tells the company's admins, so another admin's open /auto-replies page follows (company-{id}-autoReply
 * {action, autoReply | autoReplyId}; the spec names no event for them: docs/decisions.md "Auto-replies").
 */
function emitted(ctx: DomainCtx, action: 'create' | 'update', autoReply: AutoReplyView): AutoReplyView {
  ctx.emit({ type: 'autoReply', companyId: ctx.auth.user.companyId, payload: { action, autoReply } })
  return autoReply
}

export async function createAutoReply(ctx: DomainCtx, input: AutoReplyInput): Promise<AutoReplyView> {
  const [row] = await ctx.tx<AutoReplyView[]>`
    insert into auto_replies ${ctx.tx({ companyId: ctx.auth.user.companyId, ...input })} returning ${ctx.tx.unsafe(COLUMNS)}`
  return emitted(ctx, 'create', row)
}

export async function updateAutoReply(ctx: DomainCtx, id: number, input: AutoReplyInput): Promise<AutoReplyView> {
  await showAutoReply(ctx, id)
  const [row] = await ctx.tx<AutoReplyView[]>`update auto_replies set ${ctx.tx(input)} where id = ${id} returning ${ctx.tx.unsafe(COLUMNS)}`
  return emitted(ctx, 'update', row)
}

/** DELETE /auto-replies/{id}: its file goes too, once the request succeeds. */
export async function deleteAutoReply(ctx: DomainCtx, media: MediaStore, id: number): Promise<void> {
  const current = await showAutoReply(ctx, id)
  await ctx.tx`delete from auto_replies where id = ${id}`
  await media.remove(ctx.auth.user.companyId, current.mediaPath)
  ctx.emit({ type: 'autoReply', companyId: ctx.auth.user.companyId, payload: { action: 'delete', autoReplyId: id } })
}

/** POST /auto-replies/{id}/media-upload (a file) and DELETE (null): the old file goes once the request succeeds. */
export async function setAutoReplyMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File | null): Promise<AutoReplyView> {
  const current = await showAutoReply(ctx, id)
  const stored = file ? await media.save(ctx.auth.user.companyId, file, 'media') : null
  const [row] = await ctx.tx<AutoReplyView[]>`
    update auto_replies set media_path = ${stored?.fileName ?? null}, media_name = ${stored?.originalName ?? null}
     where id = ${id} returning ${ctx.tx.unsafe(COLUMNS)}`
  await media.remove(ctx.auth.user.companyId, current.mediaPath)
  return emitted(ctx, 'update', row)
}
