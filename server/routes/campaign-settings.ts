import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { saveCampaignSettings, showCampaignSettings } from '../domain/campaigns/campaign-settings.ts'
import { requireAuth } from '../middleware/auth.ts'
import { campaignAccess } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { saveCampaignSettingsSchema } from './campaign-settings.schema.ts'

/**
 * Campaign settings (spec part 2 §3 "Campaign settings", §7, §9): an admin's, with the plan's
 * useCampaigns and the company's campaignsEnabled switch on. Both verbs answer the full settings.
 */
export const campaignSettings = new Hono<AppEnv>()
  .use('*', requireAuth(), campaignAccess())
  .get('/', async (c) => c.json(await showCampaignSettings(c.get('ctx'))))
  .post('/', validate('json', saveCampaignSettingsSchema), async (c) => c.json(await saveCampaignSettings(c.get('ctx'), c.req.valid('json').settings)))
