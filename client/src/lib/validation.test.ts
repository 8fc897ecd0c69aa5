import { describe, expect, test } from 'bun:test'
import { profileProblems, signupProblems, type SignupValues } from './validation.ts'

const valid: SignupValues = { name: 'Ana', companyName: 'Loja da Ana', email: 'ana@loja.com', password: 'secret', phone: '5511999999999', planId: '3' }

describe('sign-up rules (spec part 2 §5)', () => {
  test('a complete form has no problems', () => {
    expect(signupProblems(valid)).toEqual({})
  })

  test('name 2-50 with the spec messages', () => {
    expect(signupProblems({ ...valid, name: '' }).name).toBe('validation.required')
    expect(signupProblems({ ...valid, name: 'A' }).name).toBe('validation.tooShort')
    expect(signupProblems({ ...valid, name: 'x'.repeat(51) }).name).toBe('validation.tooLong')
  })

  test('company name 2-50 and required', () => {
    expect(signupProblems({ ...valid, companyName: ' ' }).companyName).toBe('validation.required')
    expect(signupProblems({ ...valid, companyName: 'L' }).companyName).toBe('validation.tooShort')
  })

  test('password 5-50', () => {
    expect(signupProblems({ ...valid, password: '1234' }).password).toBe('validation.tooShort')
    expect(signupProblems({ ...valid, password: 'x'.repeat(51) }).password).toBe('validation.tooLong')
  })

  test('email valid and required, phone and plan required', () => {
    expect(signupProblems({ ...valid, email: 'ana' }).email).toBe('validation.invalidEmail')
    expect(signupProblems({ ...valid, email: '' }).email).toBe('validation.required')
    expect(signupProblems({ ...valid, phone: '' }).phone).toBe('validation.required')
    expect(signupProblems({ ...valid, planId: '' }).planId).toBe('validation.required')
  })
})

describe('profile rules (spec part 1 §5 user form)', () => {
  const profile = { name: 'Ana', email: 'ana@loja.com', password: '', defaultTheme: 'light' as const, defaultMenu: 'open' as const }

  test('an empty password keeps the current one', () => {
    expect(profileProblems(profile)).toEqual({})
  })

  test('a new password needs 5 to 50 characters', () => {
    expect(profileProblems({ ...profile, password: 'abc' }).password).toBe('validation.tooShort')
  })
})
