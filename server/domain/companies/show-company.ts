import { AppError } from '../app-error.ts'
import type { PlanFeature } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { withCompanyAccess } from './company-access.ts'
import { findCompanyView, type CompanyView } from './company-view.ts'

/** GET /companies/{id}: a super user reads any company, an admin only their own (spec part 2 §6). */
export async function findCompany(ctx: DomainCtx, companyId: number): Promise<CompanyView> {
  const company = await withCompanyAccess(ctx, companyId, 'admin', () => findCompanyView(ctx.tx, companyId))
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND')
  return company
}

/**
 * What GET /companies/listPlan/{id} answers. The spec (part 1 §7) names it "plan flags" and shows
 * nothing more, so we answer the company's plan flat, exactly:
 * { id, name, users, connections, queues, amount, useWhatsapp, useFacebook, useInstagram, useCampaigns,
 *   useSchedules, useInternalChat, useExternalApi, useKanban, useOpenAi, useIntegrations }
 * (amount a number, the rest integers and booleans).
 */
export type CompanyPlanFlags = Record<PlanFeature, boolean> & {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  amount: number
}

/** GET /companies/listPlan/{id}: any user of the company reads its plan; a super user reads any company's. */
export async function findCompanyPlan(ctx: DomainCtx, companyId: number): Promise<CompanyPlanFlags> {
  const { tx } = ctx
  const [row] = await withCompanyAccess(ctx, companyId, 'member', () => tx<(CompanyPlanFlags & { companyId: number })[]>`
    select c.id as company_id, p.id, p.name, p.users, p.connections, p.queues, p.amount::float8 as amount,
           p.use_whatsapp, p.use_facebook, p.use_instagram, p.use_campaigns, p.use_schedules, p.use_internal_chat,
           p.use_external_api, p.use_kanban, p.use_open_ai, p.use_integrations
      from companies c left join plans p on p.id = c.plan_id
     where c.id = ${companyId}`)
  if (!row) throw new AppError('ERR_NO_COMPANY_FOUND')
  if (row.id === null) throw new AppError('ERR_NO_PLAN_FOUND', 'The company has no plan')
  const { companyId: _, ...plan } = row
  return plan
}
