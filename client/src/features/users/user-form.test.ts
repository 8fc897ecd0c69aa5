import { describe, expect, test } from 'bun:test'
import { createUserSchema } from '../../../../server/routes/users.schema.ts'
import { newUserValues, userFormProblems, userRequestBody, USER_PERMISSIONS } from './user-form.ts'

const valid = { ...newUserValues(), name: 'Dora', email: 'dora@x.com', password: 'senha' }

describe('user form rules (spec part 1 §5)', () => {
  test('name is required, 2 to 50 characters', () => {
    expect(userFormProblems({ ...valid, name: ' ' }, 'create').name).toBe('validation.required')
    expect(userFormProblems({ ...valid, name: 'D' }, 'create').name).toBe('validation.tooShort')
    expect(userFormProblems({ ...valid, name: 'D'.repeat(51) }, 'create').name).toBe('validation.tooLong')
  })

  test('email must be valid', () => {
    expect(userFormProblems({ ...valid, email: 'dora' }, 'create').email).toBe('validation.invalidEmail')
    expect(userFormProblems({ ...valid, email: '' }, 'create').email).toBe('validation.required')
  })

  test('password is 5 to 50 characters, required for a new user and optional on edit', () => {
    expect(userFormProblems({ ...valid, password: '' }, 'create').password).toBe('validation.required')
    expect(userFormProblems({ ...valid, password: '1234' }, 'create').password).toBe('validation.tooShort')
    expect(userFormProblems({ ...valid, password: 'x'.repeat(51) }, 'edit').password).toBe('validation.tooLong')
    expect(userFormProblems({ ...valid, password: '' }, 'edit')).toEqual({})
    expect(userFormProblems(valid, 'create')).toEqual({})
  })
})

describe('userRequestBody', () => {
  test('a new user defaults to profile user with every switch off', () => {
    const body = createUserSchema.parse(userRequestBody(valid))
    expect(body).toMatchObject({ profile: 'user', allTicket: 'disable', allowGroup: false, allHistoric: 'disabled', allowConnections: 'disabled' })
  })

  test('switches map to the values the server stores: allTicket enable, allowGroup boolean, the rest enabled', () => {
    const permissions = Object.fromEntries(USER_PERMISSIONS.map((p) => [p, true])) as typeof valid.permissions
    const body = userRequestBody({ ...valid, permissions })
    expect(body).toMatchObject({ allTicket: 'enable', allowGroup: true, allHistoric: 'enabled', allUserChat: 'enabled', userClosePendingTicket: 'enabled', showDashboard: 'enabled', allowRealTime: 'enabled', allowConnections: 'enabled' })
    expect(createUserSchema.safeParse(body).success).toBe(true)
  })

  test('trims the name and lowercases the email', () => {
    expect(userRequestBody({ ...valid, name: ' Dora ', email: ' Dora@X.com ' })).toMatchObject({ name: 'Dora', email: 'dora@x.com' })
  })
})

describe('working hours (spec part 2 §2 Users: mask ##:##)', () => {
  test('a new user works 00:00-23:59; hours must be HH:MM', () => {
    expect(newUserValues()).toMatchObject({ startWork: '00:00', endWork: '23:59', queueIds: [], whatsappId: null })
    const base = { ...newUserValues(), name: 'Ana', email: 'ana@x.com', password: 'senha1' }
    expect(userFormProblems({ ...base, startWork: '08:10', endWork: '18:00' }, 'create')).toEqual({})
    expect(userFormProblems({ ...base, startWork: '8:10', endWork: '24:00' }, 'create')).toEqual({ startWork: 'queues.errors.invalidTime', endWork: 'queues.errors.invalidTime' })
  })
})
