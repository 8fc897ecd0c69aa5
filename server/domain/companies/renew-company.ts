import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { asSuper } from './company-access.ts'
import { findCompanyView, type CompanyView } from './company-view.ts'
import { renewedDueDate } from './recurrence.ts'

/**
 * POST /companies/{id}/renew (super user; the companies page's Renew button, spec part 2 §2 and §4):
 * moves dueDate one recurrence period on, from the current due date or from today when it is empty or past.
 */
export async function renewCompany(ctx: DomainCtx, companyId: number): Promise<CompanyView> {
  const { tx } = ctx
  const company = await asSuper(ctx, async () => {
    const current = await findCompanyView(tx, companyId)
    if (!current) throw new AppError('ERR_NO_COMPANY_FOUND')
    const today = ctx.now().toISOString().slice(0, 10)
    const dueDate = renewedDueDate(current.dueDate, current.recurrence, today)
    await tx`update companies set due_date = ${dueDate} where id = ${companyId}`
    return (await findCompanyView(tx, companyId))!
  })
  ctx.emit({ type: 'company', companyId, payload: { action: 'update', company } })
  return company
}
