import type { MediaStore } from '../../media/media-store.ts'
import type { ListQuickMessagesQuery, QuickMessageInput } from '../../routes/quick-messages.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { can } from '../permissions.ts'

export interface QuickMessageView {
  id: number
  shortcode: string
  message: string
  geral: boolean
  visao: boolean
  status: string | null
  userId: number | null
  mediaPath: string | null
  mediaName: string | null
}

const COLUMNS = 'id, shortcode, message, geral, visao, status, user_id, media_path, media_name'

/**
 * Which quick messages a user may use (docs/decisions.md "Quick messages"): the company's general ones,
 * their own, and others' they share (visao). The '/' menu of the chat reads the same set.
 */
const usableBy = (ctx: DomainCtx) => ctx.tx`(geral or user_id = ${ctx.auth.user.id} or visao)`

/** GET /quick-messages: a page of the usable ones, by shortcode or text (lowercase search). */
export async function listQuickMessages(ctx: DomainCtx, q: ListQuickMessagesQuery) {
  const page = pageOf(q.pageNumber, 20)
  const like = likePattern(q.searchParam.toLowerCase())
  const rows = await ctx.tx<QuickMessageView[]>`
    select ${ctx.tx.unsafe(COLUMNS)} from quick_messages
     where ${usableBy(ctx)} and (lower(shortcode) like ${like} or lower(message) like ${like})
     order by lower(shortcode), id limit ${page.limit + 1} offset ${page.offset}`
  const { records, hasMore } = splitPage(rows, page)
  return { records, hasMore }
}

/** GET /quick-messages/list: every usable one, for the chat's '/' menu. */
export async function listAllQuickMessages(ctx: DomainCtx): Promise<QuickMessageView[]> {
  return ctx.tx<QuickMessageView[]>`
    select ${ctx.tx.unsafe(COLUMNS)} from quick_messages where ${usableBy(ctx)} order by lower(shortcode), id`
}

export async function showQuickMessage(ctx: DomainCtx, id: number): Promise<QuickMessageView> {
  const [row] = await ctx.tx<QuickMessageView[]>`
    select ${ctx.tx.unsafe(COLUMNS)} from quick_messages where id = ${id} and ${usableBy(ctx)}`
  if (!row) throw new AppError('ERR_NOT_FOUND', 'Quick message not found')
  return row
}

/** General messages are the company's: only admins create or change them. */
function assertMayWrite(ctx: DomainCtx, geral: boolean, ownerId: number | null) {
  if (can(ctx.auth, 'admin')) return
  if (geral) throw new AppError('ERR_NO_PERMISSION', 'Only admins manage general quick messages')
  if (ownerId !== null && ownerId !== ctx.auth.user.id) {
    throw new AppError('ERR_NO_PERMISSION', 'A shared quick message of another user is read-only')
  }
}

export async function createQuickMessage(ctx: DomainCtx, input: QuickMessageInput): Promise<QuickMessageView> {
  assertMayWrite(ctx, input.geral, null)
  const [row] = await ctx.tx<QuickMessageView[]>`
    insert into quick_messages ${ctx.tx({ ...input, status: input.status ?? null, companyId: ctx.auth.user.companyId, userId: ctx.auth.user.id })}
    returning ${ctx.tx.unsafe(COLUMNS)}`
  return row
}

export async function updateQuickMessage(ctx: DomainCtx, id: number, input: QuickMessageInput): Promise<QuickMessageView> {
  const current = await showQuickMessage(ctx, id)
  assertMayWrite(ctx, current.geral || input.geral, current.userId)
  const [row] = await ctx.tx<QuickMessageView[]>`
    update quick_messages set ${ctx.tx({ ...input, status: input.status ?? null })} where id = ${id}
    returning ${ctx.tx.unsafe(COLUMNS)}`
  return row
}

export async function deleteQuickMessage(ctx: DomainCtx, media: MediaStore, id: number): Promise<void> {
  const current = await showQuickMessage(ctx, id)
  assertMayWrite(ctx, current.geral, current.userId)
  await ctx.tx`delete from quick_messages where id = ${id}`
  await media.remove(ctx.auth.user.companyId, current.mediaPath)
}

/** POST /quick-messages/{id}/media-upload: the attachment sent with the answer (replaces an earlier one). */
export async function setQuickMessageMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File | null): Promise<QuickMessageView> {
  const current = await showQuickMessage(ctx, id)
  assertMayWrite(ctx, current.geral, current.userId)
  const stored = file ? await media.save(ctx.auth.user.companyId, file, 'media') : null
  const [row] = await ctx.tx<QuickMessageView[]>`
    update quick_messages set media_path = ${stored?.fileName ?? null}, media_name = ${stored?.originalName ?? null}
     where id = ${id} returning ${ctx.tx.unsafe(COLUMNS)}`
  await media.remove(ctx.auth.user.companyId, current.mediaPath)
  return row
}
