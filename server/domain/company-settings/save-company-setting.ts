import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import {
  assertSettingsConsistent,
  companySettingFields,
  findCompanySettings,
  parseCompanySettingValue,
  type CompanySettings,
} from './company-settings.ts'

/**
 * PUT /companySettings {column, data}: an admin changes one setting of their company (spec part 2 §3,
 * §5 Company settings). The value is checked against its key, then the whole set against the
 * consistency rule (a switched-on behaviour needs its message). Answers the full settings.
 */
export async function saveCompanySetting(ctx: DomainCtx, input: { column: string; data: unknown }): Promise<CompanySettings> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  if (!Object.hasOwn(companySettingFields, input.column)) {
    throw new AppError('ERR_NO_SETTING_FOUND', `Unknown company setting ${input.column}`, {
      fields: [{ field: 'column', message: 'Unknown company setting' }],
    })
  }
  const value = parseCompanySettingValue(input.column, input.data)
  const current = await findCompanySettings(tx, companyId)
  if (!current) throw new AppError('ERR_NO_COMPANY_FOUND', `No company ${companyId}`)
  assertSettingsConsistent({ ...current, [input.column]: value })
  const { column } = companySettingFields[input.column]
  await tx`update company_settings set ${tx(column)} = ${value} where company_id = ${companyId}`
  const settings = (await findCompanySettings(tx, companyId))!
  ctx.emit({ type: 'companySettings', companyId, payload: { action: 'update', settings } })
  return settings
}
