import type { Queryable } from '../../server/db/connect.ts'

/** How long the change log keeps entries; a client offline longer refetches its shapes (409). */
export const SYNC_RETENTION_MS = 7 * 24 * 3600 * 1000

/**
 * Drops log entries older than the retention and raises the floor past them: a reader whose offset is
 * below the floor gets a must-refetch instead of a silent gap. Handles unused as long are dropped too.
 */
export async function purgeSyncLog(sql: Queryable, now: Date, retentionMs = SYNC_RETENTION_MS): Promise<{ floor: bigint; removed: number }> {
  const before = new Date(now.getTime() - retentionMs)
  const [cut] = await sql<{ seq: string | null }[]>`
    select max(seq)::text as seq from sync_log where seq is not null and created_at < ${before}`
  if (!cut.seq) {
    const [f] = await sql<{ floor: string }[]>`select floor::text from sync_clock where id = 1`
    return { floor: BigInt(f.floor), removed: 0 }
  }
  const removed = await sql`delete from sync_log where seq is not null and seq <= ${cut.seq}`
  const [f] = await sql<{ floor: string }[]>`
    update sync_clock set floor = greatest(floor, ${cut.seq}::bigint + 1) where id = 1 returning floor::text`
  await sql`delete from sync_handles where last_used_at < ${before}`
  return { floor: BigInt(f.floor), removed: removed.count }
}
