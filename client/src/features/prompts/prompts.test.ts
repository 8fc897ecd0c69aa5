import { describe, expect, test } from 'bun:test'
import { applyPromptEvent, newPromptValues, promptFormProblems, promptRequestBody, type Prompt } from './prompts.ts'

describe('prompt form', () => {
  test("a queue is required ('Informe o setor'); numbers in range; the spec's defaults", () => {
    const v = newPromptValues()
    expect([v.maxTokens, v.temperature, v.maxMessages, v.voice]).toEqual(['100', '1', '10', 'texto'])
    expect(promptFormProblems({ ...v, name: 'IA' })).toEqual({ queueId: 'prompts.errors.queue' })
    expect(promptFormProblems({ ...v, name: 'IA', queueId: '3', maxTokens: '0', temperature: '2,5', maxMessages: 'x' })).toEqual({
      maxTokens: 'prompts.errors.number', temperature: 'prompts.errors.number', maxMessages: 'prompts.errors.number',
    })
    expect(promptRequestBody({ ...v, name: ' IA ', queueId: '3', temperature: '0,5' })).toMatchObject({ name: 'IA', queueId: 3, temperature: 0.5, maxTokens: 100 })
  })

  test('live events add, replace and remove rows', () => {
    const p = (id: number, name: string) => ({ id, name }) as Prompt
    const rows = applyPromptEvent([p(1, 'b')], 'company-7-prompt', { action: 'create', prompt: p(2, 'a') })
    expect(rows.map((r) => r.name)).toEqual(['a', 'b'])
    expect(applyPromptEvent(rows, 'company-7-prompt', { action: 'delete', promptId: 1 }).map((r) => r.id)).toEqual([2])
    expect(applyPromptEvent(rows, 'company-7-tag', { action: 'delete', promptId: 1 })).toBe(rows)
  })
})
