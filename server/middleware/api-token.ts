import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { withSystem, withTenant } from '../db/tenant.ts'
import { AppError } from '../domain/app-error.ts'
import { isSubscriptionExpired } from '../domain/auth/auth-context.ts'
import type { DomainEvent } from '../domain/context.ts'
import type { ApiConnection } from '../domain/outbound/api-connection.ts'
import { runInRequestTransaction } from './idempotency.ts'

class Rollback extends Error {}

/**
 * Authenticates an integrator by a connection's token (spec part 2 §7 External; anchor §7.1 `/api/*`):
 * the company comes from that connection, never from the request. The plan must have useExternalApi and
 * the company must be active and paid. The handler then runs in a tenant transaction like requireAuth's,
 * with Idempotency-Key replays keyed per connection (user id = minus the connection id, since no user acts).
 *
 * @example
 * api.use('*', requireApiToken())
 */
export function requireApiToken(): MiddlewareHandler<AppEnv> {
  return async function requireApiTokenMiddleware(c, next) {
    const services = c.get('services')
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')
    if (!match) throw new AppError('ERR_INVALID_API_TOKEN', 'Missing bearer token')
    const [row] = await withSystem(services.db, (tx) => tx<(ApiConnection & { companyStatus: boolean; dueDate: string | null; useExternalApi: boolean | null })[]>`
      select w.id, w.company_id, w.channel, w.name, c.status as company_status,
             to_char(c.due_date, 'YYYY-MM-DD') as due_date, p.use_external_api
        from whatsapps w join companies c on c.id = w.company_id left join plans p on p.id = c.plan_id
       where w.token = ${match[1]}`)
    if (!row) throw new AppError('ERR_INVALID_API_TOKEN', 'No connection has this token')
    if (!row.useExternalApi) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 'The plan does not include the external API', { feature: 'useExternalApi' })
    if (!row.companyStatus) throw new AppError('ERR_COMPANY_INACTIVE')
    if (isSubscriptionExpired({ id: row.companyId, dueDate: row.dueDate }, services.now())) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', `Subscription expired on ${row.dueDate}`, { dueDate: row.dueDate })
    }
    const connection: ApiConnection = { id: row.id, companyId: row.companyId, channel: row.channel, name: row.name }
    const events: DomainEvent[] = []
    try {
      await withTenant(services.db, { companyId: row.companyId, userId: -row.id }, async (tx) => {
        c.set('apiConnection', connection)
        c.set('tx', tx)
        c.set('ctx', { tx, auth: undefined as never, now: services.now, emit: (e) => events.push(e) })
        if ((await runInRequestTransaction(c, tx, next)) === 'rollback') throw new Rollback()
      })
    } catch (err) {
      if (err instanceof Rollback) return
      throw err
    }
    if (!c.error) services.events.publish(events)
  }
}
