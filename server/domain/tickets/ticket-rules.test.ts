import { describe, expect, test } from 'bun:test'
import type { AuthContext } from '../auth/auth-context.ts'
import { AppError } from '../app-error.ts'
import { assertMayAct, decideTicketAction, type TicketAction, type TicketState } from './ticket-rules.ts'

function actor(user: Partial<AuthContext['user']> = {}): AuthContext {
  return {
    sessionId: 's',
    company: { id: 2, name: 'C', status: true, dueDate: '2999-01-01' },
    user: {
      id: 10, companyId: 2, name: 'U', email: 'u@x', profile: 'user', super: false, allTicket: 'disable', allowGroup: false,
      allHistoric: 'disabled', allUserChat: 'disabled', userClosePendingTicket: 'enabled', showDashboard: 'disabled',
      allowRealTime: 'disabled', allowConnections: 'disabled', queueIds: [1], ...user,
    },
    plan: {
      id: 1, users: 1, connections: 1, queues: 1, useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true,
      useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
    },
  }
}

const ticket = (t: Partial<TicketState> = {}): TicketState => ({ status: 'pending', userId: null, queueId: 1, isGroup: false, ...t })

const refusal = (auth: AuthContext, t: TicketState, action: TicketAction) => {
  try {
    assertMayAct(auth, t, action)
    return null
  } catch (e) {
    return (e as AppError).code
  }
}

describe('decideTicketAction', () => {
  test('open on a pending ticket is accept', () => {
    expect(decideTicketAction(ticket(), { status: 'open', userId: 10 }, 10)).toBe('accept')
  })
  test('open on a ticket another user holds is the already-taken answer', () => {
    expect(decideTicketAction(ticket({ status: 'open', userId: 11 }), { status: 'open', userId: 10 }, 10)).toBe('taken')
  })
  test('pending on an open ticket is return to queue', () => {
    expect(decideTicketAction(ticket({ status: 'open', userId: 10 }), { status: 'pending' }, 10)).toBe('returnToQueue')
  })
  test('closed on open is resolve, on lgpd is ignore, on pending depends on the userId', () => {
    expect(decideTicketAction(ticket({ status: 'open', userId: 10 }), { status: 'closed' }, 10)).toBe('resolve')
    expect(decideTicketAction(ticket({ status: 'lgpd' }), { status: 'closed', userId: 10 }, 10)).toBe('ignore')
    expect(decideTicketAction(ticket(), { status: 'closed' }, 10)).toBe('ignore')
    expect(decideTicketAction(ticket(), { status: 'closed', userId: 10 }, 10)).toBe('resolve')
  })
  test('any live status on a closed ticket is reopen', () => {
    expect(decideTicketAction(ticket({ status: 'closed' }), { status: 'open' }, 10)).toBe('reopen')
  })
  test('another user, another queue or the transfer flag is transfer', () => {
    expect(decideTicketAction(ticket({ status: 'open', userId: 10 }), { userId: 12 }, 10)).toBe('transfer')
    expect(decideTicketAction(ticket({ status: 'open', userId: 10 }), { queueId: 2 }, 10)).toBe('transfer')
    expect(decideTicketAction(ticket({ status: 'open', userId: 10 }), { isTransfered: true }, 10)).toBe('transfer')
  })
  test('flags only is a plain update', () => {
    expect(decideTicketAction(ticket({ status: 'open', userId: 10 }), {}, 10)).toBe('update')
  })
})

describe('assertMayAct', () => {
  test('nobody acts on a ticket they cannot see', () => {
    expect(refusal(actor({ queueIds: [5] }), ticket(), 'accept')).toBe('ERR_NO_PERMISSION')
  })
  test('whoever sees a closed ticket may reopen it, one another user held included (spec §4 current user)', () => {
    expect(refusal(actor(), ticket({ status: 'closed', userId: 10 }), 'reopen')).toBeNull()
    expect(refusal(actor(), ticket({ status: 'closed', userId: 11 }), 'reopen')).toBeNull()
    expect(refusal(actor({ queueIds: [5] }), ticket({ status: 'closed', userId: 11 }), 'reopen')).toBe('ERR_NO_PERMISSION')
    expect(refusal(actor({ profile: 'admin' }), ticket({ status: 'closed', userId: 11 }), 'reopen')).toBeNull()
  })
  test('ignore needs userClosePendingTicket or admin', () => {
    expect(refusal(actor({ userClosePendingTicket: 'disabled' }), ticket(), 'ignore')).toBe('ERR_NO_PERMISSION')
    expect(refusal(actor(), ticket(), 'ignore')).toBeNull()
  })
  test("a plain user does not act on another user's ticket but may read who holds it", () => {
    const held = ticket({ status: 'open', userId: 11 })
    expect(refusal(actor(), held, 'resolve')).toBe('ERR_NO_PERMISSION')
    expect(refusal(actor(), held, 'taken')).toBeNull()
    expect(refusal(actor({ profile: 'admin' }), held, 'resolve')).toBeNull()
  })
})
