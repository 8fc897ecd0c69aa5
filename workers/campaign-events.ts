import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import type { EventBus } from '../server/events.ts'
import { loadCampaign } from '../server/domain/campaigns/campaign-view.ts'

/** A live report needs a few frames a second at most; each frame counts the campaign's rows. */
const MIN_GAP_MS = 1_000
const lastSent = new Map<number, number>()

/**
 * The campaign's record with its progress to the company's admins (company-{id}-campaign, spec part 2
 * §8), at most once a second per campaign while it runs, and always when its status changed.
 */
export async function publishCampaign(deps: { db: Db; events: EventBus }, c: { campaignId: number; companyId: number; finished?: boolean }, force = false): Promise<void> {
  const now = Date.now()
  if (!force && !c.finished && now - (lastSent.get(c.campaignId) ?? 0) < MIN_GAP_MS) return
  lastSent.set(c.campaignId, now)
  if (c.finished) lastSent.delete(c.campaignId)
  const record = await withSystem(deps.db, (tx) => loadCampaign(tx, c.companyId, c.campaignId)).catch(() => null)
  if (record) deps.events.publish([{ type: 'campaign', companyId: c.companyId, payload: { action: 'update', record } }])
}
