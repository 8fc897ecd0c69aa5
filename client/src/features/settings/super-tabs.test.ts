import { describe, expect, test } from 'bun:test'
import { helpFormProblems, newHelpValues, videoCode } from './helps-admin.ts'
import { newPlanValues, parseAmount, planFormProblems, planRequestBody, PLAN_FLAGS } from './plans-admin.ts'

describe('plans tab', () => {
  test('a new plan is public with every feature on', () => {
    const v = newPlanValues()
    expect(v.isPublic).toBe(true)
    expect(PLAN_FLAGS.every((f) => v[f])).toBe(true)
    expect(PLAN_FLAGS).toHaveLength(10)
  })

  test('name 2-50, whole counts, an amount with a comma or a point', () => {
    const v = { ...newPlanValues(), name: 'P', users: '2.5', connections: '-1', queues: '', amount: '49,9x' }
    expect(planFormProblems(v)).toEqual({ name: 'validation.tooShort', users: 'settings.plans.wholeNumber', connections: 'settings.plans.wholeNumber', queues: 'settings.plans.wholeNumber', amount: 'settings.plans.invalidAmount' })
    expect([parseAmount('49,90'), parseAmount('49.9'), parseAmount('100'), parseAmount('1,234')]).toEqual([49.9, 49.9, 100, Number.NaN])
    const body = planRequestBody({ ...newPlanValues(), name: ' Pro ', users: '8', amount: '189,90', useCampaigns: false })
    expect(body).toMatchObject({ name: 'Pro', users: 8, connections: 1, queues: 1, amount: 189.9, isPublic: true, useCampaigns: false, useKanban: true })
  })
})

describe('helps tab', () => {
  test('a YouTube link becomes its code; the title is required', () => {
    expect(videoCode('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ')
    expect(videoCode('https://youtu.be/abc-123_X')).toBe('abc-123_X')
    expect(videoCode(' abc ')).toBe('abc')
    expect(helpFormProblems(newHelpValues())).toEqual({ title: 'validation.required' })
    expect(helpFormProblems({ title: 'Como usar', description: '', video: 'not a code!' })).toEqual({ video: 'settings.helps.invalidVideo' })
  })
})
