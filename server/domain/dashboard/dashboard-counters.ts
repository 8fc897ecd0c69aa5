import type { DashboardQuery } from '../../routes/dashboard.schema.ts'
import { companyTimeZone } from '../companies/company-time-zone.ts'
import type { DomainCtx } from '../context.ts'
import { dashboardRange, withinRange, withoutJit } from './dashboard-range.ts'
import { dashboardScope } from './dashboard-scope.ts'
import type { AttendantRow, Dashboard } from './dashboard-types.ts'

const round1 = (n: number | null | undefined) => Math.round(Number(n ?? 0) * 10) / 10

type Sums = Record<string, string | number | null>

/**
 * GET /dashboard (spec part 1 §3, §7). Every counter is over the tickets created within the range
 * (days in the company's zone) that the caller may count; each formula is in docs/decisions.md
 * "Dashboard". One pass over those tickets (with their latest rating and who wrote first as
 * migrations/0027_* keeps them) sums the company and each attendant at once (grouping sets).
 */
export async function getDashboard(ctx: DomainCtx, q: DashboardQuery): Promise<Dashboard> {
  const { tx, auth } = ctx
  const range = dashboardRange(q, await companyTimeZone(tx, auth.user.companyId), ctx.now())
  const scope = dashboardScope(tx, auth)
  await withoutJit(tx)
  const sums = await tx<(Sums & { userId: number | null; total: number })[]>`
    with w as (
      select t.user_id, t.status, t.is_group, t.accepted_at, t.closed_at, t.created_at, f.rate, f.first_from_me
        from tickets t left join ticket_facts f on f.ticket_id = t.id
       where ${scope} and ${withinRange(tx, tx`t.created_at`, range)}
    )
    select user_id, grouping(user_id) as total,
           count(*) filter (where not is_group and status = 'open')::int as support_happening,
           count(*) filter (where not is_group and status in ('pending', 'lgpd'))::int as support_pending,
           count(*) filter (where not is_group and status in ('closed', 'nps'))::int as support_finished,
           count(*) filter (where is_group)::int as support_groups,
           avg(extract(epoch from closed_at - accepted_at) / 60)
             filter (where not is_group and status = 'closed' and accepted_at is not null and closed_at >= accepted_at) as avg_support_time,
           avg(extract(epoch from accepted_at - created_at) / 60) filter (where not is_group and accepted_at >= created_at) as avg_wait_time,
           count(*) filter (where not is_group and first_from_me)::int as active_tickets,
           count(*) filter (where not is_group and not first_from_me)::int as passive_tickets,
           count(*) filter (where not is_group)::int as tickets,
           count(*) filter (where not is_group and rate is not null)::int as with_rating,
           avg(rate) filter (where not is_group) as rating,
           count(*) filter (where not is_group and rate >= 9)::int as promoters,
           count(*) filter (where not is_group and rate between 7 and 8)::int as passives,
           count(*) filter (where not is_group and rate <= 6)::int as detractors,
           count(*) filter (where not is_group and status = 'nps')::int as wait_rating,
           count(*) filter (where not is_group and status = 'closed' and rate is null)::int as without_rating
      from w
     group by grouping sets ((), (user_id))`
  const [{ leads }] = await tx<{ leads: number }[]>`
    select count(*)::int as leads from contacts c
     where c.company_id = ${auth.user.companyId} and ${withinRange(tx, tx`c.created_at`, range)}
       and c.id in (select t.contact_id from tickets t where ${scope} and not t.is_group and ${withinRange(tx, tx`t.created_at`, range)})`
  const c: Sums = sums.find((r) => r.total === 1) ?? {}
  const n = (k: string) => Number(c[k] ?? 0)
  const rated = n('withRating')
  const perc = (part: number, whole: number) => (whole ? round1((100 * part) / whole) : 0)
  return {
    counters: {
      supportHappening: n('supportHappening'),
      supportPending: n('supportPending'),
      supportFinished: n('supportFinished'),
      supportGroups: n('supportGroups'),
      leads,
      avgSupportTime: round1(c.avgSupportTime as number | null),
      avgWaitTime: round1(c.avgWaitTime as number | null),
      activeTickets: n('activeTickets'),
      passiveTickets: n('passiveTickets'),
      // From the unrounded shares, so a score is never off by the two roundings.
      npsScore: rated ? round1((100 * (n('promoters') - n('detractors'))) / rated) : 0,
      npsPromotersPerc: perc(n('promoters'), rated),
      npsPassivePerc: perc(n('passives'), rated),
      npsDetractorsPerc: perc(n('detractors'), rated),
      tickets: n('tickets'),
      waitRating: n('waitRating'),
      withoutRating: n('withoutRating'),
      withRating: rated,
      percRating: perc(rated, rated + n('withoutRating')),
    },
    attendants: await attendantRows(ctx, sums),
    range: { from: range.from, to: range.to },
  }
}

/**
 * Every user of the company (an attendant without tickets in the range still shows, with zeros), each
 * with the sums of the range's tickets they own, most tickets first.
 */
async function attendantRows(ctx: DomainCtx, sums: (Sums & { userId: number | null; total: number })[]): Promise<AttendantRow[]> {
  const users = await ctx.tx<{ id: number; name: string; online: boolean }[]>`
    select id, name, online from users where company_id = ${ctx.auth.user.companyId}`
  const byUser = new Map(sums.filter((r) => r.total === 0 && r.userId !== null).map((r) => [r.userId, r]))
  const rows = users.map((u) => {
    const r: Sums = byUser.get(u.id) ?? {}
    return {
      id: u.id,
      name: u.name,
      rating: r.rating == null ? null : round1(Number(r.rating)),
      countRating: Number(r.withRating ?? 0),
      tickets: Number(r.tickets ?? 0),
      avgWaitTime: round1(r.avgWaitTime as number | null),
      avgSupportTime: round1(r.avgSupportTime as number | null),
      online: u.online,
    }
  })
  return rows.sort((a, b) => b.tickets - a.tickets || a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id)
}
