import type { Queryable } from '../../db/connect.ts'
import type { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'

/** An announcement (spec part 2 §3): written by the super user, shown to every company while active. */
export interface Announcement {
  id: number
  companyId: number
  title: string
  text: string
  priority: 1 | 2 | 3
  status: boolean
  mediaPath: string | null
  mediaName: string | null
  createdAt: string
  updatedAt: string
}

export interface AnnouncementInput {
  title?: string
  text?: string
  priority?: 1 | 2 | 3
  status?: boolean
}

export const announcementColumns = (sql: Queryable) =>
  sql`id, company_id, title, text, priority, status, media_path, media_name, created_at, updated_at`

/**
 * GET /announcements/: searched by title or text in lowercase, 20 a page, most urgent then newest first.
 * Plain users and admins see the active ones only; the super user sees all.
 */
export async function listAnnouncements(ctx: DomainCtx, input: { searchParam: string; pageNumber: number }) {
  const { tx } = ctx
  const page = pageOf(input.pageNumber)
  const pattern = likePattern(input.searchParam)
  const where = tx`(${ctx.auth.user.super} or status)
    and (${input.searchParam} = '' or lower(title) like ${pattern} or lower(text) like ${pattern})`
  const rows = await tx<Announcement[]>`
    select ${announcementColumns(tx)} from announcements where ${where}
     order by priority, created_at desc, id desc limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from announcements where ${where}`
  const { records, hasMore } = splitPage(rows, page)
  return { records, hasMore, count }
}

/** GET /announcements/{id}: an inactive one exists for the super user only. */
export async function findAnnouncement(ctx: DomainCtx, id: number): Promise<Announcement> {
  const [row] = await ctx.tx<Announcement[]>`
    select ${announcementColumns(ctx.tx)} from announcements where id = ${id} and (${ctx.auth.user.super} or status)`
  if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND', `No announcement ${id}`)
  return row
}

/** POST /announcements: super user only (checked by the route); it belongs to the super user's company. */
export async function createAnnouncement(
  ctx: DomainCtx,
  input: Required<AnnouncementInput>,
): Promise<Announcement> {
  const row = { companyId: ctx.auth.user.companyId, ...input }
  const [record] = await ctx.tx<Announcement[]>`insert into announcements ${ctx.tx(row)} returning ${announcementColumns(ctx.tx)}`
  emitAnnouncement(ctx, 'create', record)
  return record
}

/** PUT /announcements/{id}: super user only; fields left out keep their value. */
export async function updateAnnouncement(ctx: DomainCtx, id: number, input: AnnouncementInput): Promise<Announcement> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  if (!Object.keys(patch).length) return findAnnouncement(ctx, id)
  const [record] = await ctx.tx<Announcement[]>`
    update announcements set ${ctx.tx(patch)} where id = ${id} returning ${announcementColumns(ctx.tx)}`
  if (!record) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND', `No announcement ${id}`)
  emitAnnouncement(ctx, 'update', record)
  return record
}

/** DELETE /announcements/{id}: super user only; its attachment file goes too. */
export async function deleteAnnouncement(ctx: DomainCtx, media: MediaStore, id: number): Promise<void> {
  const [record] = await ctx.tx<Announcement[]>`delete from announcements where id = ${id} returning ${announcementColumns(ctx.tx)}`
  if (!record) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND', `No announcement ${id}`)
  await media.remove(record.companyId, record.mediaPath)
  emitAnnouncement(ctx, 'delete', record)
}

/**
 * Live event `announcement` (spec part 2 §7 Live events). Announcements are shown to every company, so
 * the realtime hub fans this event out to all of them (to active-only readers when status is false).
 */
export function emitAnnouncement(ctx: DomainCtx, action: 'create' | 'update' | 'delete', record: Announcement) {
  ctx.emit({ type: 'announcement', companyId: record.companyId, payload: { action, record } })
  // An update that leaves it inactive takes it off the other users' lists (the event above reaches super users only).
  if (action === 'update' && !record.status) ctx.emit({ type: 'announcement', companyId: record.companyId, payload: { hidden: true, record: { id: record.id } } })
}
