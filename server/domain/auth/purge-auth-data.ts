import type { Queryable } from '../../db/connect.ts'

/** How long ended sessions and old login failures are kept for inspection before they are purged. */
export const AUTH_RETENTION_MS = 24 * 3600 * 1000

/**
 * Deletes login failures older than the throttling window's retention, and sessions (with their refresh
 * tokens) that ended or expired more than a day ago. Runs in system scope from the scheduler.
 */
export async function purgeAuthData(sql: Queryable, now: Date): Promise<{ sessions: number; failures: number }> {
  const before = new Date(now.getTime() - AUTH_RETENTION_MS)
  const failures = await sql`delete from login_failures where failed_at < ${before}`
  const sessions = await sql`
    delete from auth_sessions where (revoked_at is not null and revoked_at < ${before}) or expires_at < ${before}`
  return { sessions: sessions.count, failures: failures.count }
}
