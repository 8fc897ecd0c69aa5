import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import type { ChannelHost } from './channel-host.ts'
import { acquireLease, releaseLease } from './lease.ts'
import type { SessionJobPayload } from '../server/domain/connections/session-jobs.ts'

export interface SessionManagerDeps {
  db: Db
  host: ChannelHost
  now: () => Date
  log: (message: string, err?: unknown) => void
  /** How long a session lease lasts without renewal; another worker takes the session over after it. */
  leaseMs?: number
}

interface SessionJob {
  id: number
  payload: SessionJobPayload
}

const leaseName = (whatsappId: number) => `session:${whatsappId}`
/** Sessions a worker brings back by itself after a restart or a takeover. */
const RESUMABLE = ['CONNECTED', 'OPENING', 'TIMEOUT']

/**
 * Owns the WhatsApp sessions of this worker (channels.md §1.2: exactly one live socket per session):
 * each session is held through a lease row that this worker renews and another takes over once it
 * expires. Session commands from the API (POST/PUT/DELETE /whatsappsession) arrive as 'session' jobs;
 * a job for a session another live worker holds is left for that worker.
 */
export class SessionManager {
  private readonly leaseMs: number
  private readonly held = new Set<number>()
  private ticking: Promise<void> | null = null

  constructor(private readonly deps: SessionManagerDeps) {
    this.leaseMs = deps.leaseMs ?? 30_000
  }

  get sessions(): number[] {
    return [...this.held]
  }

  /** One round: renew leases, run session commands, adopt sessions nobody holds. Safe to call often. */
  tick(): Promise<void> {
    this.ticking ??= (async () => {
      try {
        await this.renew()
        await this.runCommands()
        await this.adopt()
      } catch (err) {
        this.deps.log('session manager tick failed', err)
      }
    })().finally(() => {
      this.ticking = null
    })
    return this.ticking
  }

  /** Stops every session here (credentials kept) and hands the leases back for another worker. */
  async stop(): Promise<void> {
    await this.ticking
    for (const id of [...this.held]) {
      await this.deps.host.detach(id, 'stop').catch((err) => this.deps.log(`stopping session ${id} failed`, err))
      await withSystem(this.deps.db, (tx) => releaseLease(tx, leaseName(id), this.deps.host.owner))
      this.held.delete(id)
    }
  }

  private async renew() {
    if (this.held.size) {
      // A session whose driver gave up (QR never scanned, logged out elsewhere) frees its lease; so does
      // one of a company made inactive (its credentials stay; "Tentar novamente" resumes it once active).
      const ended = await withSystem(this.deps.db, (tx) => tx<{ id: number; inactive: boolean }[]>`
        select w.id, not c.status as inactive from whatsapps w join companies c on c.id = w.company_id
         where w.id in ${tx([...this.held])} and (w.status = 'DISCONNECTED' or not c.status)`)
      for (const { id, inactive } of ended) {
        this.held.delete(id)
        await this.deps.host.detach(id, 'stop').catch(() => {})
        await withSystem(this.deps.db, async (tx) => {
          await releaseLease(tx, leaseName(id), this.deps.host.owner)
          if (inactive) await tx`update whatsapps set status = 'DISCONNECTED', qrcode = '' where id = ${id}`
        })
      }
    }
    for (const id of [...this.held]) {
      const kept = await withSystem(this.deps.db, (tx) => acquireLease(tx, leaseName(id), this.deps.host.owner, this.leaseMs, this.deps.now()))
      if (kept) continue
      // Another worker took over (we were too slow to renew): two sockets must never run at once.
      this.held.delete(id)
      await this.deps.host.detach(id, 'stop').catch(() => {})
    }
  }

