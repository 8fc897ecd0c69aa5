import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import {
  createPhraseCampaign, deletePhraseCampaign, listPhraseCampaigns, showPhraseCampaign, updatePhraseCampaign,
} from '../domain/flow-campaigns/save-phrase-campaign.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { phraseCampaignBodySchema, phraseCampaignIdParam, phraseCampaignSchema } from './flowcampaign.schema.ts'

/**
 * Phrase campaigns (spec part 2 §2 "Phrase campaigns", §7; issue 21 API contract): a company admin's;
 * deleting one also needs contacts-page:deleteContact (spec part 2 §6), here `contacts:delete`.
 */
export const flowcampaign = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('admin'))
  .get('/', async (c) => c.json(await listPhraseCampaigns(c.get('ctx'))))
  .get('/:id', validate('param', phraseCampaignIdParam), async (c) => c.json(await showPhraseCampaign(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', phraseCampaignSchema), async (c) => c.json(await createPhraseCampaign(c.get('ctx'), c.req.valid('json')), 201))
  .put('/', validate('json', phraseCampaignBodySchema), async (c) => {
    const { id, ...input } = c.req.valid('json')
    return c.json(await updatePhraseCampaign(c.get('ctx'), id as number, input))
  })
  .put('/:id', validate('param', phraseCampaignIdParam), validate('json', phraseCampaignSchema), async (c) => {
    const { id } = c.req.valid('param')
    const { id: bodyId, ...input } = c.req.valid('json')
    if (bodyId !== undefined && bodyId !== id) throw new AppError('ERR_VALIDATION', 'id: does not match the path', { fields: [{ field: 'id', message: 'Inválido' }] })
    return c.json(await updatePhraseCampaign(c.get('ctx'), id, input))
  })
  .delete('/:id', guard('contacts:delete'), validate('param', phraseCampaignIdParam), async (c) => {
    await deletePhraseCampaign(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Frase deletada' })
  })
