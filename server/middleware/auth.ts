import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { verifyAccessToken } from '../auth/tokens.ts'
import { withTenant } from '../db/tenant.ts'
import { AppError } from '../domain/app-error.ts'
import { isSubscriptionExpired, loadAuthContext } from '../domain/auth/auth-context.ts'
import type { DomainEvent } from '../domain/context.ts'
import { runInRequestTransaction } from './idempotency.ts'

export interface RequireAuthOptions {
  /** Auth, invoices and subscription stay reachable for a company whose subscription has expired. */
  allowExpired?: boolean
}

class Rollback extends Error {}

/**
 * Verifies the bearer token, opens the request's tenant transaction (company and user from the token),
 * loads the actor, and commits only when the handler succeeded. Events are published after the commit.
 *
 * @example
 * users.use('*', requireAuth())
 */
export function requireAuth({ allowExpired = false }: RequireAuthOptions = {}): MiddlewareHandler<AppEnv> {
  return async function requireAuthMiddleware(c, next) {
    const services = c.get('services')
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw new AppError('ERR_SESSION_EXPIRED', 'Missing bearer token')
    const claims = await verifyAccessToken(services.keys, match[1], services.now())
    const events: DomainEvent[] = []
    try {
      await withTenant(services.db, { companyId: claims.companyId, userId: claims.id }, async (tx) => {
        const auth = await loadAuthContext(tx, claims.id, claims.sid)
        if (!auth.company.status && !auth.user.super) throw new AppError('ERR_COMPANY_INACTIVE')
        if (!allowExpired && isSubscriptionExpired(auth.company, services.now())) {
          throw new AppError('ERR_SUBSCRIPTION_EXPIRED', `Subscription expired on ${auth.company.dueDate}`, {
            dueDate: auth.company.dueDate,
          })
        }
        c.set('auth', auth)
        c.set('tx', tx)
        c.set('ctx', { tx, auth, now: services.now, emit: (e) => events.push(e) })
        // next(), plus x-txid on writes and Idempotency-Key replays (idempotency.ts).
        const outcome = await runInRequestTransaction(c, tx, next)
        // Hono has already turned a handler error into a response; undo the writes too.
        if (outcome === 'rollback') throw new Rollback()
      })
    } catch (err) {
      if (err instanceof Rollback) return
      throw err
    }
    // A failed handler's writes were undone even when its stored 4xx answer committed: no events.
    if (!c.error) services.events.publish(events)
  }
}
