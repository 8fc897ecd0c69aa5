import { describe, expect, test } from 'bun:test'
import { CAMPAIGN_SETTING_DEFAULTS, settingToText, settingsFromRows } from './campaign-settings.ts'

describe('settingsFromRows', () => {
  test('no rows are the defaults of spec part 2 §9', () => {
    expect(settingsFromRows([])).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      sabado: false,
      domingo: false,
      startHour: '09:00',
      endHour: '18:00',
    })
  })

  test('stored text reads as numbers, booleans, hours and the variables list', () => {
    const rows = [
      { key: 'messageInterval', value: '0' },
      { key: 'longerIntervalAfter', value: '5' },
      { key: 'greaterInterval', value: '120' },
      { key: 'sabado', value: 'true' },
      { key: 'domingo', value: 'false' },
      { key: 'startHour', value: '07:15' },
      { key: 'endHour', value: '22:00' },
      { key: 'variables', value: '[{"key":"loja","value":"Centro"},{"key":"n","value":3}]' },
    ]
    expect(settingsFromRows(rows)).toEqual({
      messageInterval: 0,
      longerIntervalAfter: 5,
      greaterInterval: 120,
      sabado: true,
      domingo: false,
      startHour: '07:15',
      endHour: '22:00',
      variables: [{ key: 'loja', value: 'Centro' }, { key: 'n', value: '3' }],
    })
  })

  test('unreadable values keep the defaults instead of stopping a campaign', () => {
    const rows = [
      { key: 'messageInterval', value: '' },
      { key: 'greaterInterval', value: '-5' },
      { key: 'longerIntervalAfter', value: '2.5' },
      { key: 'startHour', value: '9' },
      { key: 'variables', value: '{not json' },
      { key: 'unknown', value: 'x' },
    ]
    expect(settingsFromRows(rows)).toEqual(CAMPAIGN_SETTING_DEFAULTS)
  })

  test('variables that are not a list, or entries without a key, are dropped', () => {
    expect(settingsFromRows([{ key: 'variables', value: '{"key":"a"}' }]).variables).toEqual([])
    expect(settingsFromRows([{ key: 'variables', value: '[null, {"value":"x"}, {"key":"ok"}]' }]).variables).toEqual([{ key: 'ok', value: '' }])
  })

  test('the defaults object is never shared with a result', () => {
    settingsFromRows([]).variables.push({ key: 'x', value: 'y' })
    expect(CAMPAIGN_SETTING_DEFAULTS.variables).toEqual([])
  })
})

describe('settingToText', () => {
  test('writes what settingsFromRows reads back', () => {
    const settings = { ...CAMPAIGN_SETTING_DEFAULTS, messageInterval: 7, sabado: true, variables: [{ key: 'a', value: 'b' }] }
    const rows = (Object.keys(settings) as (keyof typeof settings)[]).map((key) => ({ key, value: settingToText(key, settings[key]) }))
    expect(settingsFromRows(rows)).toEqual(settings)
  })
})
