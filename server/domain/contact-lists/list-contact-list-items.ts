import type { ListContactListItemsQuery } from '../../routes/contact-list-items.schema.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { ITEM_COLUMNS, type ContactListItemView } from './contact-list-item-view.ts'
import { showContactList } from './contact-list-view.ts'

export interface ContactListItemPage {
  contacts: ContactListItemView[]
  /** Items matching the search, over every page. */
  count: number
  hasMore: boolean
}

/**
 * GET /contact-list-items (spec part 2 §7): one list's items, 20 a page by lower(name) then id;
 * searchParam (already lowercase) in the name, number or email. 404 when the list is not the company's.
 */
export async function listContactListItems(ctx: DomainCtx, q: ListContactListItemsQuery): Promise<ContactListItemPage> {
  const { tx } = ctx
  await showContactList(ctx, q.contactListId)
  const page = pageOf(q.pageNumber)
  const like = likePattern(q.searchParam)
  const match = tx`i.company_id = ${ctx.auth.user.companyId} and i.contact_list_id = ${q.contactListId}
    and (lower(i.name) like ${like} or i.number like ${like} or lower(i.email) like ${like})`
  const rows = await tx<ContactListItemView[]>`
    select ${tx.unsafe(ITEM_COLUMNS)} from contact_list_items i where ${match}
     order by lower(i.name), i.id limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from contact_list_items i where ${match}`
  const { records, hasMore } = splitPage(rows, page)
  return { contacts: records, count, hasMore }
}
