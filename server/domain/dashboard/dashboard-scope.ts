import type { Tx } from '../../db/connect.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import { can } from '../permissions.ts'
import { type Fragment, queueRule } from '../tickets/visible-tickets.ts'

/**
 * The tickets a dashboard counts for the caller: an admin the whole company's, anyone else (a user
 * with showDashboard) those of canSeeTicket's queue rules. Group tickets count whoever asks: a count
 * shows no conversation, and allowGroup (which nobody has by default) would otherwise keep
 * supportGroups at zero for every manager (docs/decisions.md "Dashboard").
 */
export function dashboardScope(tx: Tx, auth: AuthContext): Fragment {
  if (can(auth, 'admin')) return tx`t.company_id = ${auth.user.companyId}`
  return tx`t.company_id = ${auth.user.companyId} and ${queueRule(tx, auth)}`
}
