import type { z } from 'zod'
import {
  CAMPAIGN_SETTING_LIMITS as LIMITS,
  HOURS_ORDER_MESSAGE,
  VARIABLE_KEY,
  type saveCampaignSettingsSchema,
} from '../../../../server/routes/campaign-settings.schema.ts'

/** GET and POST /campaign-settings answer this (server/domain/campaigns/campaign-settings.ts). */
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

/** The form's state: the numbers as typed, so a half-typed value is shown as it is. */
export interface CampaignSettingsForm {
  messageInterval: string
  longerIntervalAfter: string
  greaterInterval: string
  variables: { key: string; value: string }[]
  sabado: boolean
  domingo: boolean
  startHour: string
  endHour: string
}

/** A field of the form: a top-level key, or one cell of the variables table (`variables.2.key`). */
export type FormField = Exclude<keyof CampaignSettingsForm, 'variables'> | 'variables' | `variables.${number}.${'key' | 'value'}`
/** Field → i18n key of its problem. */
export type FormProblems = Partial<Record<FormField, string>>

export type SaveCampaignSettingsBody = z.input<typeof saveCampaignSettingsSchema>

export { LIMITS as CAMPAIGN_SETTING_LIMITS }

export function formFromSettings(s: CampaignSettings): CampaignSettingsForm {
  return {
    ...s,
    messageInterval: String(s.messageInterval),
    longerIntervalAfter: String(s.longerIntervalAfter),
    greaterInterval: String(s.greaterInterval),
    variables: s.variables.map((v) => ({ ...v })),
  }
}

/** The body POST /campaign-settings takes: `{ settings }`, as the Whaticket screen sends it. */
export function requestBody(v: CampaignSettingsForm): SaveCampaignSettingsBody {
  return {
    settings: {
      messageInterval: Number(v.messageInterval),
      longerIntervalAfter: Number(v.longerIntervalAfter),
      greaterInterval: Number(v.greaterInterval),
      variables: v.variables.map((x) => ({ key: x.key.trim(), value: x.value })),
      sabado: v.sabado,
      domingo: v.domingo,
      startHour: v.startHour,
      endHour: v.endHour,
    },
  }
}

const wholeIn = (raw: string, min: number, max: number) => /^\d{1,4}$/.test(raw.trim()) && Number(raw) >= min && Number(raw) <= max
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** The problems of a variable's cells; keys already used by earlier rows are repeats. */
function variableProblems(list: CampaignSettingsForm['variables']): FormProblems {
  const problems: FormProblems = {}
  const seen = new Set<string>()
  if (list.length > LIMITS.variables.max) problems.variables = 'campaignSettings.errors.tooManyVariables'
  list.forEach((v, i) => {
    const key = v.key.trim()
    if (!VARIABLE_KEY.test(key)) problems[`variables.${i}.key`] = 'campaignSettings.errors.variableKey'
    else if (seen.has(key)) problems[`variables.${i}.key`] = 'campaignSettings.errors.variableRepeated'
    seen.add(key)
    if (v.value.length > LIMITS.variables.valueMax) problems[`variables.${i}.value`] = 'campaignSettings.errors.variableValue'
  })
  return problems
}

/**
 * The settings form's rules, the server's ranges (spec part 2 §9): interval 0-120 s, after-count 0-60,
 * greater interval 0 or 20-180 s, hours HH:MM with the end after the start, variables as the server takes them.
 */
export function campaignSettingsProblems(v: CampaignSettingsForm): FormProblems {
  const problems: FormProblems = {}
  const { messageInterval: mi, longerIntervalAfter: la, greaterInterval: gi } = LIMITS
  if (!wholeIn(v.messageInterval, mi.min, mi.max)) problems.messageInterval = 'campaignSettings.errors.messageInterval'
  if (!wholeIn(v.longerIntervalAfter, la.min, la.max)) problems.longerIntervalAfter = 'campaignSettings.errors.longerIntervalAfter'
  if (!(v.greaterInterval.trim() === '0' || wholeIn(v.greaterInterval, gi.min, gi.max))) problems.greaterInterval = 'campaignSettings.errors.greaterInterval'
  if (!TIME.test(v.startHour)) problems.startHour = 'campaignSettings.errors.invalidTime'
  if (!TIME.test(v.endHour)) problems.endHour = 'campaignSettings.errors.invalidTime'
  else if (!problems.startHour && v.endHour <= v.startHour) problems.endHour = 'campaignSettings.errors.hoursOrder'
  return { ...problems, ...variableProblems(v.variables) }
}

/** What the server's message for a field means, in the form's words. */
const SERVER_MESSAGES: Record<string, string> = {
  [HOURS_ORDER_MESSAGE]: 'campaignSettings.errors.hoursOrder',
  'Variável repetida': 'campaignSettings.errors.variableRepeated',
  'Caractere inválido': 'campaignSettings.errors.invalidCharacter',
}
const FIELD_MESSAGES: Record<string, string> = {
  messageInterval: 'campaignSettings.errors.messageInterval',
  longerIntervalAfter: 'campaignSettings.errors.longerIntervalAfter',
  greaterInterval: 'campaignSettings.errors.greaterInterval',
  startHour: 'campaignSettings.errors.invalidTime',
  endHour: 'campaignSettings.errors.invalidTime',
  variables: 'campaignSettings.errors.tooManyVariables',
  key: 'campaignSettings.errors.variableKey',
  value: 'campaignSettings.errors.variableValue',
}

/**
 * A 400's field list (`settings.messageInterval`, `settings.variables.0.key`) as the form's problems; a
 * field the form does not have is left out (the caller shows a toast when nothing is left).
 */
export function problemsFromServer(fields: { field: string; message: string }[]): FormProblems {
  const problems: FormProblems = {}
  for (const { field, message } of fields) {
    const name = field.replace(/^settings\.?/, '')
    const cell = /^variables\.(\d+)\.(key|value)$/.exec(name)
    const last = cell ? cell[2] : name
    const text = SERVER_MESSAGES[message] ?? FIELD_MESSAGES[last]
    if (!text || !(cell || name in FIELD_MESSAGES)) continue
    problems[name as FormField] = text
  }
  return problems
}

/** A new variable row at the end of the table. */
export const withNewVariable = (v: CampaignSettingsForm): CampaignSettingsForm => ({ ...v, variables: [...v.variables, { key: '', value: '' }] })

/** The table without row `index`. */
export const withoutVariable = (v: CampaignSettingsForm, index: number): CampaignSettingsForm => ({
  ...v,
  variables: v.variables.filter((_, i) => i !== index),
})
