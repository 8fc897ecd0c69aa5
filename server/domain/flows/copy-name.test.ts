import { describe, expect, test } from 'bun:test'
import { copyName, FLOW_NAME_MAX } from './copy-name.ts'

describe('copyName', () => {
  test('appends " - cópia" to a free name', () => {
    expect(copyName('Boas-vindas', ['Boas-vindas'])).toBe('Boas-vindas - cópia')
  })

  test('numbers the copy from (2) while the name is taken, case-insensitively', () => {
    expect(copyName('Vendas', ['Vendas', 'vendas - CÓPIA'])).toBe('Vendas - cópia (2)')
    expect(copyName('Vendas', ['Vendas - cópia', 'Vendas - cópia (2)'])).toBe('Vendas - cópia (3)')
  })

  test('cuts a long name so the copy, with its number, stays within 50 characters', () => {
    const long = 'x'.repeat(FLOW_NAME_MAX - 2)
    const first = copyName(long, [long])
    expect(first).toBe(`${long} -`)
    const second = copyName(long, [long, first])
    expect(second.length).toBe(FLOW_NAME_MAX)
    expect(second.endsWith(' (2)')).toBe(true)
    // A 50-character name cut back to itself is taken: the copy is numbered at once.
    const full = 'z'.repeat(FLOW_NAME_MAX)
    expect(copyName(full, [full])).toBe(`${'z'.repeat(FLOW_NAME_MAX - 4)} (2)`)
  })

  test('does not end the cut name with a space before the number', () => {
    const name = 'y'.repeat(43) // with " (2)" the cut lands right after "<name> - "
    const taken = [name, copyName(name, [name])]
    expect(copyName(name, taken)).toBe(`${name} - (2)`)
  })
})
