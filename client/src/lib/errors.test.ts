import { describe, expect, test } from 'bun:test'
import { ApiError } from './api.ts'
import { errorText, FALLBACK_ERROR } from './errors.ts'

const dict: Record<string, string> = { 'errors.ERR_INVALID_CREDENTIALS': 'Erro de autenticação.' }
const translate = (key: string) => dict[key] ?? null

describe('errorText (spec part 1 §8)', () => {
  test('a known code shows its translation', () => {
    expect(errorText(new ApiError(401, 'ERR_INVALID_CREDENTIALS', 'Invalid email or password'), translate)).toBe('Erro de autenticação.')
    expect(errorText({ error: 'ERR_INVALID_CREDENTIALS' }, translate)).toBe('Erro de autenticação.')
  })

  test('an unknown code shows the raw text', () => {
    expect(errorText(new ApiError(400, 'ERR_SOMETHING_NEW', 'Something new broke'), translate)).toBe('Something new broke')
    expect(errorText(new Error('plain failure'), translate)).toBe('plain failure')
  })

  test('an unknown code without a message shows the code', () => {
    expect(errorText(new ApiError(400, 'ERR_SOMETHING_NEW', ''), translate)).toBe('ERR_SOMETHING_NEW')
  })

  test('nothing at all shows the fallback', () => {
    expect(errorText(undefined, translate)).toBe(FALLBACK_ERROR)
    expect(errorText(new ApiError(500, undefined, ''), () => null)).toBe('An error occurred!')
    expect(errorText({}, (k) => (k === 'errors.fallback' ? 'Ocorreu um erro!' : null))).toBe('Ocorreu um erro!')
  })
})
