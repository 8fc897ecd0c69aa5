import type { Queryable } from '../../db/connect.ts'
import type { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import { MAIN_COMPANY_ID } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { defaultSettings, getSetting, publicSettingKeys, updateSetting, type Setting } from './settings.ts'

/** The branding images; their files live in the media folder of company 1 and are readable by anyone. */
export const logoSettingKeys = ['appLogoLight', 'appLogoDark', 'appLogoFavicon'] as const
export type LogoSettingKey = (typeof logoSettingKeys)[number]

const toggleKeys = new Set(['userCreation', 'autoReply', 'autoReplyShowKeywords', 'allowSignup'])
const colorKeys = new Set(['primaryColorLight', 'primaryColorDark'])
const isLogoKey = (key: string): key is LogoSettingKey => (logoSettingKeys as readonly string[]).includes(key)

/**
 * What is wrong with a new value for a global setting, or null (spec part 2 §3 Setting, §9 branding).
 * A logo is set by its upload only: a PUT may clear it or resend the current name, so that no other
 * file of company 1 can be turned public by naming it.
 */
export function settingValueProblem(key: string, value: string, current: string): string | null {
  if (toggleKeys.has(key)) return value === 'enabled' || value === 'disabled' ? null : "must be 'enabled' or 'disabled'"
  if (colorKeys.has(key)) return /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? null : 'must be a colour like #6e31ef'
  if (isLogoKey(key)) return value === '' || value === current ? null : 'upload the logo with POST /settings-whitelabel/logo'
  if (key === 'appName') return value.length <= 100 ? null : 'must have at most 100 characters'
  // The BR Code's limits (Banco Central's manual): key ≤ 77, merchant name ≤ 25, city ≤ 15.
  if (key === 'pixKey') return value.length <= 77 ? null : 'must have at most 77 characters'
  if (key === 'pixMerchantName') return value.length <= 25 ? null : 'must have at most 25 characters'
  if (key === 'pixMerchantCity') return value.length <= 15 ? null : 'must have at most 15 characters'
  return null
}

/** GET /setting/{key}: any logged-in user; userCreation is shown to super users only (spec part 2 §6). */
export async function readSetting(ctx: DomainCtx, key: string): Promise<Setting> {
  if (key === 'userCreation' && !ctx.auth.user.super) throw new AppError('ERR_NO_SETTING_FOUND', `No setting ${key}`)
  return getSetting(ctx.tx, key)
}

/** GET /public-settings/{key}: without a session, only the login-page keys; any other key is a 404. */
export async function readPublicSetting(sql: Queryable, key: string): Promise<Setting> {
  if (!publicSettingKeys.has(key)) throw new AppError('ERR_NO_SETTING_FOUND', `No setting ${key}`)
  return getSetting(sql, key)
}

/** PUT /settings/{key}: super user only (checked by the route); clearing a logo deletes its file. */
export async function changeSetting(ctx: DomainCtx, media: MediaStore, key: string, value: string): Promise<Setting> {
  if (!(key in defaultSettings)) throw new AppError('ERR_NO_SETTING_FOUND', `No setting ${key}`)
  const current = await currentValue(ctx.tx, key)
  const problem = settingValueProblem(key, value, current)
  if (problem) throw new AppError('ERR_VALIDATION', `value: ${problem}`, { fields: [{ field: 'value', message: problem }] })
  const setting = await updateSetting(ctx.tx, key, value)
  if (isLogoKey(key) && current !== value) await media.remove(MAIN_COMPANY_ID, current)
  emitSetting(ctx, setting)
  return setting
}

/**
 * POST /settings-whitelabel/logo: stores the image in company 1's media folder, points the `mode`
 * setting at it and deletes the file it replaces. Returns the stored file name.
 */
export async function uploadPlatformLogo(ctx: DomainCtx, media: MediaStore, mode: LogoSettingKey, file: File): Promise<string> {
  const stored = await media.save(MAIN_COMPANY_ID, file, 'logo')
  const previous = await currentValue(ctx.tx, mode)
  const setting = await updateSetting(ctx.tx, mode, stored.fileName)
  await media.remove(MAIN_COMPANY_ID, previous)
  emitSetting(ctx, setting)
  return stored.fileName
}

async function currentValue(sql: Queryable, key: string): Promise<string> {
  const [row] = await sql<{ value: string }[]>`select value from settings where key = ${key}`
  return row?.value ?? ''
}

function emitSetting(ctx: DomainCtx, setting: Setting) {
  ctx.emit({ type: 'settings', companyId: ctx.auth.user.companyId, payload: { action: 'update', setting } })
}
