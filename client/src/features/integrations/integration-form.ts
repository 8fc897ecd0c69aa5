import type { Integration, IntegrationInput, IntegrationLanguage, IntegrationType } from './integrations.ts'

/**
 * The integration dialog's values and rules (spec part 2 §5 "Queue integration", §9 Typebot defaults):
 * name 2-50; urlN8N (an http(s) URL) for n8n, webhook and typebot; typebotSlug for typebot; a flow for
 * flowbuilder. The server holds the same rules and answers its own reasons on the fields.
 */

export interface IntegrationFormValues {
  type: IntegrationType
  name: string
  projectName: string
  /** Blank keeps the stored one on edit (the server never sends it back). */
  jsonContent: string
  language: IntegrationLanguage
  urlN8N: string
  typebotSlug: string
  typebotExpires: string
  typebotDelayMessage: string
  typebotKeywordFinish: string
  typebotKeywordRestart: string
  typebotRestartMessage: string
  typebotUnknownMessage: string
  flowId: string
}

export type IntegrationField = keyof IntegrationFormValues

const V = 'integrations.validation.'
const TEXT_MAX = 1000

export const newIntegrationValues = (): IntegrationFormValues => ({
  type: 'typebot', name: '', projectName: '', jsonContent: '', language: 'pt-BR', urlN8N: '', typebotSlug: '', typebotExpires: '1',
  typebotDelayMessage: '1000', typebotKeywordFinish: '', typebotKeywordRestart: '', typebotRestartMessage: '', typebotUnknownMessage: '', flowId: '',
})

export const integrationValuesOf = (i: Integration): IntegrationFormValues => ({
  type: i.type,
  name: i.name,
  projectName: i.projectName ?? '',
  jsonContent: '',
  language: i.language ?? 'pt-BR',
  urlN8N: i.urlN8N ?? '',
  typebotSlug: i.typebotSlug ?? '',
  typebotExpires: String(i.typebotExpires ?? 1),
  typebotDelayMessage: String(i.typebotDelayMessage ?? 1000),
  typebotKeywordFinish: i.typebotKeywordFinish ?? '',
  typebotKeywordRestart: i.typebotKeywordRestart ?? '',
  typebotRestartMessage: i.typebotRestartMessage ?? '',
  typebotUnknownMessage: i.typebotUnknownMessage ?? '',
  flowId: i.flowId ? String(i.flowId) : '',
})

/** The types that call a URL (urlN8N required). */
export const usesUrl = (type: IntegrationType) => type === 'n8n' || type === 'webhook' || type === 'typebot'

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}
const isCount = (s: string) => /^\d+$/.test(s.trim())

export function integrationFormProblems(v: IntegrationFormValues): Partial<Record<IntegrationField, string>> {
  const p: Partial<Record<IntegrationField, string>> = {}
  const name = v.name.trim()
  if (!name) p.name = `${V}required`
  else if (name.length < 2) p.name = `${V}tooShort`
  else if (name.length > 50) p.name = `${V}tooLong`
  if (v.type === 'dialogflow') {
    if (v.projectName.trim().length > 200) p.projectName = `${V}tooLong`
    if (v.jsonContent.length > 20_000) p.jsonContent = `${V}tooLong`
  }
  if (usesUrl(v.type)) {
    if (!v.urlN8N.trim()) p.urlN8N = `${V}required`
    else if (!isHttpUrl(v.urlN8N.trim())) p.urlN8N = `${V}invalidUrl`
  }
  if (v.type === 'typebot') {
    if (!v.typebotSlug.trim()) p.typebotSlug = `${V}required`
    for (const f of ['typebotExpires', 'typebotDelayMessage'] as const) if (!isCount(v[f])) p[f] = `${V}wholeNumber`
    for (const f of ['typebotKeywordFinish', 'typebotKeywordRestart', 'typebotRestartMessage', 'typebotUnknownMessage'] as const) if (v[f].trim().length > TEXT_MAX) p[f] = `${V}tooLong`
  }
  if (v.type === 'flowbuilder' && !v.flowId) p.flowId = `${V}required`
  return p
}

/**
 * POST/PUT /queueIntegration body: trimmed; projectName is the name for every type but Dialogflow; only
 * Dialogflow sends jsonContent, and a blank one is left out (on edit the stored one stays); only typebot
 * sends its own fields (the others their defaults); flowId only for flowbuilder.
 */
export function integrationRequestBody(v: IntegrationFormValues): IntegrationInput {
  const name = v.name.trim()
  const typebot = v.type === 'typebot'
  const body: IntegrationInput = {
    type: v.type,
    name,
    language: v.language,
    projectName: v.type === 'dialogflow' ? v.projectName.trim() : name,
    urlN8N: usesUrl(v.type) ? v.urlN8N.trim() : '',
    typebotSlug: typebot ? v.typebotSlug.trim() : '',
    typebotExpires: typebot ? Number(v.typebotExpires) : 1,
    typebotDelayMessage: typebot ? Number(v.typebotDelayMessage) : 1000,
    typebotKeywordFinish: typebot ? v.typebotKeywordFinish.trim() : '',
    typebotKeywordRestart: typebot ? v.typebotKeywordRestart.trim() : '',
    typebotRestartMessage: typebot ? v.typebotRestartMessage.trim() : '',
    typebotUnknownMessage: typebot ? v.typebotUnknownMessage.trim() : '',
    flowId: v.type === 'flowbuilder' && v.flowId ? Number(v.flowId) : null,
  }
  if (v.type === 'dialogflow' && v.jsonContent.trim()) body.jsonContent = v.jsonContent
  return body
}
