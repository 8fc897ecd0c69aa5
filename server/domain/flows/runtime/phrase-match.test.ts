import { describe, expect, test } from 'bun:test'
import { containsWords, matchPhrase, normalisePhrase } from './phrase-match.ts'

describe('phrase matching', () => {
  test('normalises case, accents and spaces', () => {
    expect(normalisePhrase('  Promoção   de  NATAL ')).toBe('promocao de natal')
  })

  test('partial needs whole words', () => {
    expect(containsWords('quero a promocao agora', 'promocao')).toBe(true)
    expect(containsWords('promocaox', 'promocao')).toBe(false)
    expect(containsWords('oi!', 'oi')).toBe(true)
    expect(containsWords('oito', 'oi')).toBe(false)
  })

  test('exact beats partial, then the lowest id', () => {
    const campaigns = [
      { id: 3, flowId: 30, phrase: 'promoção' },
      { id: 2, flowId: 20, phrase: 'Quero a PROMOÇÃO' },
      { id: 1, flowId: 10, phrase: 'quero' },
    ]
    expect(matchPhrase('quero a promocao', campaigns)?.id).toBe(2)
    expect(matchPhrase('a promoção, quero', campaigns)?.id).toBe(1)
    expect(matchPhrase('nada', campaigns)).toBeNull()
  })
})
