import { describe, expect, test } from 'bun:test'
import { ROTATION_TIMES as SERVER_ROTATION_TIMES, createQueueSchema } from '../../../../server/routes/queues.schema.ts'
import { QUEUE_TYPES as SERVER_QUEUE_TYPES } from '../../../../server/routes/chatbots.schema.ts'
import { QUEUE_TYPES, addOption, moveOption, newOption, removeOption, updateOption, type ChatbotOptionValues } from './chatbot-options.ts'
import {
  QUEUE_PALETTE, ROTATION_TIMES, fieldInputId, newQueueValues, queueFormProblems, queueFormValuesOf, queueRequestBody, queueServerProblems, suggestColor,
  tabOfField, type QueueDetail, type QueueFormValues,
} from './queue-form.ts'

const option = (fields: Partial<ChatbotOptionValues> = {}): ChatbotOptionValues => ({ ...newOption(), name: 'Financeiro', ...fields })
const valid = (fields: Partial<QueueFormValues> = {}): QueueFormValues => ({ ...newQueueValues(), name: 'Vendas', ...fields })

describe('new queue values', () => {
  test('hours default to 08:00-12:00 and 13:00-18:00 on all seven weekdays', () => {
    const v = newQueueValues()
    expect(v.schedules).toHaveLength(7)
    expect(v.schedules.map((s) => s.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
    for (const s of v.schedules) expect(s).toMatchObject({ startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' })
    expect(v).toMatchObject({ tempoRoteador: '0', ativarRoteador: false, closeTicket: false, chatbots: [] })
  })

  test('the suggested colour is the first one no queue uses, whatever its case', () => {
    expect(suggestColor([])).toBe(QUEUE_PALETTE[0])
    expect(suggestColor([QUEUE_PALETTE[0].toUpperCase()])).toBe(QUEUE_PALETTE[1])
    const all = suggestColor(QUEUE_PALETTE)
    expect(QUEUE_PALETTE).not.toContain(all)
    expect(all).toMatch(/^#[0-9a-f]{6}$/)
  })
})

describe('queueFormProblems mirrors the server rules (spec part 2 §5)', () => {
  test('a new queue with a name has no problems, and its body passes the server schema', () => {
    expect(queueFormProblems(valid())).toEqual({})
    expect(createQueueSchema.safeParse(queueRequestBody(valid())).success).toBe(true)
  })

  test('name is required, 2 to 50 characters', () => {
    expect(queueFormProblems(valid({ name: ' ' })).name).toBe('validation.required')
    expect(queueFormProblems(valid({ name: 'V' })).name).toBe('validation.tooShort')
    expect(queueFormProblems(valid({ name: 'V'.repeat(51) })).name).toBe('validation.tooLong')
  })

  test('color is required, 3-9 characters and a hex colour', () => {
    expect(queueFormProblems(valid({ color: '' })).color).toBe('validation.required')
    expect(queueFormProblems(valid({ color: '#1' })).color).toBe('validation.tooShort')
    expect(queueFormProblems(valid({ color: '#1234567890' })).color).toBe('validation.tooLong')
    expect(queueFormProblems(valid({ color: 'red' })).color).toBe('queues.errors.invalidColor')
    expect(queueFormProblems(valid({ color: '#ABC' })).color).toBeUndefined()
  })

  test('rotation is one of 0, 2, 5, 10, 15, 30, 45, 60 minutes, as on the server', () => {
    expect([...ROTATION_TIMES]).toEqual([...SERVER_ROTATION_TIMES])
    expect(queueFormProblems(valid({ tempoRoteador: '3' })).tempoRoteador).toBe('queues.errors.invalidRotation')
    for (const m of ROTATION_TIMES) expect(queueFormProblems(valid({ tempoRoteador: String(m) }))).toEqual({})
  })

  test('order is empty or a whole number; integration and file list ids are positive numbers', () => {
    expect(queueFormProblems(valid({ orderQueue: '-1' })).orderQueue).toBe('queues.errors.invalidOrder')
    expect(queueFormProblems(valid({ orderQueue: '2' }))).toEqual({})
    expect(queueFormProblems(valid({ integrationId: 'abc', fileListId: '0' }))).toEqual({ integrationId: 'queues.errors.invalidId', fileListId: 'queues.errors.invalidId' })
  })

  test('shift times are HH:MM or empty', () => {
    const schedules = newQueueValues().schedules.map((s, i) => (i === 5 ? { ...s, startTimeA: '8h', endTimeB: '' } : s))
    expect(queueFormProblems(valid({ schedules }))).toEqual({ 'schedules.5.startTimeA': 'queues.errors.invalidTime' })
  })

  test('an option name is required and at least 4 characters, at any level', () => {
    const chatbots = [option({ name: '', greetingMessage: 'Escolha', options: [option({ name: 'Abc' })] })]
    expect(queueFormProblems(valid({ chatbots }))).toEqual({
      'chatbots.0.name': 'validation.required',
      'chatbots.0.options.0.name': 'validation.tooShort',
    })
  })

  test('an option with a next level needs a message', () => {
    const chatbots = [option({ greetingMessage: ' ', options: [option({ name: 'Boletos' })] })]
    expect(queueFormProblems(valid({ chatbots }))).toEqual({ 'chatbots.0.greetingMessage': 'queues.errors.nextLevelNeedsMessage' })
  })

  test('each option type needs its field: attendent a user, queue a queue, integration and file their ids', () => {
    const chatbots = [
      option({ queueType: 'attendent' }), option({ queueType: 'queue' }), option({ queueType: 'integration', optIntegrationId: 'x' }),
      option({ queueType: 'file' }), option({ queueType: 'text' }),
    ]
    expect(queueFormProblems(valid({ chatbots }))).toEqual({
      'chatbots.0.optUserId': 'validation.required',
      'chatbots.1.optQueueId': 'validation.required',
      'chatbots.2.optIntegrationId': 'queues.errors.invalidId',
      'chatbots.3.optFileId': 'validation.required',
    })
    expect(QUEUE_TYPES).toEqual(SERVER_QUEUE_TYPES)
  })
})

describe('the API body', () => {
  test('numbers as numbers, empty ids as null, the colour in lowercase, the whole tree with only each type\'s references', () => {
    const chatbots = [
      option({ id: 7, greetingMessage: 'Escolha', queueType: 'attendent', optUserId: '3', optQueueId: '4', optFileId: '9', options: [option({ name: 'Boletos', queueType: 'queue', optQueueId: '4', optUserId: '3' })] }),
    ]
    const body = queueRequestBody(valid({ color: '#AABBCC', orderQueue: '2', tempoRoteador: '15', integrationId: '', chatbots }))
    expect(body).toMatchObject({ name: 'Vendas', color: '#aabbcc', orderQueue: 2, tempoRoteador: 15, integrationId: null, fileListId: null })
    expect(body.chatbots).toEqual([
      {
        id: 7, name: 'Financeiro', greetingMessage: 'Escolha', queueType: 'attendent', closeTicket: false, optQueueId: 4, optUserId: 3, optIntegrationId: null, optFileId: null,
        options: [{ name: 'Boletos', greetingMessage: '', queueType: 'queue', closeTicket: false, optQueueId: 4, optUserId: null, optIntegrationId: null, optFileId: null, options: [] }],
      },
    ])
    expect(createQueueSchema.safeParse(body).success).toBe(true)
  })

  test('a loaded queue round-trips: ids kept, every weekday shown, missing days empty', () => {
    const detail: QueueDetail = {
      id: 1, name: 'Suporte', color: '#00ff00', greetingMessage: 'Olá', outOfHoursMessage: null, orderQueue: 3, tempoRoteador: 10, ativarRoteador: true,
      integrationId: null, fileListId: 5, closeTicket: true,
      schedules: [{ weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' }],
      chatbots: [{ id: 11, name: 'Pedidos', greetingMessage: 'Qual?', queueType: 'text', closeTicket: false, optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null,
        options: [{ id: 12, name: 'Status', greetingMessage: '', queueType: 'text', closeTicket: true, optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null, options: [] }] }],
    }
    const v = queueFormValuesOf(detail)
    expect(v).toMatchObject({ orderQueue: '3', tempoRoteador: '10', fileListId: '5', outOfHoursMessage: '', closeTicket: true })
    expect(v.schedules).toHaveLength(7)
    expect(v.schedules[5]).toEqual(detail.schedules![0])
    expect(v.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '', endTimeB: '' })
    const body = queueRequestBody(v)
    expect(body.chatbots[0]).toMatchObject({ id: 11, name: 'Pedidos', options: [{ id: 12, name: 'Status', closeTicket: true }] })
  })
})

describe('server answers', () => {
  test('uniqueness conflicts mark their field', () => {
    expect(queueServerProblems('ERR_QUEUE_COLOR_ALREADY_EXISTS', { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' })).toEqual({ color: 'errors.ERR_QUEUE_COLOR_ALREADY_EXISTS' })
    expect(queueServerProblems('ERR_NAME_ALREADY_EXISTS', { field: 'name' })).toEqual({ name: 'errors.ERR_NAME_ALREADY_EXISTS' })
    expect(queueServerProblems('ERR_PLAN_LIMIT_QUEUES', { limit: 2 })).toEqual({})
  })

  test('validation fields become i18n keys by path; unknown messages stay as written', () => {
    const body = { error: 'ERR_VALIDATION', fields: [
      { field: 'chatbots.0.options.1.name', message: 'Too Short!' }, { field: 'chatbots.0.optUserId', message: 'Unknown record' },
      { field: 'chatbots', message: 'Duplicated option' },
    ] }
    expect(queueServerProblems('ERR_VALIDATION', body)).toEqual({
      'chatbots.0.options.1.name': 'validation.tooShort', 'chatbots.0.optUserId': 'queues.errors.unknownRecord', chatbots: 'Duplicated option',
    })
  })

  test('a field path names the editor input that shows it', () => {
    expect(fieldInputId('color', valid())).toBe('queue-color')
    expect(fieldInputId('chatbots.0.options.1.name', valid())).toBe('queue-option-0-1-name')
    expect(fieldInputId('chatbots.2.optUserId', valid())).toBe('queue-option-2-optUserId')
    expect(fieldInputId('schedules.5.startTimeA', valid())).toBe('queue-saturday-startTimeA')
  })

  test('schedule fields belong to the hours tab, the rest to the queue data', () => {
    expect(tabOfField('schedules.2.startTimeA')).toBe('hours')
    expect(tabOfField('chatbots.0.name')).toBe('data')
  })
})

describe('option tree edits', () => {
  const tree = () => [option({ name: 'Um__', options: [option({ name: 'Um.1' }), option({ name: 'Um.2' })] }), option({ name: 'Dois' })]

  test('adds at the end of the menu or of an option\'s next level', () => {
    expect(addOption(tree(), []).map((o) => o.name)).toEqual(['Um__', 'Dois', ''])
    expect(addOption(tree(), [1])[1].options).toHaveLength(1)
    expect(addOption(tree(), [0])[0].options.map((o) => o.name)).toEqual(['Um.1', 'Um.2', ''])
  })

  test('new options get distinct keys and no id', () => {
    const added = addOption(addOption([], []), [])
    expect(added[0].key).not.toBe(added[1].key)
    expect(added[0].id).toBeNull()
  })

  test('removes an option with its levels, updates one in place, moves among siblings', () => {
    expect(removeOption(tree(), [0]).map((o) => o.name)).toEqual(['Dois'])
    expect(removeOption(tree(), [0, 0])[0].options.map((o) => o.name)).toEqual(['Um.2'])
    expect(updateOption(tree(), [0, 1], { name: 'Novo' })[0].options[1].name).toBe('Novo')
    expect(moveOption(tree(), [0, 1], -1)[0].options.map((o) => o.name)).toEqual(['Um.2', 'Um.1'])
    expect(moveOption(tree(), [1], 1).map((o) => o.name)).toEqual(['Um__', 'Dois'])
  })
})

describe('the greeting with more than one queue (ERR_WAPP_GREETING_REQUIRED)', () => {
  test('required only when the company has another queue', () => {
    const v = { ...newQueueValues(), name: 'Vendas', color: '#16a34a', greetingMessage: '  ' }
    expect(queueFormProblems(v).greetingMessage).toBeUndefined()
    expect(queueFormProblems(v, true).greetingMessage).toBe('errors.ERR_WAPP_GREETING_REQUIRED')
    expect(queueFormProblems({ ...v, greetingMessage: 'Olá' }, true).greetingMessage).toBeUndefined()
    expect(queueServerProblems('ERR_WAPP_GREETING_REQUIRED', {})).toEqual({ greetingMessage: 'errors.ERR_WAPP_GREETING_REQUIRED' })
  })
})
