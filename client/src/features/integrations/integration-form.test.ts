import { describe, expect, test } from 'bun:test'
import { integrationFormProblems, integrationRequestBody, integrationValuesOf, newIntegrationValues, type IntegrationFormValues } from './integration-form.ts'
import { applyIntegrationEvent, mergeIntegrations, type Integration } from './integrations.ts'

const values = (patch: Partial<IntegrationFormValues> = {}): IntegrationFormValues => ({ ...newIntegrationValues(), name: 'Bot', ...patch })
const V = 'integrations.validation.'

describe('integration form rules', () => {
  test('a new integration is a typebot with the spec defaults (delay 1000 ms, expires 1, pt-BR)', () => {
    expect(newIntegrationValues()).toMatchObject({ type: 'typebot', language: 'pt-BR', typebotDelayMessage: '1000', typebotExpires: '1' })
  })

  test('the name is required, 2-50', () => {
    expect(integrationFormProblems(values({ type: 'webhook', name: ' ', urlN8N: 'https://x.io' })).name).toBe(`${V}required`)
    expect(integrationFormProblems(values({ type: 'webhook', name: 'A', urlN8N: 'https://x.io' })).name).toBe(`${V}tooShort`)
    expect(integrationFormProblems(values({ type: 'webhook', name: 'x'.repeat(51), urlN8N: 'https://x.io' })).name).toBe(`${V}tooLong`)
  })

  test('typebot needs an http(s) URL and the slug; its counts are whole numbers from 0', () => {
    expect(integrationFormProblems(values())).toEqual({ urlN8N: `${V}required`, typebotSlug: `${V}required` })
    expect(integrationFormProblems(values({ urlN8N: 'ftp://x', typebotSlug: 's', typebotExpires: '-1', typebotDelayMessage: '1.5' }))).toEqual({
      urlN8N: `${V}invalidUrl`, typebotExpires: `${V}wholeNumber`, typebotDelayMessage: `${V}wholeNumber`,
    })
    expect(integrationFormProblems(values({ urlN8N: 'https://typebot.io', typebotSlug: 'my-bot', typebotExpires: '0' }))).toEqual({})
  })

  test('n8n and webhook need the URL only; flowbuilder a flow; dialogflow nothing but the name', () => {
    expect(integrationFormProblems(values({ type: 'n8n' }))).toEqual({ urlN8N: `${V}required` })
    expect(integrationFormProblems(values({ type: 'webhook', urlN8N: 'http://hook.local/x' }))).toEqual({})
    expect(integrationFormProblems(values({ type: 'flowbuilder' }))).toEqual({ flowId: `${V}required` })
    expect(integrationFormProblems(values({ type: 'flowbuilder', flowId: '4' }))).toEqual({})
    expect(integrationFormProblems(values({ type: 'dialogflow' }))).toEqual({})
    expect(integrationFormProblems(values({ type: 'dialogflow', jsonContent: 'x'.repeat(20_001) }))).toEqual({ jsonContent: `${V}tooLong` })
  })
})

describe('integration payload', () => {
  test('projectName is the name for every type but dialogflow; flowId only for flowbuilder', () => {
    const flow = integrationRequestBody(values({ type: 'flowbuilder', name: ' Boas-vindas ', projectName: 'other', flowId: '7', urlN8N: 'https://left.over' }))
    expect(flow).toMatchObject({ type: 'flowbuilder', name: 'Boas-vindas', projectName: 'Boas-vindas', flowId: 7, urlN8N: '' })
    expect(flow.jsonContent).toBeUndefined()
    const bot = integrationRequestBody(values({ urlN8N: ' https://typebot.io ', typebotSlug: 'slug', typebotExpires: '5', typebotDelayMessage: '0', flowId: '7' }))
    expect(bot).toMatchObject({ type: 'typebot', projectName: 'Bot', urlN8N: 'https://typebot.io', typebotSlug: 'slug', typebotExpires: 5, typebotDelayMessage: 0, flowId: null })
    expect(integrationRequestBody(values({ type: 'dialogflow', projectName: ' proj-1 ' })).projectName).toBe('proj-1')
  })

  test('a blank jsonContent is left out (the stored one stays); a typed one is sent for dialogflow only', () => {
    expect('jsonContent' in integrationRequestBody(values({ type: 'dialogflow', jsonContent: '  ' }))).toBe(false)
    expect(integrationRequestBody(values({ type: 'dialogflow', jsonContent: '{"a":1}' })).jsonContent).toBe('{"a":1}')
    expect('jsonContent' in integrationRequestBody(values({ type: 'n8n', urlN8N: 'https://n8n.io', jsonContent: '{"a":1}' }))).toBe(false)
  })

  test('editing starts from the stored row with a blank JSON', () => {
    const row = { id: 3, type: 'dialogflow', name: 'DF', projectName: 'p', language: 'es', urlN8N: null, typebotDelayMessage: 1000, typebotExpires: 1, typebotKeywordFinish: null,
      typebotKeywordRestart: null, typebotRestartMessage: null, typebotSlug: null, typebotUnknownMessage: null, flowId: null, hasJsonContent: true, createdAt: '', updatedAt: '' } satisfies Integration
    expect(integrationValuesOf(row)).toMatchObject({ type: 'dialogflow', name: 'DF', projectName: 'p', language: 'es', jsonContent: '', flowId: '' })
  })
})

describe('the loaded list', () => {
  const row = (id: number, name: string) => ({ id, name, type: 'typebot' }) as Integration
  test('pages merge by id in name order; live events add, replace and remove', () => {
    expect(mergeIntegrations([row(2, 'b'), row(1, 'A')], [row(2, 'c')]).map((r) => r.name)).toEqual(['A', 'c'])
    const rows = [row(1, 'A')]
    expect(applyIntegrationEvent(rows, 'company-5-queueIntegration', { action: 'create', record: row(9, 'Zed') }, '').map((r) => r.id)).toEqual([1, 9])
    expect(applyIntegrationEvent(rows, 'company-5-queueIntegration', { action: 'create', record: row(9, 'Zed') }, 'abc')).toBe(rows)
    expect(applyIntegrationEvent(rows, 'company-5-queueIntegration', { action: 'delete', record: { id: 1 } }, '')).toEqual([])
    expect(applyIntegrationEvent(rows, 'company-5-flowbuilder', { action: 'delete', record: { id: 1 } }, '')).toBe(rows)
  })
})
