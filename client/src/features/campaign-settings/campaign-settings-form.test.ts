import { describe, expect, test } from 'bun:test'
import { saveCampaignSettingsSchema } from '../../../../server/routes/campaign-settings.schema.ts'
import { campaignFlagFrom } from './campaign-flag-mirror.ts'
import {
  campaignSettingsProblems,
  formFromSettings,
  problemsFromServer,
  requestBody,
  withNewVariable,
  withoutVariable,
  type CampaignSettings,
  type CampaignSettingsForm,
} from './campaign-settings-form.ts'

const DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
}
const form = (over: Partial<CampaignSettingsForm> = {}): CampaignSettingsForm => ({ ...formFromSettings(DEFAULTS), ...over })

describe('campaignSettingsProblems', () => {
  test('the defaults have no problem, and their body is what the server accepts', () => {
    expect(campaignSettingsProblems(form())).toEqual({})
    expect(saveCampaignSettingsSchema.safeParse(requestBody(form())).success).toBe(true)
  })

  test('the interval is 0 to 120 seconds, whole', () => {
    for (const ok of ['0', '120', '45']) expect(campaignSettingsProblems(form({ messageInterval: ok })).messageInterval).toBeUndefined()
    for (const bad of ['121', '-1', '2.5', '', 'abc']) {
      expect(campaignSettingsProblems(form({ messageInterval: bad })).messageInterval).toBe('campaignSettings.errors.messageInterval')
    }
  })

  test('the longer interval comes after 0 to 60 messages', () => {
    expect(campaignSettingsProblems(form({ longerIntervalAfter: '60' }))).toEqual({})
    expect(campaignSettingsProblems(form({ longerIntervalAfter: '61' })).longerIntervalAfter).toBe('campaignSettings.errors.longerIntervalAfter')
  })

  test('the longer interval is 0 or 20 to 180 seconds', () => {
    for (const ok of ['0', '20', '180']) expect(campaignSettingsProblems(form({ greaterInterval: ok }))).toEqual({})
    for (const bad of ['10', '19', '181', '']) {
      expect(campaignSettingsProblems(form({ greaterInterval: bad })).greaterInterval).toBe('campaignSettings.errors.greaterInterval')
    }
  })

  test('hours are HH:MM and the end comes after the start', () => {
    expect(campaignSettingsProblems(form({ startHour: '9:00' })).startHour).toBe('campaignSettings.errors.invalidTime')
    expect(campaignSettingsProblems(form({ endHour: '24:00' })).endHour).toBe('campaignSettings.errors.invalidTime')
    expect(campaignSettingsProblems(form({ startHour: '18:00', endHour: '18:00' })).endHour).toBe('campaignSettings.errors.hoursOrder')
    expect(campaignSettingsProblems(form({ startHour: '18:00', endHour: '08:00' })).endHour).toBe('campaignSettings.errors.hoursOrder')
  })

  test('variable keys are 1 to 30 letters, digits or _, once each; values up to 1000 characters', () => {
    const variables = [
      { key: 'loja', value: 'Centro' },
      { key: 'nome loja', value: '' },
      { key: 'loja', value: '' },
      { key: 'k'.repeat(31), value: '' },
      { key: 'texto', value: 'x'.repeat(1001) },
    ]
    expect(campaignSettingsProblems(form({ variables }))).toEqual({
      'variables.1.key': 'campaignSettings.errors.variableKey',
      'variables.2.key': 'campaignSettings.errors.variableRepeated',
      'variables.3.key': 'campaignSettings.errors.variableKey',
      'variables.4.value': 'campaignSettings.errors.variableValue',
    })
  })

  test('at most 50 variables', () => {
    const variables = Array.from({ length: 51 }, (_, i) => ({ key: `v${i}`, value: '' }))
    expect(campaignSettingsProblems(form({ variables })).variables).toBe('campaignSettings.errors.tooManyVariables')
    expect(campaignSettingsProblems(form({ variables: variables.slice(0, 50) }))).toEqual({})
  })

  test('what the form accepts the server accepts, and what it refuses the server refuses', () => {
    const cases: Partial<CampaignSettingsForm>[] = [
      { messageInterval: '121' }, { messageInterval: '0' }, { greaterInterval: '19' }, { greaterInterval: '0' }, { longerIntervalAfter: '61' },
      { startHour: '10:00', endHour: '09:00' }, { variables: [{ key: 'a b', value: '' }] }, { variables: [{ key: 'ok_1', value: 'v' }] },
    ]
    for (const c of cases) {
      const f = form(c)
      const clientOk = Object.keys(campaignSettingsProblems(f)).length === 0
      expect([c, saveCampaignSettingsSchema.safeParse(requestBody(f)).success]).toEqual([c, clientOk])
    }
  })
})

describe('requestBody', () => {
  test('posts {settings} with numbers and trimmed keys', () => {
    const body = requestBody(form({ messageInterval: '15', variables: [{ key: ' loja ', value: ' Centro ' }] }))
    expect(body.settings).toMatchObject({ messageInterval: 15, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'loja', value: ' Centro ' }] })
  })
})

describe('problemsFromServer', () => {
  test("a 400's fields land on the form's fields, in the form's words", () => {
    expect(
      problemsFromServer([
        { field: 'settings.greaterInterval', message: 'Expected 0 or a whole number from 20 to 180' },
        { field: 'settings.endHour', message: 'O horário final deve ser depois do inicial' },
        { field: 'settings.variables.1.key', message: 'Variável repetida' },
        { field: 'settings.variables.0.value', message: 'Caractere inválido' },
      ]),
    ).toEqual({
      greaterInterval: 'campaignSettings.errors.greaterInterval',
      endHour: 'campaignSettings.errors.hoursOrder',
      'variables.1.key': 'campaignSettings.errors.variableRepeated',
      'variables.0.value': 'campaignSettings.errors.invalidCharacter',
    })
  })

  test('fields the form does not have are left for the toast', () => {
    expect(problemsFromServer([{ field: 'settings', message: 'Required' }, { field: 'other', message: 'x' }])).toEqual({})
  })
})

describe('the variables table', () => {
  test('adds an empty row at the end and removes a row by its index', () => {
    const two = withNewVariable(withNewVariable(form()))
    expect(two.variables).toEqual([{ key: '', value: '' }, { key: '', value: '' }])
    const named = { ...two, variables: [{ key: 'a', value: '1' }, { key: 'b', value: '2' }] }
    expect(withoutVariable(named, 0).variables).toEqual([{ key: 'b', value: '2' }])
  })
})

describe('campaignFlagFrom', () => {
  test('no settings row yet leaves the flag alone; the row decides otherwise', () => {
    expect(campaignFlagFrom([])).toBeNull()
    expect(campaignFlagFrom([{ campaigns_enabled: true }])).toBe(true)
    expect(campaignFlagFrom([{ campaigns_enabled: false }])).toBe(false)
    expect(campaignFlagFrom([{ campaigns_enabled: null }])).toBe(false)
  })
})
