import type { Services } from '../../../server/app-env.ts'
import { withSystem } from '../../../server/db/tenant.ts'
import { ChannelHost } from '../../channel-host.ts'
import { BaileysDriver } from './baileys-driver.ts'
import type { FakeSocket } from './fake-socket.ts'
import type { TestEnv } from '../../../test/env.ts'
import { createCompany } from '../../../test/factories.ts'
import type { ChannelEvent, DriverContext } from '../types.ts'
import type { AuthOwner } from './auth-state.ts'

/** A company with one Baileys connection row: what baileys_keys rows hang off. */
export async function createConnection(env: TestEnv): Promise<AuthOwner> {
  const { companyId } = await createCompany(env)
  const whatsappId = await withSystem(env.services.db, async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      insert into whatsapps (company_id, name, channel) values (${companyId}, 'Baileys test', 'whatsapp') returning id`
    return row.id
  })
  return { companyId, whatsappId }
}

/** The rows a connection has in baileys_keys, as "type/key_id". */
export async function storedKeys(env: TestEnv, whatsappId: number): Promise<string[]> {
  return withSystem(env.services.db, async (tx) => {
    const rows = await tx<{ type: string; keyId: string }[]>`
      select type, key_id from baileys_keys where whatsapp_id = ${whatsappId} order by type, key_id`
    return rows.map((r) => `${r.type}/${r.keyId}`)
  })
}

/** A DriverContext that records what the driver emits; emit yields a little so ordering bugs show. */
export function recordingContext(connection: AuthOwner) {
  const events: ChannelEvent[] = []
  const logs: string[] = []
  let tick = 0
  const ctx: DriverContext = {
    connection: { id: connection.whatsappId, companyId: connection.companyId, channel: 'whatsapp', config: {} },
    async emit(event) {
      // Uneven delays: handlers that do not await each emit in turn would reorder these.
      await Bun.sleep(tick++ % 3 === 0 ? 4 : 0)
      events.push(event)
    },
    now: () => new Date('2026-11-20T12:00:00Z'),
    log: (message) => logs.push(message),
  }
  const statuses = () => events.filter((e) => e.kind === 'status').map((e) => (e as { status: string }).status)
  return { ctx, events, logs, statuses }
}

/** A setTimeout that only records: tests fire the callbacks themselves instead of waiting. */
export function manualTimers() {
  const pending: { fn: () => void; ms: number; cancelled: boolean }[] = []
  return {
    pending,
    delays: () => pending.map((t) => t.ms),
    setTimeout: (fn: () => void, ms: number) => {
      const t = { fn, ms, cancelled: false }
      pending.push(t)
      return t
    },
    clearTimeout: (handle: unknown) => {
      ;(handle as { cancelled: boolean }).cancelled = true
    },
    /** Fires the newest timer (if it was not cancelled). */
    fireLast() {
      const t = pending.at(-1)
      if (!t) throw new Error('no timer scheduled')
      if (!t.cancelled) t.fn()
    },
  }
}

/** Polls until the condition holds (the driver handles Baileys events asynchronously). */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await Bun.sleep(5)
  }
}

/**
 * A channel host (the worker's) whose WhatsApp sessions are real Baileys drivers over `phone`: attach a
 * connection with `{session: true}`, start it and `phone.open()` to have a connected session.
 */
export function fakePhoneHost(services: Pick<Services, 'db' | 'media' | 'events'>, phone: FakeSocket, now: () => Date = () => new Date()): ChannelHost {
  return new ChannelHost({
    db: services.db,
    media: services.media,
    events: services.events,
    now,
    log: () => {},
    drivers: {
      whatsapp: (_row, ctx) =>
        new BaileysDriver(ctx, { db: services.db, mediaMaxBytes: 1000, getMessage: async () => undefined, makeSocket: () => phone.asSocket() }),
    },
  })
}
