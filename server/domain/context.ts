import type { Tx } from '../db/connect.ts'
import type { AuthContext } from './auth/auth-context.ts'

/** A change the domain made, dispatched to listeners (realtime hub, workers) after the commit. */
export interface DomainEvent {
  type: string
  companyId: number
  payload: Record<string, unknown>
}

/** What a domain action gets: the tenant-scoped transaction, the actor, a clock and an event sink. */
export interface DomainCtx {
  tx: Tx
  auth: AuthContext
  now: () => Date
  emit: (event: DomainEvent) => void
}
