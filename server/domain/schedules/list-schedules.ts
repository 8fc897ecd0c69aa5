import type { ListSchedulesQuery } from '../../routes/schedules.schema.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { SCHEDULE_FROM, SCHEDULE_VIEW, type ScheduleView } from './schedule-view.ts'

/**
 * GET /schedules (spec part 2 §7, the calendar): the company's schedules by send time, 20 a page, of one
 * contact when contactId is given, searched in lowercase in the text and the contact's name.
 */
export async function listSchedules(ctx: DomainCtx, q: ListSchedulesQuery) {
  const { tx } = ctx
  const page = pageOf(q.pageNumber)
  const like = likePattern(q.searchParam.toLowerCase())
  const where = tx`s.company_id = ${ctx.auth.user.companyId}
    and (${q.contactId ?? null}::int is null or s.contact_id = ${q.contactId ?? null})
    and (${q.searchParam} = '' or lower(s.body) like ${like} or lower(c.name) like ${like})`
  const rows = await tx<ScheduleView[]>`
    select ${tx.unsafe(SCHEDULE_VIEW)} from ${tx.unsafe(SCHEDULE_FROM)} where ${where}
     order by s.send_at, s.id limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`
    select count(*)::int as count from schedules s join contacts c on c.id = s.contact_id where ${where}`
  const { records, hasMore } = splitPage(rows, page)
  return { schedules: records, count, hasMore }
}
