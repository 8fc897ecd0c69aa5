import { describe, expect, test } from 'bun:test'
import type { ChatbotOptionInput } from '../../routes/chatbots.schema.ts'
import { MAX_TREE_DEPTH } from '../../routes/chatbots.schema.ts'
import { NEXT_LEVEL_NEEDS_MESSAGE, normalizeOption, treeProblems } from './chatbot-rules.ts'

const option = (fields: Partial<ChatbotOptionInput> = {}): ChatbotOptionInput => ({
  name: 'Opção', greetingMessage: '', queueType: 'text', closeTicket: false,
  optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null, options: [], ...fields,
})

describe('normalizeOption', () => {
  test('keeps only the references of the option type', () => {
    const all = { optQueueId: 1, optUserId: 2, optIntegrationId: 3, optFileId: 4 }
    expect(normalizeOption(option({ ...all, queueType: 'text' }))).toMatchObject({ optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null })
    expect(normalizeOption(option({ ...all, queueType: 'attendent' }))).toMatchObject({ optQueueId: 1, optUserId: 2, optIntegrationId: null, optFileId: null })
    expect(normalizeOption(option({ ...all, queueType: 'integration' }))).toMatchObject({ optQueueId: null, optIntegrationId: 3 })
  })
})

describe('treeProblems', () => {
  test('an option with a next level needs a message; a leaf does not', () => {
    const tree = [option({ options: [option()] }), option()]
    expect(treeProblems(tree, 'chatbots', 1)).toEqual([{ field: 'chatbots.0.greetingMessage', message: NEXT_LEVEL_NEEDS_MESSAGE }])
  })

  test(`a tree deeper than ${MAX_TREE_DEPTH} levels is refused`, () => {
    let tree = [option()]
    for (let i = 1; i < MAX_TREE_DEPTH; i++) tree = [option({ greetingMessage: 'm', options: tree })]
    expect(treeProblems(tree, 'chatbots', 1)).toEqual([])
    const deeper = [option({ greetingMessage: 'm', options: tree })]
    expect(treeProblems(deeper, 'chatbots', 1)).toHaveLength(1)
  })
})
