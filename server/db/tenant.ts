import type { Sql, Tx } from './connect.ts'
import { APP_ROLE } from './migrate.ts'

/** The pool plus whether tenant transactions must SET ROLE to the plain application role. */
export interface Db {
  sql: Sql
  roleSwitch: boolean
  /** Called after each transaction opened here commits (the sync sequencer listens). */
  onCommit?: () => void
}

export interface TenantScope {
  companyId: number
  userId?: number | null
}

/**
 * 'on' tells the change capture trigger (sync_capture) not to NOTIFY balcao_sync_pending: this process
 * kicks its own sequencer after the commit (onCommit). The NOTIFY is for writers from outside our
 * processes; at commit it takes a database-wide lock held through the WAL flush, so notifying
 * transactions commit one at a time instead of sharing a flush (issue 3's change-log throughput).
 */
const syncNotified = (db: Db): string => (db.onCommit ? 'on' : '')

/**
 * Runs fn in a transaction scoped to one company: row-level security shows only that company's rows.
 * The company always comes from a verified token or a row the system already trusts, never from input.
 */
export async function withTenant<T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const out = (await db.sql.begin(async (tx) => {
    // Not awaited before fn: queries on one connection run in the order sent, so fn's first query goes
    // out right behind the settings (pipelined) and still runs under them, one round trip earlier.
    const settings = tx`select set_config('app.company_id', ${String(scope.companyId)}, true),
                    set_config('app.user_id', ${scope.userId ? String(scope.userId) : ''}, true),
                    set_config('role', ${db.roleSwitch ? APP_ROLE : 'none'}, true),
                    set_config('balcao.sync_notified', ${syncNotified(db)}, true)`.execute()
    const [, result] = await Promise.all([settings, fn(tx)])
    return result
  })) as T
  db.onCommit?.()
  return out
}

/**
 * Runs fn in a transaction that sees every company: login lookups, seeding, workers, and super-user
 * actions after the permission check. Never reachable with a company chosen by a client.
 */
export async function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const out = (await db.sql.begin(async (tx) => {
    await tx`select set_config('app.system', 'on', true), set_config('balcao.sync_notified', ${syncNotified(db)}, true)`
    return fn(tx)
  })) as T
  db.onCommit?.()
  return out
}

/**
 * Widens an open tenant transaction to every company for the duration of fn: for super-user actions,
 * after the permission check has passed. A savepoint holds the widening, so an error inside fn rolls it
 * back with fn's writes and the caller sees fn's own error.
 */
export async function withSystemScope<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  return (await tx.savepoint(async (sp) => {
    await sp`select set_config('app.system', 'on', true)`
    const out = await fn()
    await sp`select set_config('app.system', '', true)`
    return out
  })) as T
}
