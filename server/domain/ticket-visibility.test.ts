import { describe, expect, test } from 'bun:test'
import type { AuthContext } from './auth/auth-context.ts'
import { canSeeTicket, type TicketAccessFields } from './ticket-visibility.ts'

function actor(user: Partial<AuthContext['user']> = {}): AuthContext {
  return {
    sessionId: 's',
    company: { id: 2, name: 'C', status: true, dueDate: '2999-01-01' },
    user: {
      id: 10, companyId: 2, name: 'U', email: 'u@x', profile: 'user', super: false, allTicket: 'disable', allowGroup: false,
      allHistoric: 'disabled', allUserChat: 'disabled', userClosePendingTicket: 'disabled', showDashboard: 'disabled',
      allowRealTime: 'disabled', allowConnections: 'disabled', queueIds: [1, 2], ...user,
    },
    plan: {
      id: 1, users: 1, connections: 1, queues: 1, useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true,
      useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
    },
  }
}

const ticket = (t: Partial<TicketAccessFields> = {}): TicketAccessFields => ({ userId: null, queueId: 9, isGroup: false, ...t })

describe('admins', () => {
  test('an admin sees a ticket of a queue they are not in', () => {
    expect(canSeeTicket(actor({ profile: 'admin', queueIds: [] }), ticket())).toBe(true)
  })
  test('a super user sees any ticket of the company', () => {
    expect(canSeeTicket(actor({ super: true, queueIds: [] }), ticket({ queueId: null }))).toBe(true)
  })
})

describe('owner', () => {
  test('a user sees their own ticket even in a queue they are not in', () => {
    expect(canSeeTicket(actor(), ticket({ userId: 10, queueId: 9 }))).toBe(true)
  })
  test("a user does not see another user's ticket of a queue they are not in", () => {
    expect(canSeeTicket(actor(), ticket({ userId: 11, queueId: 9 }))).toBe(false)
  })
})

describe('queues', () => {
  test('a user sees a ticket of one of their queues, whoever holds it', () => {
    expect(canSeeTicket(actor(), ticket({ userId: 11, queueId: 2 }))).toBe(true)
  })
  test('a user does not see a ticket of a queue they are not in', () => {
    expect(canSeeTicket(actor(), ticket({ queueId: 9 }))).toBe(false)
  })
})

describe('tickets without a queue', () => {
  test('are hidden from a plain user', () => {
    expect(canSeeTicket(actor(), ticket({ queueId: null }))).toBe(false)
  })
  test("are shown to a user with allTicket ('tickets:noQueue')", () => {
    expect(canSeeTicket(actor({ allTicket: 'enable' }), ticket({ queueId: null }))).toBe(true)
  })
})

describe('group tickets', () => {
  test('are hidden from a user without allowGroup even in their queue', () => {
    expect(canSeeTicket(actor(), ticket({ queueId: 1, isGroup: true }))).toBe(false)
  })
  test('are hidden from an admin without allowGroup', () => {
    expect(canSeeTicket(actor({ profile: 'admin' }), ticket({ isGroup: true }))).toBe(false)
  })
  test('are shown to a user with allowGroup in their queue', () => {
    expect(canSeeTicket(actor({ allowGroup: true }), ticket({ queueId: 1, isGroup: true }))).toBe(true)
  })
  test('still follow the queue rule for a user with allowGroup', () => {
    expect(canSeeTicket(actor({ allowGroup: true }), ticket({ queueId: 9, isGroup: true }))).toBe(false)
  })
})
