import type { AuthContext } from '../auth/auth-context.ts'
import { AppError } from '../app-error.ts'
import { can } from '../permissions.ts'
import { canSeeTicket } from '../ticket-visibility.ts'

/** PUT /tickets/{id} body fields that pick the transition (spec part 1 §7). */
export interface TicketChange {
  status?: 'open' | 'pending' | 'closed' | 'group'
  userId?: number | null
  queueId?: number | null
  isTransfered?: boolean
  sendFarewellMessage?: boolean
}

export interface TicketState {
  status: string
  userId: number | null
  queueId: number | null
  isGroup: boolean
}

/** The transitions of spec part 1 §4, plus the "already taken" answer and plain field updates. */
export type TicketAction =
  | 'accept'
  | 'returnToQueue'
  | 'resolve'
  | 'ignore'
  | 'reopen'
  | 'transfer'
  | 'taken'
  | 'update'

/**
 * Which transition a PUT asks for, from the ticket as it is now (pure; docs/decisions.md "Tickets"):
 * - status closed: Ignore from lgpd, or from pending without a userId; Resolve otherwise; on a closed ticket, nothing.
 * - a closed ticket asked for any other status: Reopen.
 * - isTransfered, or a user other than the actor / a different queue: Transfer.
 * - status open (or group) on pending/lgpd: Accept; on a ticket another user holds: already taken.
 * - status pending on an open ticket: Return to queue.
 */
export function decideTicketAction(ticket: TicketState, change: TicketChange, actorId: number): TicketAction {
  const { status } = change
  if (status === 'closed') {
    if (ticket.status === 'closed') return 'update'
    if (ticket.status === 'lgpd') return 'ignore'
    // The resolve button sends the closer's id; the ignore button of a waiting ticket sends none.
    if (ticket.status === 'pending') return change.userId ? 'resolve' : 'ignore'
    return 'resolve'
  }
  if (ticket.status === 'closed') return status || change.userId !== undefined || change.queueId !== undefined ? 'reopen' : 'update'
  const otherUser = change.userId !== undefined && change.userId !== null && change.userId !== actorId
  const otherQueue = change.queueId !== undefined && change.queueId !== ticket.queueId
  if (change.isTransfered || otherUser) return 'transfer'
  if (status === 'open' || status === 'group') {
    if (ticket.status === 'pending' || ticket.status === 'lgpd') return 'accept'
    if (ticket.userId !== null && ticket.userId !== actorId) return 'taken'
    if (otherQueue) return 'transfer'
    return ticket.userId === null && ticket.status !== 'group' ? 'accept' : 'update'
  }
  if (status === 'pending' && ticket.status !== 'pending') return 'returnToQueue'
  if (otherQueue) return 'transfer'
  return 'update'
}

/** Status a ticket takes when someone holds it: group tickets stay in the group tab (spec §4 Accept, Reopen, Transfer). */
export const heldStatus = (isGroup: boolean) => (isGroup ? 'group' : 'open')

/**
 * May the actor perform this action on this ticket (spec part 1 §4 and §6, anchor §9.5)? Each rule is
 * an early return; a refusal is 403 ERR_NO_PERMISSION.
 * - Everyone must be able to see the ticket (canSeeTicket), admins included for group tickets.
 * - Reopen: whoever sees the closed ticket (spec §4 "current user"); the reopen itself checks queue and owner.
 * - Ignore, or Resolve of a pending ticket: admin, or userClosePendingTicket enabled.
 * - A ticket another user holds (open with an owner): only its owner or an admin acts on it; the
 *   "already taken" answer is a read and needs only visibility.
 * - Unowned tickets (pending, lgpd, group, nps without owner): whoever sees them.
 */
export function assertMayAct(auth: AuthContext, ticket: TicketState, action: TicketAction): void {
  if (!canSeeTicket(auth, ticket)) throw new AppError('ERR_NO_PERMISSION', 'You cannot see this ticket')
  if (action === 'taken' || action === 'reopen' || can(auth, 'admin')) return
  const closesPending = action === 'ignore' || (action === 'resolve' && ticket.status === 'pending')
  if (closesPending && !can(auth, 'tickets:closePending')) {
    throw new AppError('ERR_NO_PERMISSION', 'Closing pending tickets is not allowed for this user')
  }
  if (ticket.userId !== null && ticket.userId !== auth.user.id) {
    throw new AppError('ERR_NO_PERMISSION', 'This ticket belongs to another user')
  }
}

/** A plain user accepts into or creates in only their own queues; admins pick any of the company's. Transfers go anywhere. */
export function assertMayUseQueue(auth: AuthContext, queueId: number | null): void {
  if (queueId === null || can(auth, 'admin')) return
  if (!auth.user.queueIds.includes(queueId)) throw new AppError('ERR_NO_PERMISSION', 'You are not in this queue')
}
