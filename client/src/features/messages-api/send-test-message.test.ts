import { describe, expect, test } from 'bun:test'
import { apiSendSchema } from '../../../../server/routes/api-messages.schema.ts'
import { testMessageProblems } from './send-test-message.ts'

const base = { token: 'abc', number: '5511999990000', body: 'Olá', file: null }

describe('messages API page forms (spec part 2 §5)', () => {
  test('token, number and body for text; a file for media', () => {
    expect(testMessageProblems(base, 'text')).toEqual({})
    expect(testMessageProblems({ ...base, token: ' ', body: '' }, 'text')).toEqual({ token: 'validation.required', body: 'validation.required' })
    expect(testMessageProblems({ ...base, body: '' }, 'media')).toEqual({ file: 'validation.required' })
    expect(testMessageProblems({ ...base, body: '', file: new File(['x'], 'a.txt') }, 'media')).toEqual({})
  })
  test('the number is digits only, as the API checks it', () => {
    for (const number of ['+55 11 99999-0000', '55119', '5511999990000123456']) {
      expect(testMessageProblems({ ...base, number }, 'text').number).toBe('messagesApi.errors.number')
      expect(apiSendSchema.safeParse({ number, body: 'x' }).success).toBe(false)
    }
    expect(apiSendSchema.safeParse({ number: base.number, body: 'x' }).success).toBe(true)
  })
})
