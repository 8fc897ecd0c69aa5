import { describe, expect, test } from 'bun:test'
import { botAttemptsLeft, mayReask, pickByNumber, renderMenu } from './menu-rules.ts'

describe('renderMenu', () => {
  test('writes the greeting, a blank line and one "*n* - name" line per item', () => {
    expect(renderMenu('Olá! Escolha:', [{ name: 'Vendas' }, { name: 'Suporte' }])).toBe('Olá! Escolha:\n\n*1* - Vendas\n*2* - Suporte')
  })

  test('without a greeting only the items', () => {
    expect(renderMenu('  ', [{ name: 'Vendas' }])).toBe('*1* - Vendas')
  })
})

describe('pickByNumber', () => {
  const items = ['a', 'b', 'c']
  test('a number picks its item, 1-based, spaces and a trailing dot ignored', () => {
    expect(pickByNumber('2', items)).toBe('b')
    expect(pickByNumber(' 3. ', items)).toBe('c')
  })
  test('out of range, zero and words pick nothing', () => {
    expect(pickByNumber('4', items)).toBeNull()
    expect(pickByNumber('0', items)).toBeNull()
    expect(pickByNumber('quero 2', items)).toBeNull()
  })
})

describe('mayReask', () => {
  const t0 = new Date('2026-11-20T12:00:00Z')
  test('never prompted: yes; within the debounce window: no; after it: yes', () => {
    expect(mayReask(t0, null)).toBe(true)
    expect(mayReask(new Date(t0.getTime() + 1_000), t0)).toBe(false)
    expect(mayReask(new Date(t0.getTime() + 60_000), t0)).toBe(true)
  })
})

describe('botAttemptsLeft', () => {
  test('counts up to the maximum; 0 means no limit', () => {
    expect(botAttemptsLeft(2, 3)).toBe(true)
    expect(botAttemptsLeft(3, 3)).toBe(false)
    expect(botAttemptsLeft(99, 0)).toBe(true)
  })
})
