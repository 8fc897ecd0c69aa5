import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'

/** A help entry (spec part 2 §3 Help entry): global, written by the super user, read by everyone. */
export interface Help {
  id: number
  title: string
  description: string
  video: string
  link: string | null
  createdAt: string
  updatedAt: string
}

export interface HelpInput {
  title?: string
  description?: string
  video?: string
  link?: string | null
}

const helpColumns = (sql: Queryable) => sql`id, title, description, video, link, created_at, updated_at`

/**
 * GET /helps: the entries in creation order, searched by title or description in lowercase. Without a
 * pageNumber the whole list (the client shows the Helps menu when it is non-empty); with one, 20 a page.
 */
export async function listHelps(ctx: DomainCtx, input: { searchParam: string; pageNumber?: number }) {
  const { tx } = ctx
  const pattern = likePattern(input.searchParam)
  const where = tx`(${input.searchParam} = '' or lower(title) like ${pattern} or lower(description) like ${pattern})`
  if (input.pageNumber === undefined) {
    return tx<Help[]>`select ${helpColumns(tx)} from helps where ${where} order by id`
  }
  const page = pageOf(input.pageNumber)
  const rows = await tx<Help[]>`
    select ${helpColumns(tx)} from helps where ${where} order by id limit ${page.limit + 1} offset ${page.offset}`
  const { records, hasMore } = splitPage(rows, page)
  return { helps: records, hasMore }
}

/** GET /helps/list: every entry. */
export async function listAllHelps(ctx: DomainCtx): Promise<Help[]> {
  return ctx.tx<Help[]>`select ${helpColumns(ctx.tx)} from helps order by id`
}

/** GET /helps/{id}. */
export async function findHelp(ctx: DomainCtx, id: number): Promise<Help> {
  const [row] = await ctx.tx<Help[]>`select ${helpColumns(ctx.tx)} from helps where id = ${id}`
  if (!row) throw new AppError('ERR_NO_HELP_FOUND', `No help entry ${id}`)
  return row
}

/** POST /helps: super user only (checked by the route). */
export async function createHelp(ctx: DomainCtx, input: HelpInput & { title: string }): Promise<Help> {
  const row = { title: input.title, description: input.description ?? '', video: input.video ?? '', link: input.link ?? null }
  const [help] = await ctx.tx<Help[]>`insert into helps ${ctx.tx(row)} returning ${helpColumns(ctx.tx)}`
  return help
}

/** PUT /helps/{id}: super user only; fields left out keep their value. */
export async function updateHelp(ctx: DomainCtx, id: number, input: HelpInput): Promise<Help> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  if (!Object.keys(patch).length) return findHelp(ctx, id)
  const [help] = await ctx.tx<Help[]>`update helps set ${ctx.tx(patch)} where id = ${id} returning ${helpColumns(ctx.tx)}`
  if (!help) throw new AppError('ERR_NO_HELP_FOUND', `No help entry ${id}`)
  return help
}

/** DELETE /helps/{id}: super user only. */
export async function deleteHelp(ctx: DomainCtx, id: number): Promise<void> {
  const [row] = await ctx.tx`delete from helps where id = ${id} returning id`
  if (!row) throw new AppError('ERR_NO_HELP_FOUND', `No help entry ${id}`)
}