  private async runCommands() {
    const now = this.deps.now()
    const jobs = await withSystem(this.deps.db, (tx) => tx<SessionJob[]>`
      update jobs set locked_by = ${this.deps.host.owner}, locked_until = ${new Date(now.getTime() + 60_000)}, attempts = attempts + 1
       where id in (select j.id from jobs j
                     where j.queue = 'session' and j.done_at is null and j.run_at <= ${now}
                       and (j.locked_until is null or j.locked_until < ${now})
                       and not exists (select 1 from leases l
                                        where l.name = 'session:' || (j.payload->>'whatsappId')
                                          and l.owner <> ${this.deps.host.owner} and l.expires_at > ${now})
                     order by j.id for update skip locked)
      returning id, payload`)
    for (const job of jobs) {
      try {
        await this.command(job.payload)
        await withSystem(this.deps.db, (tx) => tx`update jobs set done_at = ${this.deps.now()}, locked_until = null where id = ${job.id}`)
      } catch (err) {
        this.deps.log(`session command ${job.payload.action} for ${job.payload.whatsappId} failed`, err)
        await withSystem(this.deps.db, (tx) => tx`
          update jobs set done_at = ${this.deps.now()}, last_error = ${(err as Error).message} where id = ${job.id}`)
      }
    }
  }

  private async command({ whatsappId, action, wipeCredentials }: SessionJobPayload) {
    if (action === 'addressBook') {
      await this.deps.host.writeAddressBook(whatsappId)
      return
    }
    if (action === 'logout') {
      await this.deps.host.detach(whatsappId, 'logout')
      await withSystem(this.deps.db, async (tx) => {
        await releaseLease(tx, leaseName(whatsappId), this.deps.host.owner)
        await tx`update whatsapps set status = 'DISCONNECTED', qrcode = '' where id = ${whatsappId}`
      })
      this.held.delete(whatsappId)
      return
    }
    if (action === 'restart') await this.deps.host.detach(whatsappId, 'stop')
    // New QR: only now, with this worker's socket closed, can the old keys go without being written back.
    if (wipeCredentials) await withSystem(this.deps.db, (tx) => tx`delete from baileys_keys where whatsapp_id = ${whatsappId}`)
    await this.startSession(whatsappId)
  }

  private async startSession(whatsappId: number): Promise<boolean> {
    const [row] = await withSystem(this.deps.db, (tx) => tx<{ channel: string; active: boolean }[]>`
      select w.channel, c.status as active from whatsapps w join companies c on c.id = w.company_id where w.id = ${whatsappId}`)
    // An inactive company holds no session (issue 15 item 12).
    if (!row || !row.active) return false
    if (row.channel !== 'whatsapp') {
      // Stateless channels have no socket: starting one only reports its state.
      const driver = await this.deps.host.attach(whatsappId)
      await driver?.start()
      return Boolean(driver)
    }
    const won = await withSystem(this.deps.db, async (tx) => {
      if (!(await acquireLease(tx, leaseName(whatsappId), this.deps.host.owner, this.leaseMs, this.deps.now()))) return false
      // Starting: until the driver reports a QR or the open socket, the session is OPENING (not given up).
      await tx`update whatsapps set status = 'OPENING' where id = ${whatsappId} and status = 'DISCONNECTED'`
      return true
    })
    if (!won) return false
    this.held.add(whatsappId)
    const driver = await this.deps.host.attach(whatsappId, { session: true })
    if (!driver) {
      this.held.delete(whatsappId)
      await withSystem(this.deps.db, (tx) => releaseLease(tx, leaseName(whatsappId), this.deps.host.owner))
      return false
    }
    await driver.start()
    return true
  }

  /** Sessions that should be live but whose lease is free or expired: a restart, or a dead worker. */
  private async adopt() {
    const now = this.deps.now()
    const orphans = await withSystem(this.deps.db, (tx) => tx<{ id: number }[]>`
      select w.id from whatsapps w join companies c on c.id = w.company_id
       where w.channel = 'whatsapp' and w.status in ${tx(RESUMABLE)} and c.status
         and not exists (select 1 from leases l where l.name = 'session:' || w.id and l.expires_at > ${now})
       order by w.id limit 10`)
    for (const { id } of orphans) {
      if (this.held.has(id)) continue
      await this.startSession(id).catch((err) => this.deps.log(`adopting session ${id} failed`, err))
    }
  }
}
