import type { DashboardChartQuery } from '../../routes/dashboard.schema.ts'
import { companyTimeZone } from '../companies/company-time-zone.ts'
import type { DomainCtx } from '../context.ts'
import { chartRange, type DayRange, withinRange, forReporting } from './dashboard-range.ts'
import { dashboardScope } from './dashboard-scope.ts'
import type { ChartUnit, TicketsPerTime, TicketsPerUser } from './dashboard-types.ts'

async function rangeOf(ctx: DomainCtx, q: DashboardChartQuery): Promise<DayRange> {
  await forReporting(ctx.tx)
  return chartRange(q, await companyTimeZone(ctx.tx, ctx.auth.user.companyId), ctx.now())
}

/** GET /dashboard/ticketsUsers: the range's tickets per owner, most first (docs/decisions.md "Dashboard"). */
export async function ticketsPerUser(ctx: DomainCtx, q: DashboardChartQuery): Promise<{ data: TicketsPerUser[]; range: { from: string; to: string } }> {
  const { tx, auth } = ctx
  const range = await rangeOf(ctx, q)
  const data = await tx<TicketsPerUser[]>`
    select t.user_id, u.name, count(*)::int as total
      from tickets t left join users u on u.id = t.user_id
     where ${dashboardScope(tx, auth)} and not t.is_group and ${withinRange(tx, tx`t.created_at`, range)}
     group by t.user_id, u.name
     order by count(*) desc, u.name nulls last`
  return { data: [...data], range: { from: range.from, to: range.to } }
}

/**
 * GET /dashboard/ticketsDay: the range's tickets per hour for one day, per day up to 92 days, per month
 * beyond (a year of days is too many bars to read), counted in the company's zone.
 */
export async function ticketsPerTime(ctx: DomainCtx, q: DashboardChartQuery): Promise<TicketsPerTime> {
  const { tx, auth } = ctx
  const range = await rangeOf(ctx, q)
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1
  const unit: ChartUnit = days === 1 ? 'hour' : days <= 92 ? 'day' : 'month'
  const format = unit === 'hour' ? 'HH24' : unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'
  const step = unit === 'hour' ? '1 hour' : unit === 'day' ? '1 day' : '1 month'
  const first = unit === 'month' ? `${range.from.slice(0, 7)}-01` : range.from
  const last = unit === 'hour' ? `${range.from} 23:00` : range.to
  const data = await tx<{ label: string; total: number }[]>`
    with counted as (
      select to_char(t.created_at at time zone ${range.zone}, ${format}) as label, count(*)::int as total
        from tickets t
       where ${dashboardScope(tx, auth)} and not t.is_group and ${withinRange(tx, tx`t.created_at`, range)}
       group by 1
    )
    select to_char(s, ${format}) as label, coalesce(c.total, 0)::int as total
      from generate_series(${first}::timestamp, ${last}::timestamp, ${step}::interval) s
      left join counted c on c.label = to_char(s, ${format})
     order by s`
  return { unit, data: [...data], range: { from: range.from, to: range.to } }
}
