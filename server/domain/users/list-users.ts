import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { userViewColumns, type UserView } from './user-view.ts'

/** GET /users/: the company's users, searched by name or email in lowercase, 20 a page. */
export async function listUsers(ctx: DomainCtx, input: { searchParam: string; pageNumber: number }) {
  const { tx } = ctx
  const page = pageOf(input.pageNumber)
  const pattern = likePattern(input.searchParam)
  const where = tx`u.company_id = ${ctx.auth.user.companyId}
    and (${input.searchParam} = '' or lower(u.name) like ${pattern} or lower(u.email) like ${pattern})`
  const rows = await tx<UserView[]>`
    select ${userViewColumns(tx)} from users u where ${where}
     order by lower(u.name), u.id limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from users u where ${where}`
  const { records, hasMore } = splitPage(rows, page)
  return { users: records, hasMore, count }
}

/** GET /users/list: every user of the company, for the selects of forms (id, name, profile, queues). */
export async function listAllUsers(ctx: DomainCtx) {
  return ctx.tx`
    select u.id, u.name, u.email, u.profile, u.online, u.color, u.whatsapp_id,
           coalesce((select json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color))
                       from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = u.id), '[]'::json) as queues
      from users u where u.company_id = ${ctx.auth.user.companyId}
     order by lower(u.name), u.id`
}
