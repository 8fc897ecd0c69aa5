import { z } from 'zod'
import type { AuthContext } from '../domain/auth/auth-context.ts'
import type { DomainEvent } from '../domain/context.ts'
import { can, type Permission } from '../domain/permissions.ts'
import { canSeeTicket, type TicketAccessFields } from '../domain/ticket-visibility.ts'
import { CLOSE_SESSION_REPLACED, companyEvent, SESSION_REPLACED_MESSAGE, PASSWORD_CHANGED_MESSAGE, type ServerFrame } from './protocol.ts'

/** Who receives an event. A socket receives it once if it matches any of the route's audiences. */
export type Audience =
  | { to: 'company'; companyId: number; adminsOnly?: boolean; permission?: Permission }
  | { to: 'user'; companyId: number; userId: number }
  | { to: 'session'; companyId: number; userId: number; sessionId: string }
  | { to: 'everyone'; superOnly?: boolean; notSuper?: boolean }
  | { to: 'ticket'; companyId: number; ticket: TicketAccessFields }

export interface EventRoute {
  audiences: Audience[]
  /** The frame is `company-{recipient's company}-{kind}`: platform-wide events reach each company under its own name. */
  kind: string
  data: Record<string, unknown>
  /** Close the recipients' sockets once the frame is sent. */
  close?: { code: number; reason: string }
}

/** Global settings only super users may read (GET /setting/{key}, spec part 2 §6). */
const SUPER_ONLY_SETTING_KEYS = new Set(['userCreation'])

const ticketFieldsSchema = z.object({
  ticket: z.object({
    id: z.number().int(),
    userId: z.number().int().nullable(),
    queueId: z.number().int().nullable(),
    isGroup: z.boolean(),
  }),
})

const withAction = (payload: Record<string, unknown>) => ({ action: payload.action, ...payload })

/**
 * Decides where a committed domain event goes (anchor §6: unlike MF, which sends everything to the whole
 * company, every event here names its audience). Unknown types reach only the company's admins, so a
 * new event leaks nothing until a rule for it is written here.
 */
export function routeEvent(event: DomainEvent): EventRoute {
  const { type, companyId, payload } = event
  const company = (adminsOnly = false): Audience => ({ to: 'company', companyId, adminsOnly })
  switch (type) {
    case 'auth.session_replaced':
      return {
        audiences: [{ to: 'session', companyId, userId: Number(payload.userId), sessionId: String(payload.sessionId) }],
        kind: 'auth',
        data: { action: 'sessionReplaced', message: SESSION_REPLACED_MESSAGE, user: { id: Number(payload.userId) } },
        close: { code: CLOSE_SESSION_REPLACED, reason: 'session replaced' },
      }
    // The user's password changed (by them or an admin): the other sessions end and are told why (issue 16 item 6).
    case 'auth.password_changed':
      return {
        audiences: [{ to: 'session', companyId, userId: Number(payload.userId), sessionId: String(payload.sessionId) }],
        kind: 'auth',
        data: { action: 'passwordChanged', message: PASSWORD_CHANGED_MESSAGE, user: { id: Number(payload.userId) } },
        close: { code: CLOSE_SESSION_REPLACED, reason: 'password changed' },
      }
    case 'user': {
      // The user list lives on admin screens, and each user's own record updates live (spec §4 Session).
      const userId = Number((payload.user as { id?: unknown } | undefined)?.id ?? payload.userId)
      const own: Audience[] = Number.isInteger(userId) ? [{ to: 'user', companyId, userId }] : []
      return { audiences: [company(), ...own], kind: 'user', data: withAction(payload) }
    }
    // Every user lists queues (GET /queue feeds ticket filters and dialogs); chatbot options stay with admins.
    case 'queue':
    case 'company':
    case 'companySettings':
    // The schedules calendar is the whole company's (docs/decisions.md "Schedules").
    case 'schedule':
    // Every user reads tags (ticket filters, the contact drawer, the board's lanes).
    case 'tag':
      return { audiences: [company()], kind: type, data: withAction(payload) }
    case 'announcement': {
      // An inactive announcement is visible only to super users (GET /announcements filters the same way).
      // Turned inactive: the others only learn that it is gone (a delete naming its id), not its content.
      if (payload.hidden === true) {
        const id = Number((payload.record as { id?: unknown } | undefined)?.id)
        return { audiences: [{ to: 'everyone', notSuper: true }], kind: 'announcement', data: { action: 'delete', record: { id } } }
      }
      const status = (payload.record as { status?: unknown } | undefined)?.status
      return { audiences: [{ to: 'everyone', superOnly: status !== true }], kind: 'announcement', data: withAction(payload) }
    }
    case 'settings': {
      const key = (payload.setting as { key?: unknown } | undefined)?.key
      const superOnly = typeof key !== 'string' || SUPER_ONLY_SETTING_KEYS.has(key)
      return { audiences: [{ to: 'everyone', superOnly }], kind: 'settings', data: withAction(payload) }
    }
    case 'whatsapp':
    case 'whatsappSession':
    case 'importMessages':
      // They carry the QR code and the token: only for those who manage connections (spec part 2 §6).
      return { audiences: [{ to: 'company', companyId, permission: 'connections:view' }], kind: type, data: withAction(payload) }
    case 'chat': {
      // An internal chat is its users' alone (spec part 2 §6), not the company's.
      const { userIds, ...data } = payload
      const users = Array.isArray(userIds) ? userIds.map(Number).filter(Number.isInteger) : []
      return { audiences: users.map((userId): Audience => ({ to: 'user', companyId, userId })), kind: 'chat', data: withAction(data) }
    }
    // Contact lists are campaign material, an admin's (spec part 2 §6); the spec names their channels
    // company-{id}-ContactList and company-{id}-ContactListItem.
    case 'contactList':
      return { audiences: [company(true)], kind: 'ContactList', data: withAction(payload) }
    case 'contactListItem':
      return { audiences: [company(true)], kind: 'ContactListItem', data: withAction(payload) }
    case 'ticket':
    case 'appMessage': {
      const parsed = ticketFieldsSchema.safeParse(payload)
      if (!parsed.success) return { audiences: [company(true)], kind: type, data: withAction(payload) }
      return { audiences: [{ to: 'ticket', companyId, ticket: parsed.data.ticket }], kind: type, data: withAction(payload) }
    }
    default:
      return { audiences: [company(true)], kind: type.split('.')[0], data: withAction(payload) }
  }
}

/** Whether the actor behind one socket belongs to an audience. */
export function isInAudience(auth: AuthContext, audience: Audience): boolean {
  switch (audience.to) {
    case 'everyone':
      return (!audience.superOnly || auth.user.super) && (!audience.notSuper || !auth.user.super)
    case 'company':
      return (
        auth.company.id === audience.companyId &&
        (!audience.adminsOnly || can(auth, 'admin')) &&
        (!audience.permission || can(auth, audience.permission))
      )
    case 'user':
      return auth.company.id === audience.companyId && auth.user.id === audience.userId
    case 'session':
      return auth.company.id === audience.companyId && auth.user.id === audience.userId && auth.sessionId === audience.sessionId
    case 'ticket':
      return auth.company.id === audience.companyId && canSeeTicket(auth, audience.ticket)
  }
}

export const routeReaches = (route: EventRoute, auth: AuthContext) => route.audiences.some((a) => isInAudience(auth, a))

/** The frame one recipient company gets for a route. */
export function frameFor(route: EventRoute, recipientCompanyId: number): ServerFrame {
  return { event: companyEvent(recipientCompanyId, route.kind), data: route.data }
}
