import { describe, expect, test } from 'bun:test'
import { createTicketSchema } from '../../../../server/routes/tickets.schema.ts'
import { ApiError } from '../../lib/api.ts'
import { newTicketProblems, otherOpenTicketOf } from './ticket-dialogs.ts'

describe('ERR_OTHER_OPEN_TICKET details', () => {
  const details = { userId: 4, userName: 'Bia', queueName: 'Vendas', uuid: 'u-1', status: 'open' }
  test('read from the answer fields, or from the JSON in its message', () => {
    expect(otherOpenTicketOf(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'x', { error: 'ERR_OTHER_OPEN_TICKET', message: '', ...details }))).toEqual(details)
    expect(otherOpenTicketOf(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'x', { error: 'ERR_OTHER_OPEN_TICKET', message: JSON.stringify(details) }))).toEqual(details)
  })
  test('a waiting ticket has no user; other errors are not it', () => {
    expect(otherOpenTicketOf(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'x', { uuid: 'u-2', userId: null, userName: null, queueName: null, status: 'pending' }))).toEqual({
      userId: null, userName: null, queueName: null, uuid: 'u-2', status: 'pending',
    })
    expect(otherOpenTicketOf(new ApiError(400, 'ERR_VALIDATION', 'x'))).toBeNull()
    expect(otherOpenTicketOf(new Error('boom'))).toBeNull()
  })
})

test('a new ticket needs contact, connection and queue, with the server schema agreeing', () => {
  expect(newTicketProblems({ contactId: null, whatsappId: null, queueId: null })).toEqual({
    contactId: 'tickets.new.pickContact', whatsappId: 'tickets.new.pickConnection', queueId: 'tickets.selectQueue',
  })
  expect(newTicketProblems({ contactId: 1, whatsappId: 2, queueId: 3 })).toEqual({})
  expect(createTicketSchema.safeParse({ contactId: 1, whatsappId: 2, queueId: 3, userId: 4, status: 'open' }).success).toBe(true)
})
