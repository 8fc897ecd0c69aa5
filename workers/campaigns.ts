import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import type { EventBus } from '../server/events.ts'
import type { Tx } from '../server/db/connect.ts'
import { loadCampaignSettings, type CampaignSettings } from '../server/domain/campaigns/campaign-settings.ts'
import { dispatchShipping, lockCampaigns, type ShippingJob } from '../server/domain/campaigns/dispatch-shipping.ts'
import { CAMPAIGN_QUEUE, startNextDueCampaign } from '../server/domain/campaigns/start-campaign.ts'
import { publishCampaign } from './campaign-events.ts'
import { PollLoop } from './poll-loop.ts'
import { claimJobs, retryLater } from './job-claims.ts'

export interface CampaignWorkerDeps {
  db: Db
  events: EventBus
  now: () => Date
  /** This worker's name on the jobs it claims. */
  owner: string
  log: (message: string, err?: unknown) => void
  random?: () => number
}

/** How long a claimed campaign job stays ours; a worker killed mid-batch frees it for another after this. */
const CLAIM_MS = 60_000

/** Starts every PROGRAMADA campaign whose time has come (start-campaign.ts); returns how many. */
export async function startDueCampaigns(deps: CampaignWorkerDeps): Promise<number> {
  let started = 0
  for (;;) {
    const now = deps.now()
    const k = await withSystem(deps.db, (tx) => startNextDueCampaign(tx, now))
    if (!k) return started
    started++
    await publishCampaign(deps, { campaignId: k.id, companyId: k.companyId }, true)
  }
}

/**
 * Dispatches the campaign sends that are due (dispatch-shipping.ts): claims them with SKIP LOCKED, so
 * two workers never take one, and commits each with its job's completion. A send
 * that fails for an unknown reason (database, bug) is retried with backoff; the shipping row's message id
 * makes every retry after a commit a no-op. Returns how many jobs it handled.
 */
export async function runCampaignBatch(deps: CampaignWorkerDeps, limit = 50): Promise<number> {
  const now = deps.now()
  const jobs = await claimJobs<ShippingJob>(deps.db, CAMPAIGN_QUEUE, deps.owner, now, limit, CLAIM_MS)
  if (!jobs.length) return 0
  // One transaction for the batch (a commit per send was half the time), a savepoint per send: a send
  // that fails rolls back alone and is retried; a crash rolls back the batch, whose jobs are claimed again.
  const failures = await withSystem(deps.db, async (tx) => {
    const settings = new Map<number, Promise<CampaignSettings>>()
    const settingsOf = (t: Tx, companyId: number) => {
      let s = settings.get(companyId)
      if (!s) settings.set(companyId, (s = loadCampaignSettings(t, companyId)))
      return s
    }
    const failed: { job: (typeof jobs)[number]; err: unknown }[] = []
    const campaigns = await lockCampaigns(tx, [...new Set(jobs.map((j) => j.payload.campaignId))], deps.now())
    const done: number[] = []
    const waiting: number[] = []
    for (const job of jobs) {
      try {
        const outcome = await tx.savepoint((sp) => dispatchShipping(sp, job.payload, deps.now(), { random: deps.random, settingsOf, campaigns }))
        ;(outcome === 'deferred' ? waiting : done).push(job.id)
      } catch (err) {
        failed.push({ job, err })
      }
    }
    await tx`update jobs set done_at = ${deps.now()}, locked_until = null, last_error = null where id = any(${done}::bigint[])`
    // The company may not run campaigns now: looked at again in a minute, uncounted.
    await tx`update jobs set run_at = ${new Date(deps.now().getTime() + 60_000)}, locked_until = null, locked_by = null,
                    attempts = greatest(attempts - 1, 0), last_error = 'campaigns paused for the company'
              where id = any(${waiting}::bigint[])`
    return failed
  })
  for (const { job, err } of failures) {
    deps.log(`campaign send ${job.id} failed`, err)
    await retryLater(deps.db, job, err, deps.now(), 'campaign send failed', deps.random)
  }
  return jobs.length
}

/** The campaign loop of a worker: starts due campaigns and drains due sends, then hands them to the outbound queue. */
export class CampaignRunner extends PollLoop {
  constructor(deps: CampaignWorkerDeps, sent: () => void, pollMs = 500) {
    super(async () => {
      await startDueCampaigns(deps)
      while ((await runCampaignBatch(deps)) > 0) sent()
    }, (err) => deps.log('campaign loop failed', err), pollMs)
  }
}
