import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan, assertPlanFeature } from '../permissions.ts'

/** The company's own switch for campaigns (company settings campaignsEnabled, off by default). */
export async function campaignsSwitchOn(tx: Tx, companyId: number): Promise<boolean> {
  const [row] = await tx<{ on: boolean }[]>`select campaigns_enabled as on from company_settings where company_id = ${companyId}`
  return row?.on === true
}

/**
 * Contact lists, campaigns and their settings (spec part 2 §6): an admin of a company whose plan has
 * useCampaigns and whose admins switched campaigns on (campaignsEnabled). The plan grants the feature,
 * the switch is the company's choice to use it: both must hold (docs/decisions.md "Campaign gates").
 */
export async function assertCampaignAccess(ctx: DomainCtx): Promise<void> {
  assertPlanFeature(ctx.auth, 'useCampaigns')
  assertCan(ctx.auth, 'admin')
  if (!(await campaignsSwitchOn(ctx.tx, ctx.auth.user.companyId))) throw new AppError('ERR_CAMPAIGNS_DISABLED')
}
