import type { Db } from '../server/db/tenant.ts'
import { withSystem, withTenant } from '../server/db/tenant.ts'
import type { DomainEvent } from '../server/domain/context.ts'
import type { EventBus } from '../server/events.ts'
import { FLOW_QUEUE, resumeFlowJob, type FlowJobPayload } from '../server/domain/flows/runtime/index.ts'
import { claimJobs, retryLater } from './job-claims.ts'
import { PollLoop } from './poll-loop.ts'

export interface FlowWorkerDeps {
  db: Db
  events: Pick<EventBus, 'publish'>
  now: () => Date
  /** This worker's name on the jobs it claims. */
  owner: string
  log: (message: string, err?: unknown) => void
  random?: () => number
}

/** How long a claimed job stays ours; a worker killed mid-step frees it for another after this. */
const CLAIM_MS = 60_000

/**
 * Runs the flow interval resumes that are due (issue 21): claimed with SKIP LOCKED, each resumed in its
 * company's transaction (server/domain/flows/runtime resumeFlowJob), then marked done. A crash between the
 * step's commit and the mark leaves a job that finds its run moved on: stale, it does nothing.
 * Returns how many jobs it handled.
 */
export async function runFlowBatch(deps: FlowWorkerDeps, limit = 50): Promise<number> {
  const now = deps.now()
  const jobs = await claimJobs<FlowJobPayload>(deps.db, FLOW_QUEUE, deps.owner, now, limit, CLAIM_MS)
  for (const job of jobs) {
    const events: DomainEvent[] = []
    try {
      const outcome = await withTenant(deps.db, { companyId: job.companyId }, (tx) =>
        resumeFlowJob({ tx, now: deps.now, emit: (e) => events.push(e), random: deps.random }, job.payload))
      await withSystem(deps.db, (tx) => tx`update jobs set done_at = ${deps.now()}, locked_until = null, last_error = ${outcome === 'stale' ? 'stale' : null} where id = ${job.id}`)
      if (events.length) deps.events.publish(events)
    } catch (err) {
      deps.log(`flow job ${job.id} failed`, err)
      await retryLater(deps.db, job, err, deps.now(), 'flow step failed', deps.random)
    }
  }
  return jobs.length
}

/** The flow loop of a worker: resumes the flows whose interval is over. */
export class FlowRunner extends PollLoop {
  constructor(deps: FlowWorkerDeps, pollMs = 500) {
    super(async () => {
      while ((await runFlowBatch(deps)) > 0);
    }, (err) => deps.log('flow loop failed', err), pollMs)
  }
}
