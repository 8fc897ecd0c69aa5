import { describe, expect, test } from 'bun:test'
import type { AuthContext } from '../domain/auth/auth-context.ts'
import { CLOSE_SESSION_REPLACED, SESSION_REPLACED_MESSAGE, PASSWORD_CHANGED_MESSAGE } from './protocol.ts'
import { frameFor, routeEvent, routeReaches } from './route-event.ts'

function actor(user: Partial<AuthContext['user']> = {}, companyId = 5, sessionId = 's1'): AuthContext {
  return {
    sessionId,
    company: { id: companyId, name: 'C', status: true, dueDate: '2999-01-01' },
    user: {
      id: 10, companyId, name: 'U', email: 'u@x', profile: 'user', super: false, allTicket: 'disable', allowGroup: false,
      allHistoric: 'disabled', allUserChat: 'disabled', userClosePendingTicket: 'disabled', showDashboard: 'disabled',
      allowRealTime: 'disabled', allowConnections: 'disabled', queueIds: [1], ...user,
    },
    plan: {
      id: 1, users: 1, connections: 1, queues: 1, useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true,
      useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
    },
  }
}

const plain = actor()
const admin = actor({ id: 20, profile: 'admin' })
const other = actor({ id: 30 }, 6)
const superUser = actor({ id: 1, super: true, profile: 'admin' }, 1)

describe('user events', () => {
  const route = routeEvent({ type: 'user', companyId: 5, payload: { action: 'update', user: { id: 10, name: 'U' } } })
  test('reach every socket of the company, named company-{id}-user with the action in data', () => {
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, admin)).toBe(true)
    expect(frameFor(route, 5)).toEqual({ event: 'company-5-user', data: { action: 'update', user: { id: 10, name: 'U' } } })
  })
  test('also name the user room of the user it is about', () => {
    expect(route.audiences).toContainEqual({ to: 'user', companyId: 5, userId: 10 })
  })
  test('never reach another company', () => {
    expect(routeReaches(route, other)).toBe(false)
  })
  test('a delete carries the user id in payload.userId', () => {
    const del = routeEvent({ type: 'user', companyId: 5, payload: { action: 'delete', userId: 10 } })
    expect(del.audiences).toContainEqual({ to: 'user', companyId: 5, userId: 10 })
  })
})

describe('auth.session_replaced', () => {
  const route = routeEvent({ type: 'auth.session_replaced', companyId: 5, payload: { userId: 10, sessionId: 's1' } })
  test('reaches only the socket of the ended session, with the Portuguese message, and closes it', () => {
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, actor({}, 5, 's2'))).toBe(false)
    expect(routeReaches(route, admin)).toBe(false)
    expect(frameFor(route, 5)).toEqual({
      event: 'company-5-auth',
      data: { action: 'sessionReplaced', message: SESSION_REPLACED_MESSAGE, user: { id: 10 } },
    })
    expect(route.close?.code).toBe(CLOSE_SESSION_REPLACED)
  })
})

describe('auth.password_changed (issue 16 item 6)', () => {
  const route = routeEvent({ type: 'auth.password_changed', companyId: 5, payload: { userId: 10, sessionId: 's1' } })
  test('reaches only the ended session, says why in Portuguese, and closes it', () => {
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, actor({}, 5, 's2'))).toBe(false)
    expect(frameFor(route, 5)).toEqual({
      event: 'company-5-auth',
      data: { action: 'passwordChanged', message: PASSWORD_CHANGED_MESSAGE, user: { id: 10 } },
    })
    expect(route.close?.code).toBe(CLOSE_SESSION_REPLACED)
  })
})

describe('announcements', () => {
  test('an active one reaches every company, each under its own event name', () => {
    const route = routeEvent({ type: 'announcement', companyId: 1, payload: { action: 'create', record: { id: 3, status: true } } })
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, other)).toBe(true)
    expect(frameFor(route, 6).event).toBe('company-6-announcement')
  })
  test('an inactive one reaches super users only', () => {
    const route = routeEvent({ type: 'announcement', companyId: 1, payload: { action: 'update', record: { id: 3, status: false } } })
    expect(routeReaches(route, admin)).toBe(false)
    expect(routeReaches(route, superUser)).toBe(true)
  })
  test('an announcement turned inactive reaches the others as a delete naming only its id, not the super users', () => {
    const route = routeEvent({ type: 'announcement', companyId: 1, payload: { hidden: true, record: { id: 3 } } })
    expect(route.data).toEqual({ action: 'delete', record: { id: 3 } })
    expect(route.audiences).toEqual([{ to: 'everyone', notSuper: true }])
    const actor = (isSuper: boolean) => ({ user: { super: isSuper } }) as never
    expect(routeReaches(route, actor(false))).toBe(true)
    expect(routeReaches(route, actor(true))).toBe(false)
  })
})

describe('settings', () => {
  test('a platform setting reaches every company', () => {
    const route = routeEvent({ type: 'settings', companyId: 1, payload: { action: 'update', setting: { key: 'appName', value: 'X' } } })
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, other)).toBe(true)
  })
  test('userCreation reaches super users only, as GET /setting/userCreation does', () => {
    const route = routeEvent({ type: 'settings', companyId: 1, payload: { action: 'update', setting: { key: 'userCreation', value: 'enabled' } } })
    expect(routeReaches(route, admin)).toBe(false)
    expect(routeReaches(route, superUser)).toBe(true)
  })
})

