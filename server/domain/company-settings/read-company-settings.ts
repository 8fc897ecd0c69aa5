import { withSystemScope } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { companySettingFields, findCompanySettings, type CompanySettings } from './company-settings.ts'

/**
 * GET /companySettings/{companyId}: any user reads their own company's settings (the client decides
 * behaviour from them); only the super user reads another company's, the others get a 403.
 */
export async function readCompanySettings(ctx: DomainCtx, companyId: number): Promise<CompanySettings> {
  const { tx, auth } = ctx
  if (companyId !== auth.user.companyId && !auth.user.super) {
    throw new AppError('ERR_NO_PERMISSION', "Another company's settings")
  }
  const load = () => findCompanySettings(tx, companyId)
  const settings = companyId === auth.user.companyId ? await load() : await withSystemScope(tx, load)
  if (!settings) throw new AppError('ERR_NO_COMPANY_FOUND', `No company ${companyId}`)
  return settings
}

/** GET /companySettingOne?column=X: one key of the own company's settings, as {[column]: value}. */
export async function readCompanySetting(ctx: DomainCtx, column: string): Promise<Record<string, string | boolean>> {
  if (!Object.hasOwn(companySettingFields, column)) {
    throw new AppError('ERR_NO_SETTING_FOUND', `Unknown company setting ${column}`, {
      fields: [{ field: 'column', message: 'Unknown company setting' }],
    })
  }
  const settings = await readCompanySettings(ctx, ctx.auth.user.companyId)
  return { [column]: settings[column] }
}
