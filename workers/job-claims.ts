import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import { sendBackoffMs } from './outbound.ts'

/** A row of `jobs` a worker has claimed. */
export interface ClaimedJob<P> {
  id: number
  payload: P
  attempts: number
  maxAttempts: number
  companyId: number
}

/**
 * Claims up to `limit` due jobs of one queue with SKIP LOCKED, so two workers never take one; a claim
 * lasts `claimMs`, after which a worker killed mid-job frees it for another. Oldest first.
 */
export async function claimJobs<P>(db: Db, queue: string, owner: string, now: Date, limit: number, claimMs: number): Promise<ClaimedJob<P>[]> {
  const jobs = await withSystem(db, (tx) => tx<ClaimedJob<P>[]>`
    update jobs set locked_by = ${owner}, locked_until = ${new Date(now.getTime() + claimMs)}, attempts = attempts + 1
     where id in (select id from jobs
                   where queue = ${queue} and done_at is null and run_at <= ${now}
                     and (locked_until is null or locked_until < ${now})
                   order by run_at, id limit ${limit}
                   for update skip locked)
    returning id, payload, attempts, max_attempts, company_id`)
  return jobs.sort((a, b) => a.id - b.id)
}

/**
 * A job that failed for an unknown reason (database, bug): due again after the send backoff, or done with
 * its error once its attempts are spent. Never throws: the job's claim runs out anyway.
 */
export async function retryLater(db: Db, job: Pick<ClaimedJob<unknown>, 'id' | 'attempts' | 'maxAttempts'>, err: unknown, now: Date, fallback: string, random?: () => number): Promise<void> {
  const message = (err as Error)?.message || fallback
  const runAt = new Date(now.getTime() + sendBackoffMs(job.attempts, random))
  await withSystem(db, (tx) => job.attempts >= job.maxAttempts
    ? tx`update jobs set done_at = ${now}, locked_until = null, last_error = ${message} where id = ${job.id}`
    : tx`update jobs set run_at = ${runAt}, locked_until = null, locked_by = null, last_error = ${message} where id = ${job.id}`).catch(() => {})
}
