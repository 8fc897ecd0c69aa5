import { describe, expect, test } from 'bun:test'
import { parseWhatsappText } from './whatsapp-format.ts'

describe('WhatsApp formatting', () => {
  test('bold, italic, strike and inline code become nodes; the text between stays', () => {
    expect(parseWhatsappText('*1* - Vendas')).toEqual([{ tag: 'bold', children: ['1'] }, ' - Vendas'])
    expect(parseWhatsappText('um _dois_ ~três~ `quatro`.')).toEqual([
      'um ',
      { tag: 'italic', children: ['dois'] },
      ' ',
      { tag: 'strike', children: ['três'] },
      ' ',
      { tag: 'code', children: ['quatro'] },
      '.',
    ])
  })

  test('markers nest, and a monospace block keeps its lines and its asterisks', () => {
    expect(parseWhatsappText('*_ambos_*')).toEqual([{ tag: 'bold', children: [{ tag: 'italic', children: ['ambos'] }] }])
    expect(parseWhatsappText('antes\n```a *b*\nc```\ndepois')).toEqual(['antes\n', { tag: 'mono', children: ['a *b*\nc'] }, '\ndepois'])
  })

  test('line breaks stay in the text, and a marker never spans them', () => {
    expect(parseWhatsappText('Escolha:\n\n*1* - A\n*2* - B')).toEqual(['Escolha:\n\n', { tag: 'bold', children: ['1'] }, ' - A\n', { tag: 'bold', children: ['2'] }, ' - B'])
    expect(parseWhatsappText('*começa\ntermina*')).toEqual(['*começa\ntermina*'])
  })

  test('markers inside words, beside spaces or alone are plain text', () => {
    for (const plain of ['2*3*4', 'snake_case_name', '* solto *', 'preço: 5 * 3', '**', 'e-mail_']) {
      expect(parseWhatsappText(plain)).toEqual([plain])
    }
  })
})
