import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { cancelCampaign, removeCampaignMedia, restartCampaign, uploadCampaignMedia } from '../domain/campaigns/campaign-state.ts'
import { createCampaign, deleteCampaign, listCampaigns, showCampaign, updateCampaign } from '../domain/campaigns/save-campaign.ts'
import { requireAuth } from '../middleware/auth.ts'
import { campaignAccess } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { campaignIdParam, campaignSchema, listCampaignsQuery } from './campaigns.schema.ts'
import { formFile } from './upload.ts'

/** Campaigns (spec part 2 §2, §3, §4, §7): an admin's, with the plan's useCampaigns and the company's switch on. */
export const campaigns = new Hono<AppEnv>()
  .use('*', requireAuth(), campaignAccess())
  .get('/', validate('query', listCampaignsQuery), async (c) => c.json(await listCampaigns(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', campaignIdParam), async (c) => c.json(await showCampaign(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', campaignSchema), async (c) => c.json(await createCampaign(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', campaignIdParam), validate('json', campaignSchema), async (c) =>
    c.json(await updateCampaign(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', campaignIdParam), async (c) => {
    await deleteCampaign(c.get('ctx'), c.get('services').media, c.req.valid('param').id)
    return c.json({ message: 'Campaign deleted' })
  })
  .post('/:id/cancel', validate('param', campaignIdParam), async (c) => c.json(await cancelCampaign(c.get('ctx'), c.req.valid('param').id)))
  .post('/:id/restart', validate('param', campaignIdParam), async (c) => c.json(await restartCampaign(c.get('ctx'), c.req.valid('param').id)))
  .post('/:id/media-upload', validate('param', campaignIdParam), async (c) => {
    const file = await formFile(c, 'file', 'medias')
    return c.json(await uploadCampaignMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, file))
  })
  .delete('/:id/media-upload', validate('param', campaignIdParam), async (c) =>
    c.json(await removeCampaignMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id)),
  )
