import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/** Global settings (spec part 2 §3 "Setting (global)") with their first-start values. */
export const defaultSettings: Record<string, string> = {
  userCreation: 'enabled',
  autoReply: 'disabled',
  autoReplyNotRecognizedMessage: '',
  autoReplyShowKeywords: 'disabled',
  allowSignup: 'disabled',
  primaryColorLight: '#6e31ef',
  primaryColorDark: '#39ACE7',
  appLogoLight: '',
  appLogoDark: '',
  appLogoFavicon: '',
  appName: '',
  // Where manual Pix charges are paid (issue 19, docs/decisions.md "Billing"): the BR Code's key and merchant.
  pixKey: '',
  pixMerchantName: '',
  pixMerchantCity: '',
}

/** Keys anyone may read without a session (login page branding and the signup link). */
export const publicSettingKeys = new Set([
  'allowSignup', 'primaryColorLight', 'primaryColorDark', 'appLogoLight', 'appLogoDark', 'appLogoFavicon', 'appName',
])

/** Keys only the super user sees and changes (userCreation is "visible to super users only"). */
export const superOnlySettingKeys = new Set(['userCreation', 'allowSignup', 'pixKey', 'pixMerchantName', 'pixMerchantCity', ...publicSettingKeys])

export interface Setting {
  key: string
  value: string
  updatedAt: string
}

export async function insertDefaultSettings(sql: Queryable): Promise<void> {
  for (const [key, value] of Object.entries(defaultSettings)) {
    await sql`insert into settings (key, value) values (${key}, ${value}) on conflict (key) do nothing`
  }
}

export async function listSettings(sql: Queryable, superUser: boolean): Promise<Setting[]> {
  const rows = await sql<Setting[]>`select key, value, updated_at from settings order by key`
  return superUser ? rows : rows.filter((r) => r.key !== 'userCreation')
}

export async function getSetting(sql: Queryable, key: string): Promise<Setting> {
  const [row] = await sql<Setting[]>`select key, value, updated_at from settings where key = ${key}`
  if (!row) throw new AppError('ERR_NO_SETTING_FOUND', `No setting ${key}`)
  return row
}

export async function settingValue(sql: Queryable, key: string): Promise<string> {
  const [row] = await sql<{ value: string }[]>`select value from settings where key = ${key}`
  return row?.value ?? defaultSettings[key] ?? ''
}

export async function updateSetting(sql: Queryable, key: string, value: string): Promise<Setting> {
  if (!(key in defaultSettings)) throw new AppError('ERR_NO_SETTING_FOUND', `No setting ${key}`)
  const [row] = await sql<Setting[]>`
    insert into settings (key, value) values (${key}, ${value})
    on conflict (key) do update set value = excluded.value
    returning key, value, updated_at`
  return row
}
