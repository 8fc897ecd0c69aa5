import { describe, expect, test } from 'bun:test'
import { hasError, isStaticPix, parsePix, type PixStaticObject } from 'pix-utils'
import { brCode, crc16 } from './br-code.ts'

// Static example published in the BCB "Manual de Padrões para Iniciação do Pix".
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D'
const EVP = '123e4567-e12b-12d1-a456-426655440000'
const merchant = { key: 'financeiro@balcao.com.br', name: 'Balcão Soluções Ltda', city: 'São Paulo' }

// An independent parser (pix-utils) must accept the code, CRC included, as a key-based ("static") Pix.
function parsed(code: string): PixStaticObject {
  const pix = parsePix(code)
  if (hasError(pix)) throw new Error(`pix-utils rejected ${code}: ${pix.message}`)
  if (!isStaticPix(pix)) throw new Error(`pix-utils did not read a key-based Pix: ${pix.type}`)
  return pix
}

// Field 26 is always the second field, right after "000201": its two-digit length sits at chars 8-9.
const field26Length = (code: string) => Number(code.slice(8, 10))

describe('crc16', () => {
  test('matches the CCITT-FALSE check value and the BCB example', () => {
    expect(crc16('123456789')).toBe('29B1')
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D')
  })
})

describe('brCode', () => {
  test('reproduces the BCB static example exactly', () => {
    const code = brCode({ key: EVP, name: 'Fulano de Tal', city: 'BRASILIA' })
    expect(code).toBe(BCB_EXAMPLE)
    expect(parsed(code).pixKey).toBe(EVP)
  })

  test('an amount charge is read back by pix-utils with a valid CRC', () => {
    const code = brCode({ ...merchant, amount: 149.9, txid: 'FAT42X' })
    expect(code).toContain('5406149.90')
    const pix = parsed(code)
    expect(pix.transactionAmount).toBe(149.9)
    expect(pix.pixKey).toBe('financeiro@balcao.com.br')
    expect(pix.txid).toBe('FAT42X')
    expect(pix.merchantName).toBe('Balcao Solucoes Ltda')
    expect(pix.merchantCity).toBe('Sao Paulo')
    expect(pix.infoAdicional).toBeUndefined()
    // pix-utils really checks the CRC: one changed character makes it refuse the code.
    const tampered = code.replace('149.90', '149.80')
    expect(hasError(parsePix(tampered))).toBe(true)
  })

  test('trims the description so field 26 stays within 99 characters', () => {
    const code = brCode({ key: EVP, name: 'Fulano', city: 'Brasilia', description: `Fatura de março ${'x'.repeat(200)}` })
    expect(field26Length(code)).toBe(99)
    const pix = parsed(code)
    // 99 - GUI (18) - key (4 + 36) - description id and length (4) leaves 37 characters.
    expect(pix.infoAdicional).toBe(`Fatura de marco ${'x'.repeat(21)}`)
    expect(pix.infoAdicional).toHaveLength(37)
  })

  test('a short description is kept whole', () => {
    const pix = parsed(brCode({ ...merchant, description: 'Plano mensal' }))
    expect(pix.infoAdicional).toBe('Plano mensal')
  })

  test('a key that fills field 26 leaves no room for a description; a longer key is refused', () => {
    const key = `${'a'.repeat(63)}@balcao.com.br` // 77 characters, the longest e-mail key
    const code = brCode({ key, name: 'Fulano', city: 'Brasilia', description: 'Plano mensal' })
    expect(field26Length(code)).toBe(99)
    expect(parsed(code).infoAdicional).toBeUndefined()
    expect(() => brCode({ key: `a${key}`, name: 'Fulano', city: 'Brasilia' })).toThrow('too long')
  })

  test('cuts the name to 25 and the city to 15 characters', () => {
    const pix = parsed(brCode({ ...merchant, name: 'Associação Comercial e Industrial de Ribeirão', city: 'São José dos Campos' }))
    expect(pix.merchantName).toBe('Associacao Comercial e In')
    expect(pix.merchantCity).toBe('Sao Jose dos Ca')
  })

  test('keeps only letters and digits in the txid', () => {
    expect(parsed(brCode({ ...merchant, txid: 'ab-c 12' })).txid).toBe('abc12')
    expect(parsed(brCode({ ...merchant, txid: 'x'.repeat(30) })).txid).toBe('x'.repeat(25))
    expect(parsed(brCode({ ...merchant, txid: '--' })).txid).toBe('***')
  })

  test('amount 0 or absent leaves field 54 out; amounts are rounded to cents', () => {
    for (const amount of [0, undefined]) {
      const code = brCode({ ...merchant, amount })
      expect(code).toContain('53039865802BR')
      expect(parsed(code).transactionAmount).toBe(0)
    }
    expect(brCode({ ...merchant, amount: 0.1 + 0.2 })).toContain('54040.30')
    expect(parsed(brCode({ ...merchant, amount: 9_999_999.99 })).transactionAmount).toBe(9_999_999.99)
  })

  test('refuses bad input with a plain Error', () => {
    const bad: [string, Parameters<typeof brCode>[0]][] = [
      ['key is required', { ...merchant, key: '' }],
      ['key is required', { ...merchant, key: '   ' }],
      ['ASCII', { ...merchant, key: 'joão@balcao.com.br' }],
      ['finite number', { ...merchant, amount: -1 }],
      ['finite number', { ...merchant, amount: Number.NaN }],
      ['finite number', { ...merchant, amount: Number.POSITIVE_INFINITY }],
      ['must not exceed', { ...merchant, amount: 10_000_000 }],
      ['name is empty', { ...merchant, name: '' }],
      ['name is empty', { ...merchant, name: '北京 ' }],
      ['city is empty', { ...merchant, city: '   ' }],
    ]
    for (const [message, input] of bad) {
      expect(() => brCode(input)).toThrow(message)
    }
  })
})
