import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { withCompanyAccess } from './company-access.ts'
import { findCompanyView, type CompanyScheduleEntry, type CompanyView } from './company-view.ts'

/**
 * PUT /companies/{id}/schedules (spec part 2 §7): the company's weekly service hours, used when the
 * company setting scheduleType is company. A super user sets any company's, an admin only their own.
 */
export async function updateCompanySchedules(ctx: DomainCtx, companyId: number, schedules: CompanyScheduleEntry[]): Promise<CompanyView> {
  const { tx } = ctx
  const company = await withCompanyAccess(ctx, companyId, 'admin', async () => {
    const [row] = await tx`update companies set schedules = ${tx.json(schedules)} where id = ${companyId} returning id`
    if (!row) throw new AppError('ERR_NO_COMPANY_FOUND')
    return (await findCompanyView(tx, companyId))!
  })
  ctx.emit({ type: 'company', companyId, payload: { action: 'update', company } })
  return company
}
