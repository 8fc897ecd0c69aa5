import { describe, expect, test } from 'bun:test'
import { autoReplyFormProblems, mergeAutoReplies, newAutoReplyValues } from './auto-replies.ts'

describe('auto-reply form', () => {
  test('keyword and response required; condition defaults to equal', () => {
    expect(newAutoReplyValues().condition).toBe('equal')
    expect(autoReplyFormProblems({ ...newAutoReplyValues(), keyword: ' ', response: '' })).toEqual({ keyword: 'autoReplies.errors.required', response: 'autoReplies.errors.required' })
    expect(autoReplyFormProblems({ ...newAutoReplyValues(), keyword: 'oi', response: 'olá' })).toEqual({})
  })

  test('pages merge by id in keyword order', () => {
    const r = (id: number, keyword: string) => ({ id, keyword, condition: 'equal' as const, response: '', mediaPath: null, mediaName: null })
    expect(mergeAutoReplies([r(2, 'b'), r(1, 'a')], [r(2, 'B2'), r(3, 'c')]).map((x) => x.keyword)).toEqual(['a', 'B2', 'c'])
  })
})
