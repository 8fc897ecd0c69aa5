import type { ListContactListsQuery } from '../../routes/contact-lists.schema.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { contactListColumns, type ContactListView } from './contact-list-view.ts'

export interface ContactListPage {
  records: ContactListView[]
  /** Lists matching the search, over every page. */
  count: number
  hasMore: boolean
}

/**
 * GET /contact-lists/ (spec part 2 §7): 20 a page by lower(name) then id, searchParam (already
 * lowercase) in the name, each with its contactsCount. Answers {records, count, hasMore}.
 */
export async function listContactLists(ctx: DomainCtx, q: ListContactListsQuery): Promise<ContactListPage> {
  const { tx } = ctx
  const companyId = ctx.auth.user.companyId
  const page = pageOf(q.pageNumber)
  const match = tx`l.company_id = ${companyId} and lower(l.name) like ${likePattern(q.searchParam)}`
  const rows = await tx<ContactListView[]>`
    select ${contactListColumns(tx)} from contact_lists l where ${match}
     order by lower(l.name), l.id limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from contact_lists l where ${match}`
  const { records, hasMore } = splitPage(rows, page)
  return { records, count, hasMore }
}

/** GET /contact-lists/list (the campaign form's select): every list of the company by name, id and name only. */
export async function listContactListOptions(ctx: DomainCtx): Promise<{ id: number; name: string }[]> {
  return ctx.tx<{ id: number; name: string }[]>`
    select id, name from contact_lists where company_id = ${ctx.auth.user.companyId} order by lower(name), id`
}
