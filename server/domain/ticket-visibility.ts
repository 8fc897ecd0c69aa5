import type { AuthContext } from './auth/auth-context.ts'
import { can } from './permissions.ts'

/** The ticket fields visibility depends on; events carry them so routing needs no query. */
export interface TicketAccessFields {
  userId: number | null
  queueId: number | null
  isGroup: boolean
}

/**
 * May this user see this ticket (its chat box, its live events)? Spec part 1 §6: group tickets need
 * allowGroup (the permission table gives it to no one by default, admins included); then admins see
 * everything, owners see their own, users see their queues, and tickets without a queue need allTicket.
 * Each rule is an early return, read top to bottom.
 */
export function canSeeTicket(auth: AuthContext, ticket: TicketAccessFields): boolean {
  if (ticket.isGroup && !can(auth, 'tickets:group')) return false
  if (can(auth, 'admin')) return true
  if (ticket.userId !== null && ticket.userId === auth.user.id) return true
  if (ticket.queueId !== null) return auth.user.queueIds.includes(ticket.queueId)
  return can(auth, 'tickets:noQueue')
}
