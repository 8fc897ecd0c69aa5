import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { readCompanySetting, readCompanySettings } from '../domain/company-settings/read-company-settings.ts'
import { saveCompanySetting } from '../domain/company-settings/save-company-setting.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { companyIdParam, companySettingOneQuery, updateCompanySettingSchema } from './company-settings.schema.ts'

/**
 * Company settings (spec part 2 §3, §5, §7 Settings; part 1 §7). Mounted at the root: the spec writes
 * /companySettings and /companySettingOne. Reads are open to every user of the company, writes to its admins.
 */
export const companySettings = new Hono<AppEnv>()
  .get('/companySettings/:companyId', requireAuth(), validate('param', companyIdParam), async (c) =>
    c.json(await readCompanySettings(c.get('ctx'), c.req.valid('param').companyId)),
  )
  .get('/companySettingOne', requireAuth(), validate('query', companySettingOneQuery), async (c) =>
    c.json(await readCompanySetting(c.get('ctx'), c.req.valid('query').column)),
  )
  .put('/companySettings', requireAuth(), guard('admin'), validate('json', updateCompanySettingSchema), async (c) =>
    c.json(await saveCompanySetting(c.get('ctx'), c.req.valid('json'))),
  )
