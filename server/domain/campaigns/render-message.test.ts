import { describe, expect, test } from 'bun:test'
import { pickVariant, renderCampaignText } from './render-message.ts'

describe('campaign message text (issue 20)', () => {
  test('a variant is chosen among the non-empty ones only', () => {
    const variants = ['', 'Oi', '  ', 'Olá', '']
    expect(pickVariant(variants, () => 0)).toBe('Oi')
    expect(pickVariant(variants, () => 0.99)).toBe('Olá')
    expect(pickVariant(['', ' '], () => 0.5)).toBe('')
  })

  test('{nome}, {numero}, {email} and custom variables are filled; unknown ones stay', () => {
    const text = 'Oi {nome} ({numero}, {email}), use o cupom {cupom} na {loja} {desconhecida}'
    const out = renderCampaignText(text, { nome: 'Ana', numero: '5511999990000', email: 'ana@x.com' }, [
      { key: 'cupom', value: 'BF10' }, { key: 'loja', value: 'Loja X' }, { key: 'nome', value: 'não usado' },
    ])
    expect(out).toBe('Oi Ana (5511999990000, ana@x.com), use o cupom BF10 na Loja X {desconhecida}')
  })
})
