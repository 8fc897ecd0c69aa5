import { describe, expect, test } from 'bun:test'
import { matchesAutoReply } from './apply-auto-reply.ts'

describe('matchesAutoReply', () => {
  test('each condition, without case, accents or extra spaces', () => {
    expect(matchesAutoReply('  Horário ', 'horario', 'equal')).toBe(true)
    expect(matchesAutoReply('qual o horário?', 'horario', 'equal')).toBe(false)
    expect(matchesAutoReply('qual o HORÁRIO de vocês', 'horario', 'contains')).toBe(true)
    expect(matchesAutoReply('Preço do plano', 'preco', 'startsWith')).toBe(true)
    expect(matchesAutoReply('o preço', 'preco', 'startsWith')).toBe(false)
    expect(matchesAutoReply('quero o boleto', 'BOLETO', 'endsWith')).toBe(true)
    expect(matchesAutoReply('boleto agora', 'boleto', 'endsWith')).toBe(false)
    expect(matchesAutoReply('qualquer', '   ', 'contains')).toBe(false)
  })
})
