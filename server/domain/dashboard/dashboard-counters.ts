import type { DashboardQuery } from '../../routes/dashboard.schema.ts'
import { companyTimeZone } from '../companies/company-time-zone.ts'
import type { DomainCtx } from '../context.ts'
import { dashboardRange, withinRange, forReporting } from './dashboard-range.ts'
import { dashboardScope } from './dashboard-scope.ts'
import type { AttendantRow, Dashboard } from './dashboard-types.ts'

const round1 = (n: number) => Math.round(n * 10) / 10
const mean = (sum: number, count: number) => (count ? round1(sum / count) : 0)
const perc = (part: number, whole: number) => (whole ? round1((100 * part) / whole) : 0)

/** One owner's sums over the range (null: the tickets nobody took); means and shares are made from them. */
interface Sums {
  userId: number | null
  happening: number
  pending: number
  finished: number
  groups: number
  tickets: number
  active: number
  passive: number
  waitSum: number
  waitCount: number
  supportSum: number
  supportCount: number
  rateSum: number
  rated: number
  promoters: number
  passives: number
  detractors: number
  waitRating: number
  withoutRating: number
}

const SUMMED = ['happening', 'pending', 'finished', 'groups', 'tickets', 'active', 'passive', 'waitSum', 'waitCount', 'supportSum', 'supportCount', 'rateSum', 'rated', 'promoters', 'passives', 'detractors', 'waitRating', 'withoutRating'] as const

function total(rows: Sums[]): Sums {
  const t = { userId: null } as Sums
  for (const k of SUMMED) t[k] = rows.reduce((s, r) => s + r[k], 0)
  return t
}

/**
 * GET /dashboard (spec part 1 §3, §7). Every counter is over the tickets created within the range
 * (days in the company's zone) that the caller may count; each formula is in docs/decisions.md
 * "Dashboard". One pass over those tickets (with their latest rating and who wrote first as
 * migrations/0027_* keeps them) sums each owner; the company's figures are the owners' sums added up
 * here, so Postgres can aggregate in parallel (grouping sets cannot).
 */
export async function getDashboard(ctx: DomainCtx, q: DashboardQuery): Promise<Dashboard> {
  const { tx, auth } = ctx
  const range = dashboardRange(q, await companyTimeZone(tx, auth.user.companyId), ctx.now())
  const scope = dashboardScope(tx, auth)
  await forReporting(tx)
  const minutes = (a: string, b: string) => tx.unsafe(`extract(epoch from ${a} - ${b}) / 60`)
  const taken = tx`not t.is_group and t.accepted_at >= t.created_at`
  const served = tx`not t.is_group and t.status = 'closed' and t.accepted_at is not null and t.closed_at >= t.accepted_at`
  const raw = await tx<Record<string, string | number | null>[]>`
    select t.user_id,
           count(*) filter (where not t.is_group and t.status = 'open') as happening,
           count(*) filter (where not t.is_group and t.status in ('pending', 'lgpd')) as pending,
           count(*) filter (where not t.is_group and t.status in ('closed', 'nps')) as finished,
           count(*) filter (where t.is_group) as groups,
           count(*) filter (where not t.is_group) as tickets,
           count(*) filter (where not t.is_group and f.first_from_me) as active,
           count(*) filter (where not t.is_group and not f.first_from_me) as passive,
           coalesce(sum(${minutes('t.accepted_at', 't.created_at')}) filter (where ${taken}), 0) as wait_sum,
           count(*) filter (where ${taken}) as wait_count,
           coalesce(sum(${minutes('t.closed_at', 't.accepted_at')}) filter (where ${served}), 0) as support_sum,
           count(*) filter (where ${served}) as support_count,
           coalesce(sum(f.rate) filter (where not t.is_group), 0) as rate_sum,
           count(f.rate) filter (where not t.is_group) as rated,
           count(*) filter (where not t.is_group and f.rate >= 9) as promoters,
           count(*) filter (where not t.is_group and f.rate between 7 and 8) as passives,
           count(*) filter (where not t.is_group and f.rate <= 6) as detractors,
           count(*) filter (where not t.is_group and t.status = 'nps') as wait_rating,
           count(*) filter (where not t.is_group and t.status = 'closed' and f.rate is null) as without_rating
      from tickets t left join ticket_facts f on f.ticket_id = t.id
     where ${scope} and ${withinRange(tx, tx`t.created_at`, range)}
     group by t.user_id`
  const owners: Sums[] = raw.map((r) => {
    const s = { userId: r.userId === null ? null : Number(r.userId) } as Sums
    for (const k of SUMMED) s[k] = Number(r[k] ?? 0)
    return s
  })
  const [{ leads }] = await tx<{ leads: number }[]>`
    select count(*)::int as leads from contacts c
     where c.company_id = ${auth.user.companyId} and ${withinRange(tx, tx`c.created_at`, range)}
       and c.id in (select t.contact_id from tickets t where ${scope} and not t.is_group and ${withinRange(tx, tx`t.created_at`, range)})`
  const c = total(owners)
  return {
    counters: {
      supportHappening: c.happening,
      supportPending: c.pending,
      supportFinished: c.finished,
      supportGroups: c.groups,
      leads,
      avgSupportTime: mean(c.supportSum, c.supportCount),
      avgWaitTime: mean(c.waitSum, c.waitCount),
      activeTickets: c.active,
      passiveTickets: c.passive,
      // From the unrounded shares, so a score is never off by the two roundings.
      npsScore: perc(c.promoters - c.detractors, c.rated),
      npsPromotersPerc: perc(c.promoters, c.rated),
      npsPassivePerc: perc(c.passives, c.rated),
      npsDetractorsPerc: perc(c.detractors, c.rated),
      tickets: c.tickets,
      waitRating: c.waitRating,
      withoutRating: c.withoutRating,
      withRating: c.rated,
      percRating: perc(c.rated, c.rated + c.withoutRating),
    },
    attendants: await attendantRows(ctx, owners),
    range: { from: range.from, to: range.to },
  }
}

/**
 * Every user of the company (an attendant without tickets in the range still shows, with zeros), each
 * with the sums of the range's tickets they own, most tickets first.
 */
async function attendantRows(ctx: DomainCtx, owners: Sums[]): Promise<AttendantRow[]> {
  const users = await ctx.tx<{ id: number; name: string; online: boolean }[]>`
    select id, name, online from users where company_id = ${ctx.auth.user.companyId}`
  const byUser = new Map(owners.map((r) => [r.userId, r]))
  const rows = users.map((u) => {
    const r = byUser.get(u.id)
    return {
      id: u.id,
      name: u.name,
      rating: r?.rated ? round1(r.rateSum / r.rated) : null,
      countRating: r?.rated ?? 0,
      tickets: r?.tickets ?? 0,
      avgWaitTime: r ? mean(r.waitSum, r.waitCount) : 0,
      avgSupportTime: r ? mean(r.supportSum, r.supportCount) : 0,
      online: u.online,
    }
  })
  return rows.sort((a, b) => b.tickets - a.tickets || a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id)
}
