import { Cron } from 'croner'
import { randomUUID } from 'node:crypto'
import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import { purgeAuthData } from '../server/domain/auth/purge-auth-data.ts'
import { purgeIdempotencyKeys } from '../server/domain/idempotency/idempotency-keys.ts'
import { acquireLease } from './lease.ts'
import { purgeSyncLog } from '../sync/server/retention.ts'
import { sweepStaleOnline } from '../server/realtime/user-status.ts'
import { sweepDueSchedules } from './schedule-sweep.ts'
import { expireStaleSystemSends } from '../server/domain/outbound/expire-system-sends.ts'
import { purgePendingAcks } from './inbound/updates.ts'
import type { DomainEvent } from '../server/domain/context.ts'
import type { MediaStore } from '../server/media/media-store.ts'
import { sweepOrphanMedia } from '../server/domain/media/sweep-orphan-media.ts'
import { createInvoicesJob } from '../server/domain/billing/create-invoices.ts'
import { refreshCompanyFolderStats } from '../server/domain/media/company-folder-stats.ts'
import { sweepAutoMove, sweepExpiredRatings, sweepExpiredTickets, sweepInactiveMessages, sweepRoundRobin } from '../server/domain/routing/sweeps/index.ts'

export interface ScheduledJob {
  name: string
  /** croner pattern (seconds field optional) */
  pattern: string
  run(db: Db, now: Date, io: JobIo): Promise<unknown>
}

/** What a run may tell the rest of the process: committed domain events (the realtime hub), log lines. */
export interface JobIo {
  emit: (event: DomainEvent) => void
  log: (message: string, err?: unknown) => void
  /** The media folder, for jobs that clean it; absent where no files are kept (some tests). */
  media?: MediaStore
}

const quietIo: JobIo = { emit: () => {}, log: () => {} }

/** The periodic jobs; later issues add theirs here (campaigns). */
export const scheduledJobs: ScheduledJob[] = [
  { name: 'purge-auth-data', pattern: '17 * * * *', run: (db, now) => withSystem(db, (tx) => purgeAuthData(tx, now)) },
  { name: 'purge-idempotency-keys', pattern: '23 3 * * *', run: (db, now) => withSystem(db, (tx) => purgeIdempotencyKeys(tx, now)) },
  { name: 'purge-sync-log', pattern: '41 * * * *', run: (db, now) => withSystem(db, (tx) => purgeSyncLog(tx, now)) },
  { name: 'purge-pending-acks', pattern: '47 * * * *', run: (db, now) => withSystem(db, (tx) => purgePendingAcks(tx, now)) },
  // Users whose client stopped sending userStatus (every 5 min) go offline after 6.
  { name: 'user-online-sweep', pattern: '* * * * *', run: (db, now) => sweepStaleOnline(db, now) },
  // Scheduled messages (spec part 1 §3 "Schedule"): the due ones are queued for sending each minute.
  { name: 'send-due-schedules', pattern: '* * * * *', run: (db, now) => sweepDueSchedules(db, now) },
  // Timed routing rules (issue 6, server/domain/routing/sweeps): each claims its rows with SKIP LOCKED.
  { name: 'routing-auto-move', pattern: '* * * * *', run: (db, now, io) => sweepAutoMove(db, now, io) },
  { name: 'routing-inactive-message', pattern: '* * * * *', run: (db, now, io) => sweepInactiveMessages(db, now, io) },
  { name: 'routing-expire-tickets', pattern: '* * * * *', run: (db, now, io) => sweepExpiredTickets(db, now, io) },
  { name: 'routing-round-robin', pattern: '* * * * *', run: (db, now, io) => sweepRoundRobin(db, now, io) },
  { name: 'routing-expire-nps', pattern: '* * * * *', run: (db, now, io) => sweepExpiredRatings(db, now, io) },
  // Automatic messages that could not go out within 30 minutes are dropped with a visible reason (issue 15 item 3).
  { name: 'expire-system-sends', pattern: '* * * * *', run: (db, now, io) => expireStaleSystemSends(db, now, io) },
  // Files no row names (a crash between write and commit), older than a day (issue 16 item 2).
  // Each company's invoice 10 days before its due date (issue 19); one per company and due date.
  { name: 'create-invoices', pattern: '7 * * * *', run: (db, now) => createInvoicesJob(db, now) },
  // The companies page's folder size, file count and last update (issue 19).
  { name: 'company-folder-stats', pattern: '19 * * * *', run: (db, now, io) => (io.media ? refreshCompanyFolderStats(db, io.media) : Promise.resolve(0)) },
  { name: 'sweep-orphan-media', pattern: '31 4 * * *', run: (db, now, io) => (io.media ? sweepOrphanMedia(db, io.media, now) : Promise.resolve(0)) },
]

/**
 * Runs one job if this worker wins its lease for the run; several workers on one database never run the
 * same job at once. The lease outlives the run by the ttl so a crashed run is retried by the next tick.
 */
export async function runJobOnce(db: Db, job: ScheduledJob, owner: string, now: Date, ttlMs = 5 * 60_000, io: JobIo = quietIo): Promise<boolean> {
  const won = await withSystem(db, (tx) => acquireLease(tx, `job:${job.name}`, owner, ttlMs, now))
  if (!won) return false
  await job.run(db, now, io)
  return true
}

/** Starts every job on its schedule; returns a stop function. */
export function startScheduler(
  db: Db,
  opts: { owner?: string; now?: () => Date; log?: (msg: string, err?: unknown) => void; emit?: (event: DomainEvent) => void; media?: MediaStore } = {},
) {
  const owner = opts.owner ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`
  const now = opts.now ?? (() => new Date())
  const io: JobIo = { emit: opts.emit ?? quietIo.emit, log: opts.log ?? quietIo.log, media: opts.media }
  const crons = scheduledJobs.map(
    (job) =>
      new Cron(job.pattern, { protect: true, name: job.name }, async () => {
        try {
          await runJobOnce(db, job, owner, now(), undefined, io)
        } catch (err) {
          opts.log?.(`job ${job.name} failed: ${(err as Error).message}`)
        }
      }),
  )
  return () => crons.forEach((c) => c.stop())
}
