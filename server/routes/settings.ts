import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { changeSetting, readPublicSetting, readSetting, uploadPlatformLogo } from '../domain/settings/save-setting.ts'
import { listSettings } from '../domain/settings/settings.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { logoUploadSchema, settingKeyParam, updateSettingSchema } from './settings.schema.ts'
import { formFile } from './upload.ts'

/**
 * Parses a multipart body once, as the promise formFile() expects: validate('form') alone would cache a
 * bare FormData, on which formFile's `.catch` fails. A malformed body is a 400 here.
 */
/**
 * Global settings (spec part 2 §3 Setting, §7 Settings; part 1 §7). Mounted at the root because the
 * spec spreads them over four prefixes; each route names its own guards.
 * The global settings are platform-wide (branding, sign-up, user creation, auto-reply), so only the
 * super user changes them; company admins read the list.
 */
export const settings = new Hono<AppEnv>()
  .get('/settings', requireAuth(), guard('admin'), async (c) =>
    c.json(await listSettings(c.get('tx'), c.get('auth').user.super)),
  )
  .get('/setting/:key', requireAuth(), validate('param', settingKeyParam), async (c) =>
    c.json(await readSetting(c.get('ctx'), c.req.valid('param').key)),
  )
  .put('/settings/:key', requireAuth(), guard('super'), validate('param', settingKeyParam), validate('json', updateSettingSchema), async (c) => {
    const { key } = c.req.valid('param')
    return c.json(await changeSetting(c.get('ctx'), c.get('services').media, key, c.req.valid('json').value))
  })
  // No session: the login page reads its branding and the signup link here. It answers the setting
  // object {key, value, updatedAt} like GET /setting/{key}, so the client reads `.value` in both cases.
  .get('/public-settings/:key', validate('param', settingKeyParam), async (c) =>
    c.json(await readPublicSetting(c.get('services').db.sql, c.req.valid('param').key)),
  )
  // Answers the stored file name as a JSON string; the image is then at GET /media/1/{name}, open to anyone.
  .post('/settings-whitelabel/logo', requireAuth(), guard('super'), validate('form', logoUploadSchema), async (c) => {
    const file = await formFile(c, 'file')
    return c.json(await uploadPlatformLogo(c.get('ctx'), c.get('services').media, c.req.valid('form').mode, file))
  })
