import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import { insertCompanyRow } from '../companies/insert-company.ts'
import { settingValue } from '../settings/settings.ts'
import { insertUserRow } from '../users/insert-user.ts'

/** Days a company created by public sign-up may use the product before its first invoice is due. */
export const SIGNUP_TRIAL_DAYS = 7

export interface SignupInput {
  name: string
  email: string
  password: string
  phone: string
  companyName: string
  planId: number
}

/**
 * POST /auth/signup (spec part 1 §7, part 2 §5): only while the public setting allowSignup is enabled;
 * creates the company on the chosen public plan and its first admin.
 */
export async function signup(db: Db, now: Date, input: SignupInput): Promise<{ companyId: number; userId: number }> {
  return withSystem(db, async (tx) => {
    if ((await settingValue(tx, 'allowSignup')) !== 'enabled') {
      throw new AppError('ERR_SIGNUP_DISABLED', 'Sign-up is disabled')
    }
    const [plan] = await tx`select id from plans where id = ${input.planId} and is_public`
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 'Choose one of the public plans', { field: 'planId' })
    const dueDate = new Date(now.getTime() + SIGNUP_TRIAL_DAYS * 86400_000).toISOString().slice(0, 10)
    const companyId = await insertCompanyRow(tx, {
      name: input.companyName,
      email: input.email,
      phone: input.phone,
      planId: input.planId,
      status: true,
      dueDate,
      recurrence: 'MENSAL',
    })
    const userId = await insertUserRow(tx, companyId, {
      name: input.name,
      email: input.email,
      password: input.password,
      profile: 'admin',
      showDashboard: 'enabled',
    })
    return { companyId, userId }
  })
}
