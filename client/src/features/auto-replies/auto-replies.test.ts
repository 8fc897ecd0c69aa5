import { describe, expect, test } from 'bun:test'
import { applyAutoReplyEvent, autoReplyFormProblems, mergeAutoReplies, newAutoReplyValues } from './auto-replies.ts'

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

  test("another admin's changes: matching rules join, known ones are replaced, deleted ones leave, other events change nothing", () => {
    const r = (id: number, keyword: string) => ({ id, keyword, condition: 'equal' as const, response: '', mediaPath: null, mediaName: null })
    const rows = [r(1, 'horário')]
    expect(applyAutoReplyEvent(rows, 'company-3-autoReply', { action: 'create', autoReply: r(2, 'preço') }, 'hor')).toBe(rows)
    expect(applyAutoReplyEvent(rows, 'company-3-autoReply', { action: 'create', autoReply: r(2, 'Horas') }, 'hor').map((x) => x.id)).toEqual([1, 2])
    expect(applyAutoReplyEvent(rows, 'company-3-autoReply', { action: 'update', autoReply: r(1, 'endereço') }, 'hor').map((x) => x.keyword)).toEqual(['endereço'])
    expect(applyAutoReplyEvent(rows, 'company-3-autoReply', { action: 'delete', autoReplyId: 1 }, '')).toEqual([])
    expect(applyAutoReplyEvent(rows, 'company-3-file', { action: 'delete', fileId: 1 }, '')).toBe(rows)
    expect(applyAutoReplyEvent(rows, 'company-3-autoReply', { action: 'update', autoReply: { id: 1 } }, '')).toBe(rows)
  })
})
