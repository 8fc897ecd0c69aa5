import type { Queryable } from '../server/db/connect.ts'

/**
 * Takes or renews the named lease for `owner` until now + ttl. Returns true when `owner` holds it:
 * it was free, expired, or already ours. Exactly one owner holds a lease at a time across processes.
 */
export async function acquireLease(sql: Queryable, name: string, owner: string, ttlMs: number, now: Date): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs)
  const rows = await sql`
    insert into leases (name, owner, expires_at) values (${name}, ${owner}, ${expiresAt})
    on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where leases.owner = excluded.owner or leases.expires_at < ${now}
    returning owner`
  return rows.length === 1
}

/** Gives the lease back early so another worker need not wait for it to expire. */
export async function releaseLease(sql: Queryable, name: string, owner: string): Promise<void> {
  await sql`delete from leases where name = ${name} and owner = ${owner}`
}