describe('company and companySettings events', () => {
  for (const type of ['company', 'companySettings']) {
    test(`${type} reaches its company only`, () => {
      const route = routeEvent({ type, companyId: 5, payload: { action: 'update' } })
      expect(routeReaches(route, plain)).toBe(true)
      expect(routeReaches(route, other)).toBe(false)
      expect(frameFor(route, 5).event).toBe(`company-5-${type}`)
    })
  }
})

describe('queue and chatbot events', () => {
  test('queue reaches every user of its company, as GET /queue does', () => {
    const route = routeEvent({ type: 'queue', companyId: 5, payload: { action: 'delete', queueId: 3 } })
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, other)).toBe(false)
    expect(frameFor(route, 5).event).toBe('company-5-queue')
  })

  test('chatbot reaches only the admins of its company', () => {
    const route = routeEvent({ type: 'chatbot', companyId: 5, payload: { action: 'delete', chatbotId: 3 } })
    expect(routeReaches(route, plain)).toBe(false)
    expect(routeReaches(route, admin)).toBe(true)
    expect(frameFor(route, 5).event).toBe('company-5-chatbot')
  })
})

describe('tag events', () => {
  test('reach every user of the company on company{id}-tag, the one channel the spec writes without the dash', () => {
    const route = routeEvent({ type: 'tag', companyId: 5, payload: { action: 'create', tag: { id: 3, name: 'VIP' } } })
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, admin)).toBe(true)
    expect(routeReaches(route, other)).toBe(false)
    expect(frameFor(route, 5)).toEqual({ event: 'company5-tag', data: { action: 'create', tag: { id: 3, name: 'VIP' } } })
  })
})

describe('ticket and appMessage events', () => {
  const ticket = { id: 7, status: 'open', queueId: 2, userId: 20, isGroup: false }
  test('reach the users allowed to see the ticket and no one else', () => {
    const route = routeEvent({ type: 'appMessage', companyId: 5, payload: { action: 'create', ticket, message: { id: 1 } } })
    expect(routeReaches(route, admin)).toBe(true)
    expect(routeReaches(route, plain)).toBe(false)
    expect(routeReaches(route, actor({ queueIds: [2] }))).toBe(true)
    expect(routeReaches(route, actor({ profile: 'admin' }, 6))).toBe(false)
    expect(frameFor(route, 5)).toEqual({ event: 'company-5-appMessage', data: { action: 'create', ticket, message: { id: 1 } } })
  })
  test('without the ticket fields they reach admins only', () => {
    const route = routeEvent({ type: 'ticket', companyId: 5, payload: { action: 'delete', ticketId: 7 } })
    expect(routeReaches(route, admin)).toBe(true)
    expect(routeReaches(route, actor({ allTicket: 'enable' }))).toBe(false)
  })
})

describe('whatsapp, whatsappSession and importMessages events', () => {
  for (const type of ['whatsapp', 'whatsappSession', 'importMessages']) {
    const route = routeEvent({ type, companyId: 5, payload: { action: 'update', session: { id: 3, qrcode: 'qr-text' } } })
    test(`${type} reaches admins and users with allowConnections, named company-{id}-${type}`, () => {
      expect(routeReaches(route, admin)).toBe(true)
      expect(routeReaches(route, actor({ allowConnections: 'enabled' }))).toBe(true)
      expect(frameFor(route, 5)).toEqual({ event: `company-5-${type}`, data: { action: 'update', session: { id: 3, qrcode: 'qr-text' } } })
    })
    test(`${type} never reaches a plain user nor another company's admin`, () => {
      expect(routeReaches(route, plain)).toBe(false)
      expect(routeReaches(route, actor({ profile: 'admin' }, 6))).toBe(false)
      expect(routeReaches(route, actor({ allowConnections: 'enabled' }, 6))).toBe(false)
    })
  }
})

describe('unknown event types', () => {
  test("reach only the company's admins, named by the part before the first dot", () => {
    const route = routeEvent({ type: 'queueIntegration', companyId: 5, payload: { action: 'update', record: { id: 1 } } })
    expect(routeReaches(route, admin)).toBe(true)
    expect(routeReaches(route, plain)).toBe(false)
    expect(routeReaches(route, actor({ profile: 'admin' }, 6))).toBe(false)
    expect(frameFor(route, 5).event).toBe('company-5-queueIntegration')
    expect(frameFor(routeEvent({ type: 'contact.updated', companyId: 5, payload: {} }), 5).event).toBe('company-5-contact')
  })
})

describe('chat events', () => {
  const route = routeEvent({ type: 'chat', companyId: 5, payload: { action: 'new-message', record: { id: 3 }, userIds: [10, 11] } })
  test("reach the chat's users only, not an admin outside it, and do not carry the user list", () => {
    expect(routeReaches(route, plain)).toBe(true)
    expect(routeReaches(route, admin)).toBe(false)
    expect(routeReaches(route, other)).toBe(false)
    expect(frameFor(route, 5)).toEqual({ event: 'company-5-chat', data: { action: 'new-message', record: { id: 3 } } })
  })
})
