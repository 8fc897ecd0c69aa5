import type { PlanFeature } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { asSuper } from './company-access.ts'
import { companyViewColumns, type CompanyView } from './company-view.ts'

/** GET /companies (super user): every company with the columns of the companies page (spec part 2 §2). */
export async function listCompanies(ctx: DomainCtx): Promise<CompanyView[]> {
  return asSuper(ctx, () => ctx.tx<CompanyView[]>`select ${companyViewColumns(ctx.tx)} from companies c order by lower(c.name), c.id`)
}

/** GET /companies/list (super user): id and name of every company, for selects. */
export async function listCompanyNames(ctx: DomainCtx): Promise<{ id: number; name: string }[]> {
  return asSuper(ctx, () => ctx.tx<{ id: number; name: string }[]>`select c.id, c.name from companies c order by lower(c.name), c.id`)
}

export interface CompanyWithPlan {
  id: number
  name: string
  email: string | null
  phone: string | null
  status: boolean
  dueDate: string | null
  recurrence: string
  createdAt: string
  plan: (Record<PlanFeature, boolean> & { id: number; name: string; users: number; connections: number; queues: number; amount: number }) | null
}

/**
 * GET /companiesPlan/ (super user; spec part 2 §7): companies searched by name or email in lowercase,
 * 20 a page, each with its whole plan (limits, amount and the ten switches).
 */
export async function listCompaniesPlan(ctx: DomainCtx, input: { searchParam: string; pageNumber: number }) {
  const { tx } = ctx
  const page = pageOf(input.pageNumber)
  const pattern = likePattern(input.searchParam)
  const rows = await asSuper(ctx, () => tx<CompanyWithPlan[]>`
    select c.id, c.name, c.email, c.phone, c.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.recurrence, c.created_at,
           (select json_build_object(
                     'id', p.id, 'name', p.name, 'users', p.users, 'connections', p.connections, 'queues', p.queues,
                     'amount', p.amount::float8, 'useWhatsapp', p.use_whatsapp, 'useFacebook', p.use_facebook,
                     'useInstagram', p.use_instagram, 'useCampaigns', p.use_campaigns, 'useSchedules', p.use_schedules,
                     'useInternalChat', p.use_internal_chat, 'useExternalApi', p.use_external_api, 'useKanban', p.use_kanban,
                     'useOpenAi', p.use_open_ai, 'useIntegrations', p.use_integrations)
              from plans p where p.id = c.plan_id) as plan
      from companies c
     where ${input.searchParam} = '' or lower(c.name) like ${pattern} or lower(coalesce(c.email, '')) like ${pattern}
     order by lower(c.name), c.id limit ${page.limit + 1} offset ${page.offset}`)
  const { records, hasMore } = splitPage(rows, page)
  return { companies: records, hasMore }
}
