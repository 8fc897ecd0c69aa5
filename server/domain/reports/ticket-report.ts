import type { Tx } from '../../db/connect.ts'
import type { TicketReportQuery } from '../../routes/ticket-report.schema.ts'
import { companyTimeZone } from '../companies/company-time-zone.ts'
import { hidesNumbers } from '../contacts/contact-view.ts'
import type { DomainCtx } from '../context.ts'
import { forReporting } from '../dashboard/dashboard-range.ts'
import { likePattern } from '../paging.ts'
import { withinDays } from '../zone-days.ts'
import { type Fragment, visibleTo } from '../tickets/visible-tickets.ts'
import type { ReportRow, TicketReport } from './report-types.ts'

/**
 * GET /ticketreport/reports (spec part 2 §7): the tickets the caller may see (canSeeTicket: the report
 * has no role check, so a plain user reports on her own share), each filter narrowing, newest first.
 * Dates are calendar days of the ticket's creation in the company's zone (docs/decisions.md "Tickets report").
 */
export async function ticketReport(ctx: DomainCtx, q: TicketReportQuery): Promise<TicketReport> {
  const { tx, auth } = ctx
  const where = [...visibleTo(tx, auth), ...(await filtersOf(ctx, q))]
  const cond = where.reduce((acc, f) => tx`${acc} and ${f}`)
  await forReporting(tx)
  const [{ total }] = await tx<{ total: number }[]>`
    select count(*)::int as total from tickets t ${q.onlyRated ? tx`join ticket_facts f on f.ticket_id = t.id and f.rate is not null` : tx``} where ${cond}`
  if (!total || (q.page - 1) * q.pageSize >= total) return { tickets: [], totalTickets: { total } }
  const rows = await tx<(Omit<ReportRow, 'NPS' | 'supportTime'> & { nps: number | null; supportTime: string | null })[]>`
    select t.id, t.uuid, w.name as whatsapp_name, c.name as contact_name, u.name as user_name, qu.name as queue_name,
           t.status, t.last_message, t.created_at, t.closed_at, f.rate as nps,
           case when t.status = 'closed' and t.accepted_at is not null and t.closed_at >= t.accepted_at
                then round(extract(epoch from t.closed_at - t.accepted_at) / 60, 1) end as support_time
      from tickets t
      join contacts c on c.id = t.contact_id
      ${q.onlyRated ? tx`join` : tx`left join`} ticket_facts f on f.ticket_id = t.id ${q.onlyRated ? tx`and f.rate is not null` : tx``}
      left join whatsapps w on w.id = t.whatsapp_id
      left join users u on u.id = t.user_id
      left join queues qu on qu.id = t.queue_id
     where ${cond}
     order by t.created_at desc, t.id desc
     limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`
  return {
    tickets: rows.map(({ nps, supportTime, ...r }) => ({ ...r, supportTime: supportTime === null ? null : Number(supportTime), NPS: nps })),
    totalTickets: { total },
  }
}

async function filtersOf(ctx: DomainCtx, q: TicketReportQuery): Promise<Fragment[]> {
  const { tx, auth } = ctx
  const f: Fragment[] = []
  if (q.searchParam) f.push(searchOf(tx, q.searchParam, await hidesNumbers(tx, auth)))
  if (q.contactId) f.push(tx`t.contact_id = ${q.contactId}`)
  if (q.whatsappId?.length) f.push(tx`t.whatsapp_id = any(${q.whatsappId}::int[])`)
  if (q.users?.length) f.push(tx`t.user_id = any(${q.users}::int[])`)
  if (q.queueIds?.length) f.push(tx`t.queue_id = any(${q.queueIds}::int[])`)
  if (q.status?.length) f.push(tx`t.status = any(${q.status}::text[])`)
  if (q.dateFrom || q.dateTo) {
    const zone = await companyTimeZone(tx, auth.user.companyId)
    f.push(...withinDays(tx, tx`t.created_at`, zone, q.dateFrom, q.dateTo))
  }
  return f
}

/** The contact's name (accent- and case-folded) or number (not for a user who sees numbers masked), or the ticket's number. */
function searchOf(tx: Tx, search: string, masked: boolean): Fragment {
  const name = tx`t.contact_name_folded like (select app_search_fold(${likePattern(search.toLowerCase())}))`
  const digits = search.replace(/\D/g, '')
  const byNumber = !masked && digits ? tx` or t.contact_number like ${likePattern(digits)}` : tx``
  const byId = /^\d{1,9}$/.test(search) ? tx` or t.id = ${Number(search)}` : tx``
  return tx`(${name}${byNumber}${byId})`
}
