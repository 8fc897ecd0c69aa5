import { describe, expect, test } from 'bun:test'
import { matchingFlows, newPhraseValues, phraseFormProblems, phraseRequestBody } from './phrase-form.ts'
import { applyPhraseEvent, type PhraseCampaign } from './phrase-lists.ts'

describe('phrase campaign form', () => {
  test('name, flow, connection and phrase are required', () => {
    expect(phraseFormProblems(newPhraseValues())).toEqual({
      name: 'phraseLists.validation.required',
      flowId: 'phraseLists.validation.required',
      whatsappId: 'phraseLists.validation.required',
      phrase: 'phraseLists.validation.required',
    })
  })

  test('the name is 2-50 characters', () => {
    const v = { ...newPhraseValues(), flowId: 1, whatsappId: 2, phrase: 'oi' }
    expect(phraseFormProblems({ ...v, name: 'a' })).toEqual({ name: 'phraseLists.validation.tooShort' })
    expect(phraseFormProblems({ ...v, name: 'a'.repeat(51) })).toEqual({ name: 'phraseLists.validation.tooLong' })
    expect(phraseFormProblems({ ...v, name: 'Promo' })).toEqual({})
  })

  test('the body is trimmed', () => {
    expect(phraseRequestBody({ name: ' Promo ', flowId: 3, whatsappId: 4, phrase: ' quero comprar ', status: false })).toEqual({
      name: 'Promo', flowId: 3, whatsappId: 4, phrase: 'quero comprar', status: false,
    })
  })

  test('the flow picker matches names ignoring case and accents', () => {
    const flows = [{ name: 'Atendimento' }, { name: 'Promoção' }]
    expect(matchingFlows(flows, 'PROMOCAO')).toEqual([{ name: 'Promoção' }])
    expect(matchingFlows(flows, '')).toHaveLength(2)
  })
})

describe('live phrase campaign events', () => {
  const c = (id: number, name: string) => ({ id, name, flowId: 1, flowName: 'F', whatsappId: 1, whatsappName: 'W', phrase: 'oi', status: true, createdAt: '', updatedAt: '' }) as PhraseCampaign
  test('create adds in name order, delete removes, other channels change nothing', () => {
    const rows = [c(1, 'B')]
    expect(applyPhraseEvent(rows, 'company-3-flowcampaign', { action: 'create', record: c(2, 'A') }).map((r) => r.id)).toEqual([2, 1])
    expect(applyPhraseEvent(rows, 'company-3-flowcampaign', { action: 'delete', record: { id: 1 } })).toEqual([])
    expect(applyPhraseEvent(rows, 'company-3-flowbuilder', { action: 'delete', record: { id: 1 } })).toBe(rows)
  })
})
