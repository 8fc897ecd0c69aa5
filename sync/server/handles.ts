import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../../server/db/connect.ts'

export interface HandleRow {
  handle: string
  defHash: string
  relation: string
  companyId: number | null
  snapshotSeq: bigint
  snapshotXids: bigint[]
}

/** The shape definition's fingerprint: a handle answers only requests whose definition matches. */
export function definitionHash(definition: unknown): string {
  return createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16)
}

/** `<definition hash>-<µs time><random>`: never reused, not even after a restart or a rotation. */
export function newHandle(defHash: string, nowMs: number): string {
  return `${defHash}-${nowMs * 1000 + Math.floor(performance.now() * 1000) % 1000}${randomBytes(3).toString('hex')}`
}

export async function findHandle(sql: Queryable, handle: string): Promise<HandleRow | null> {
  const [row] = await sql<{ handle: string; defHash: string; relation: string; companyId: number | null; snapshotSeq: string; snapshotXids: string[] }[]>`
    select handle, def_hash, relation, company_id, snapshot_seq::text, snapshot_xids::text[] as snapshot_xids
      from sync_handles where handle = ${handle}`
  if (!row) return null
  return { ...row, snapshotSeq: BigInt(row.snapshotSeq), snapshotXids: row.snapshotXids.map(BigInt) }
}

export async function insertHandle(sql: Queryable, row: HandleRow): Promise<void> {
  await sql`insert into sync_handles (handle, def_hash, relation, company_id, snapshot_seq, snapshot_xids)
            values (${row.handle}, ${row.defHash}, ${row.relation}, ${row.companyId}, ${row.snapshotSeq.toString()},
                    ${row.snapshotXids.map(String)}::bigint[])`
}
