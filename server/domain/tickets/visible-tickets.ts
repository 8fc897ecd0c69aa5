import type postgres from 'postgres'
import type { Tx } from '../../db/connect.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import { can } from '../permissions.ts'

export type Fragment = postgres.PendingQuery<postgres.Row[]>

/**
 * The tickets the actor may see (canSeeTicket in SQL): group tickets need allowGroup, admins see the
 * rest, others their own, their queues' and, with allTicket, queue-less ones.
 */
export function visibleTo(tx: Tx, auth: AuthContext): Fragment[] {
  const scope: Fragment[] = [tx`t.company_id = ${auth.user.companyId}`]
  if (!can(auth, 'tickets:group')) scope.push(tx`t.is_group = false`)
  if (!can(auth, 'admin')) scope.push(queueRule(tx, auth))
  return scope
}

/** A non-admin's share of the company's tickets: their own, their queues', and with allTicket the queue-less. */
export function queueRule(tx: Tx, auth: AuthContext): Fragment {
  return tx`(t.user_id = ${auth.user.id} or t.queue_id = any(${auth.user.queueIds}::int[])
             or (${can(auth, 'tickets:noQueue')}::boolean and t.queue_id is null))`
}
