import { z } from 'zod'
import { flag, timeField } from './common.schema.ts'

/** Spec part 2 §9: the ranges the campaign settings screen offers; the client form uses the same numbers. */
export const CAMPAIGN_SETTING_LIMITS = {
  messageInterval: { min: 0, max: 120 },
  longerIntervalAfter: { min: 0, max: 60 },
  /** 0 turns the longer pause off; otherwise 20 to 180 seconds. */
  greaterInterval: { min: 20, max: 180 },
  variables: { max: 50, keyMax: 30, valueMax: 1000 },
} as const

export const VARIABLE_KEY = /^[A-Za-z0-9_]{1,30}$/

/** A whole number in a range: a JSON number or a string of digits (the Whaticket screen posts a select's value). */
function wholeNumber(min: number, max: number) {
  const message = `Expected a whole number from ${min} to ${max}`
  return z
    .union([z.number({ error: message }), z.string({ error: message }).trim().regex(/^\d{1,4}$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(min, message).max(max, message))
}

const greaterInterval = wholeNumber(0, CAMPAIGN_SETTING_LIMITS.greaterInterval.max).refine((v) => v === 0 || v >= CAMPAIGN_SETTING_LIMITS.greaterInterval.min, {
  message: 'Expected 0 or a whole number from 20 to 180',
})

/** A custom variable, used as {key} in campaign messages. */
export const campaignVariableSchema = z.object({
  key: z.string({ error: 'Obrigatório' }).trim().regex(VARIABLE_KEY, 'Use 1 a 30 letras, números ou _'),
  value: z.string().max(CAMPAIGN_SETTING_LIMITS.variables.valueMax, 'Too Long!').default(''),
})

const variables = z
  .array(campaignVariableSchema)
  .max(CAMPAIGN_SETTING_LIMITS.variables.max, `At most ${CAMPAIGN_SETTING_LIMITS.variables.max} variables`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>()
    list.forEach((v, i) => {
      if (seen.has(v.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'Variável repetida' })
      seen.add(v.key)
    })
  })

/** The settings a POST may carry: every key optional, only those sent change. */
export const campaignSettingsFields = z.object({
  messageInterval: wholeNumber(CAMPAIGN_SETTING_LIMITS.messageInterval.min, CAMPAIGN_SETTING_LIMITS.messageInterval.max).optional(),
  longerIntervalAfter: wholeNumber(CAMPAIGN_SETTING_LIMITS.longerIntervalAfter.min, CAMPAIGN_SETTING_LIMITS.longerIntervalAfter.max).optional(),
  greaterInterval: greaterInterval.optional(),
  variables: variables.optional(),
  sabado: flag.optional(),
  domingo: flag.optional(),
  startHour: timeField.optional(),
  endHour: timeField.optional(),
})

/** The day's sending window must open before it closes. */
export const HOURS_ORDER_MESSAGE = 'O horário final deve ser depois do inicial'

/**
 * POST /campaign-settings (spec part 2 §3 "Campaign settings", §7, §9): `{ settings }` as the Whaticket
 * screen posts it. When both hours are sent they are checked here; against a stored hour, in the domain.
 */
export const saveCampaignSettingsSchema = z.object({
  settings: campaignSettingsFields.superRefine((v, ctx) => {
    if (v.startHour && v.endHour && v.endHour <= v.startHour) ctx.addIssue({ code: 'custom', path: ['endHour'], message: HOURS_ORDER_MESSAGE })
  }),
})

export type CampaignVariable = z.infer<typeof campaignVariableSchema>
export type CampaignSettingsPatch = z.infer<typeof campaignSettingsFields>
export type SaveCampaignSettingsInput = z.infer<typeof saveCampaignSettingsSchema>
