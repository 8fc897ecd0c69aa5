import type { Tx } from '../db/connect.ts'
import { withSystem, withTenant, type Db } from '../db/tenant.ts'

/** The client reports every 5 minutes (spec part 1 §4); a user silent for longer than this is offline. */
export const USER_STATUS_INTERVAL_MS = 5 * 60_000
export const ONLINE_GRACE_MS = 6 * 60_000

/** userStatus: the user is online as of now. Runs in the caller's tenant transaction. */
export async function markUserOnline(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx`update users set online = true, last_seen_at = ${now} where id = ${userId}`
}

/** The user's last socket on this instance closed. */
export async function markUserOffline(db: Db, companyId: number, userId: number): Promise<void> {
  await withTenant(db, { companyId, userId }, (tx) => tx`update users set online = false where id = ${userId} and online`)
}

/**
 * Marks offline every user whose client stopped reporting (a closed tab whose close never reached us, a
 * crashed instance). Runs across companies from the scheduler; returns how many users it changed.
 */
export async function sweepStaleOnline(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ONLINE_GRACE_MS)
  const rows = await withSystem(
    db,
    (tx) => tx`update users set online = false where online and (last_seen_at is null or last_seen_at < ${before}) returning id`,
  )
  return rows.length
}
