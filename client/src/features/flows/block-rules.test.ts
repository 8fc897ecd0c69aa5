import { describe, expect, test } from 'bun:test'
import {
  addOption, contentProblem, defaultData, fileProblem, flowNameProblem, intervalProblem, mediaKindOf, menuProblems, messageProblem,
  randomizerProblem, removeLastOption, ticketProblem,
} from './block-rules.ts'

describe('flow name', () => {
  test('is required and 2-50 characters', () => {
    expect(flowNameProblem('  ')).toBe('flows.validation.nameRequired')
    expect(flowNameProblem('a')).toBe('flows.validation.tooShort')
    expect(flowNameProblem('a'.repeat(51))).toBe('flows.validation.tooLong')
    expect(flowNameProblem('Boas-vindas')).toBeNull()
  })
})

describe('interval and randomizer', () => {
  test('an interval is above 0 and at most 120 seconds', () => {
    expect(intervalProblem('')).toBe('flows.validation.intervalRequired')
    expect(intervalProblem(0)).toBe('flows.validation.intervalRequired')
    expect(intervalProblem(121)).toBe('flows.validation.intervalMax')
    expect(intervalProblem('120')).toBeNull()
  })

  test('the randomizer refuses 0 and anything off the steps of 10', () => {
    expect(randomizerProblem(0)).toBe('flows.validation.intervalRequired')
    expect(randomizerProblem(35)).toBe('flows.validation.randomizerStep')
    expect(randomizerProblem(70)).toBeNull()
  })
})

describe('content block', () => {
  test('refuses empty texts, then empty media cards, then bad intervals', () => {
    expect(contentProblem([{ type: 'message', number: '1', value: ' ' }])).toBe('flows.validation.emptyMessage')
    expect(contentProblem([{ type: 'img', number: '1', value: '' }])).toBe('flows.validation.emptyCards')
    expect(contentProblem([{ type: 'interval', number: '1', value: '0' }])).toBe('flows.validation.contentInterval')
    expect(contentProblem([{ type: 'interval', number: '1', value: '121' }])).toBe('flows.validation.contentInterval')
    expect(contentProblem([{ type: 'message', number: '1', value: 'Oi' }, { type: 'audio', number: '2', value: 'a.ogg' }])).toBeNull()
  })
})

describe('other blocks', () => {
  test('message, ticket and menu need their content', () => {
    expect(messageProblem('')).toBe('flows.validation.emptyMessage')
    expect(ticketProblem(null)).toBe('flows.validation.queueRequired')
    expect(ticketProblem(4)).toBeNull()
    expect(menuProblems('', [{ number: 1, value: '' }])).toEqual({ message: 'flows.validation.required', options: 'flows.validation.optionsRequired' })
  })

  test('menu options are numbered from 1 and only the last goes', () => {
    const two = addOption(defaultData('menu').arrayOption)
    expect(two.map((o) => o.number)).toEqual([1, 2])
    expect(removeLastOption(two)).toEqual([{ number: 1, value: '' }])
  })
})

describe('files', () => {
  test('images are png/jpg/jpeg up to 2 MB', () => {
    expect(fileProblem('img', { name: 'a.PNG', size: 10 })).toBeNull()
    expect(fileProblem('img', { name: 'a.gif', size: 10 })).toBe('flows.validation.fileType.img')
    expect(fileProblem('img', { name: 'a.jpg', size: 2 * 1024 * 1024 + 1 })).toBe('flows.validation.fileTooBig.img')
    expect(fileProblem('video', { name: 'a.mp4', size: 20 * 1024 * 1024 })).toBeNull()
  })

  test('a content file is sorted by its extension', () => {
    expect(mediaKindOf({ name: 'voz.opus' })).toBe('audio')
    expect(mediaKindOf({ name: 'x.mp4' })).toBe('video')
    expect(mediaKindOf({ name: 'x.pdf' })).toBeNull()
  })
})
