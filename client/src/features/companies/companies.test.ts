import { describe, expect, test } from 'bun:test'
import { companyFormProblems, companyRequestBody, formatBytes, newCompanyValues } from './companies.ts'

describe('company form', () => {
  test('the spec\'s messages: name, email and plan required, email checked, a password on create', () => {
    const blank = newCompanyValues(new Date(2026, 10, 27))
    expect(blank).toMatchObject({ status: false, recurrence: 'MENSAL', dueDate: '2026-12-27' })
    expect(companyFormProblems(blank, 'create')).toEqual({
      name: 'companies.validation.nameRequired', email: 'companies.validation.emailRequired', planId: 'companies.validation.planRequired', password: 'validation.required',
    })
    expect(companyFormProblems({ ...blank, name: 'Loja', email: 'loja@', planId: 2, password: '12345' }, 'create')).toEqual({ email: 'companies.validation.emailInvalid' })
    // Editing: an empty password keeps the admin's.
    expect(companyFormProblems({ ...blank, name: 'Loja', email: 'loja@x.com', planId: 2 }, 'edit')).toEqual({})
  })

  test('sends the password only when one is typed, and empty dates and phones as null', () => {
    const v = { ...newCompanyValues(), name: ' Loja ', email: 'loja@x.com', planId: 2, dueDate: '', phone: '' }
    expect(companyRequestBody(v)).toEqual({ name: 'Loja', email: 'loja@x.com', phone: null, planId: 2, status: false, dueDate: null, recurrence: 'MENSAL' })
    expect(companyRequestBody({ ...v, password: 'segredo' })).toMatchObject({ password: 'segredo' })
  })

  test('folder sizes as a reader expects them', () => {
    expect([0, 900, 12_345, 3_500_000, 1_288_490_189].map(formatBytes)).toEqual(['0 B', '900 B', '12 KB', '3.3 MB', '1.2 GB'])
  })
})
