import type { ListTagsQuery, TagOptionsQuery } from '../../routes/tags.schema.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { tagViewColumns, type TagView } from './tag-view.ts'

/**
 * GET /tags/ (spec part 2 §7): 20 a page by lower(name) then id, searchParam (already lowercase) in the
 * name, `kanban` only lanes (1) or plain tags (0), `tagId` only that tag. Answers {tags, hasMore}.
 */
export async function listTags(ctx: DomainCtx, q: ListTagsQuery): Promise<{ tags: TagView[]; hasMore: boolean }> {
  const { tx } = ctx
  const page = pageOf(q.pageNumber)
  const rows = await tx<TagView[]>`
    select ${tagViewColumns(tx)} from tags t
     where t.company_id = ${ctx.auth.user.companyId}
       and lower(t.name) like ${likePattern(q.searchParam)}
       ${q.kanban === undefined ? tx`` : tx`and t.kanban = ${q.kanban}`}
       ${q.tagId === undefined ? tx`` : tx`and t.id = ${q.tagId}`}
     order by lower(t.name), t.id limit ${page.limit + 1} offset ${page.offset}`
  const { records, hasMore } = splitPage(rows, page)
  return { tags: records, hasMore }
}

/** GET /tags/list (spec part 1 §7, the forms' pickers): every tag of the company by name, same view as the page. */
export async function listAllTags(ctx: DomainCtx, q: TagOptionsQuery): Promise<TagView[]> {
  const { tx } = ctx
  return tx<TagView[]>`
    select ${tagViewColumns(tx)} from tags t
     where t.company_id = ${ctx.auth.user.companyId}
       ${q.kanban === undefined ? tx`` : tx`and t.kanban = ${q.kanban}`}
     order by lower(t.name), t.id`
}
