import type { Tx } from '../../db/connect.ts'
import { HOURS_ORDER_MESSAGE, type CampaignSettingsPatch } from '../../routes/campaign-settings.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

/** The company's campaign settings (spec part 2 §3 "Campaign settings", §9 defaults), typed. */
export interface CampaignSettings {
  messageInterval: number
  longerIntervalAfter: number
  greaterInterval: number
  variables: { key: string; value: string }[]
  sabado: boolean
  domingo: boolean
  startHour: string
  endHour: string
}

export type CampaignSettingKey = keyof CampaignSettings

export const CAMPAIGN_SETTING_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
}

const NUMBER_KEYS = new Set<string>(['messageInterval', 'longerIntervalAfter', 'greaterInterval'])
const BOOLEAN_KEYS = new Set<string>(['sabado', 'domingo'])
const HOUR_KEYS = new Set<string>(['startHour', 'endHour'])

/** The stored variables (a JSON list), only well-formed entries; an unreadable value is no variables. */
function parseVariables(value: string): CampaignSettings['variables'] {
  try {
    const parsed: unknown = JSON.parse(value)
    if (!Array.isArray(parsed)) return []
    return parsed.filter((v) => v && typeof v.key === 'string').map((v) => ({ key: String(v.key), value: String(v.value ?? '') }))
  } catch {
    return []
  }
}

/**
 * Pure: the key/value rows as typed settings, the defaults for keys never saved or unreadable (the
 * Whaticket rows of an imported company may hold '20' or 'true' as text, or nothing readable at all).
 */
export function settingsFromRows(rows: { key: string; value: string }[]): CampaignSettings {
  const out: CampaignSettings = { ...CAMPAIGN_SETTING_DEFAULTS, variables: [] }
  for (const { key, value } of rows) {
    if (NUMBER_KEYS.has(key)) {
      const n = Number(value)
      if (value.trim() !== '' && Number.isInteger(n) && n >= 0) out[key as 'messageInterval'] = n
    } else if (BOOLEAN_KEYS.has(key)) out[key as 'sabado'] = value === 'true'
    else if (HOUR_KEYS.has(key)) {
      if (/^\d{2}:\d{2}$/.test(value)) out[key as 'startHour'] = value
    } else if (key === 'variables') out.variables = parseVariables(value)
  }
  return out
}

/** Pure: one setting as the text the key/value table stores. */
export function settingToText(key: CampaignSettingKey, value: CampaignSettings[CampaignSettingKey]): string {
  return key === 'variables' ? JSON.stringify(value) : String(value)
}

/** The company's campaign settings; the dispatcher reads them before each send (spec part 2 §4). */
export async function loadCampaignSettings(tx: Tx, companyId: number): Promise<CampaignSettings> {
  const rows = await tx<{ key: string; value: string }[]>`select key, value from campaign_settings where company_id = ${companyId}`
  return settingsFromRows(rows)
}

/** GET /campaign-settings (spec part 2 §7): the settings of the actor's company. */
export async function showCampaignSettings(ctx: DomainCtx): Promise<CampaignSettings> {
  return loadCampaignSettings(ctx.tx, ctx.auth.user.companyId)
}

/**
 * POST /campaign-settings {settings} (spec part 2 §3, §7, §9): the keys sent replace the stored ones,
 * in the request's transaction; the day's window, merged with the stored hours, must open before it
 * closes. Answers the full settings and tells the company's admins (company-{id}-campaignSettings).
 */
export async function saveCampaignSettings(ctx: DomainCtx, patch: CampaignSettingsPatch): Promise<CampaignSettings> {
  const companyId = ctx.auth.user.companyId
  const merged = { ...(await loadCampaignSettings(ctx.tx, companyId)), ...definedOnly(patch) }
  if (merged.endHour <= merged.startHour) {
    const field = patch.endHour !== undefined || patch.startHour === undefined ? 'settings.endHour' : 'settings.startHour'
    throw new AppError('ERR_VALIDATION', `${field}: ${HOURS_ORDER_MESSAGE}`, { fields: [{ field, message: HOURS_ORDER_MESSAGE }] })
  }
  const rows = Object.entries(definedOnly(patch)).map(([key, value]) => ({
    companyId,
    key,
    value: settingToText(key as CampaignSettingKey, value as CampaignSettings[CampaignSettingKey]),
  }))
  if (rows.length) {
    await ctx.tx`
      insert into campaign_settings ${ctx.tx(rows, 'companyId', 'key', 'value')}
      on conflict (company_id, key) do update set value = excluded.value`
  }
  const settings = await loadCampaignSettings(ctx.tx, companyId)
  ctx.emit({ type: 'campaignSettings', companyId, payload: { action: 'update', settings } })
  return settings
}

function definedOnly(patch: CampaignSettingsPatch): Partial<CampaignSettings> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<CampaignSettings>
}
