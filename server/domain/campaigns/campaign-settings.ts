import type { Tx } from '../../db/connect.ts'

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

/** The stored key/value rows read as typed settings, the defaults for keys never saved or unreadable. */
export async function loadCampaignSettings(tx: Tx, companyId: number): Promise<CampaignSettings> {
  const rows = await tx<{ key: string; value: string }[]>`select key, value from campaign_settings where company_id = ${companyId}`
  const out: CampaignSettings = { ...CAMPAIGN_SETTING_DEFAULTS, variables: [] }
  for (const { key, value } of rows) {
    if (key === 'messageInterval' || key === 'longerIntervalAfter' || key === 'greaterInterval') {
      const n = Number(value)
      if (Number.isFinite(n) && n >= 0) out[key] = n
    } else if (key === 'sabado' || key === 'domingo') out[key] = value === 'true'
    else if (key === 'startHour' || key === 'endHour') {
      if (/^\d{2}:\d{2}$/.test(value)) out[key] = value
    } else if (key === 'variables') {
      try {
        const parsed = JSON.parse(value)
        if (Array.isArray(parsed)) out.variables = parsed.filter((v) => v && typeof v.key === 'string').map((v) => ({ key: v.key, value: String(v.value ?? '') }))
      } catch {
        // An unreadable value keeps no variables rather than stopping the campaign.
      }
    }
  }
  return out
}
