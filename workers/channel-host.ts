import { randomUUID } from 'node:crypto'
import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import type { EventBus } from '../server/events.ts'
import type { MediaStore } from '../server/media/media-store.ts'
import type { ChannelDriver, ChannelEvent, ChannelKind, DriverContext } from './channels/types.ts'
import { SimulatorDriver, type SimulatorOptions } from './channels/simulator/simulator-driver.ts'
import { handleChannelEvent, type InboundDeps } from './inbound/handle-channel-event.ts'
import type { ConnectionRef } from './inbound/types.ts'
import { ChatSerializer } from './inbound/chat-serializer.ts'
import { IngestBatcher } from './inbound/ingest-batcher.ts'
import { PictureRefresher } from './inbound/picture-refresh.ts'
import { AddressBooks, writeRequestedBook } from './inbound/address-book.ts'
import { runSendBatch } from './outbound.ts'

export interface ConnectionRow extends ConnectionRef {
  channelConfig: Record<string, unknown>
  enableImportMessage: boolean
  importOldMessages: Date | null
  importRecentMessages: Date | null
  importOldMessagesGroups: boolean
}

/** Profile picture lookups in flight per host (see refreshPicture). */
const MAX_PICTURE_LOOKUPS = 4

/** Builds the driver of a connection; the host adds socket channels (Baileys) through this too. */
export type DriverFactory = (connection: ConnectionRow, ctx: DriverContext) => ChannelDriver | undefined

export interface ChannelHostDeps {
  db: Db
  media: MediaStore
  events: EventBus
  now: () => Date
  log: (message: string, err?: unknown) => void
  owner?: string
  /** Drivers for channels other than the simulator (Cloud API, Meta, Baileys). */
  drivers?: Partial<Record<ChannelKind, DriverFactory>>
  simulator?: SimulatorOptions
  inbound?: Pick<InboundDeps, 'mediaMaxBytes' | 'route' | 'routeStates'>
  /** How often queued sends are looked for when nothing woke the host (ms). */
  pollMs?: number
}

/**
 * Runs channel drivers in a worker: hands their events to the inbound pipeline in per-chat order and
 * sends the outbound queue through them. Webhook channels and the simulator need no session, so any
 * host sends for them; socket sessions are added by the session manager that holds their lease.
 */
export class ChannelHost {
  readonly owner: string
  private readonly drivers = new Map<number, ChannelDriver>()
  private readonly hosted = new Set<number>()
  /** The company of each attached connection, for questions asked on a company's behalf. */
  private readonly companyOf = new Map<number, number>()
  private readonly serializer = new ChatSerializer()
  private timer: ReturnType<typeof setInterval> | undefined
  private sending: Promise<void> | null = null
  private again = false
  private readonly pictures: PictureRefresher
  private readonly batcher: IngestBatcher
  private readonly lookups = new Set<Promise<unknown>>()
  /** Sends whose channel id is being written, by `connection:externalId` (see emit). */
  private readonly storing = new Map<string, Promise<unknown>>()
  /** The phones' address books, held here until an import asks (see writeAddressBook). */
  private readonly books = new AddressBooks()

  constructor(private readonly deps: ChannelHostDeps) {
    this.owner = deps.owner ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`
    this.pictures = new PictureRefresher(deps)
    this.batcher = new IngestBatcher(deps.db)
  }

  start(): void {
    this.timer ??= setInterval(() => this.kick(), this.deps.pollMs ?? 250)
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.sending
    await this.refreshing()
    await Promise.all([...this.drivers.values()].map((d) => d.stop().catch(() => {})))
    this.drivers.clear()
    this.hosted.clear()
  }

  /** Sends what is due now; calls made while a batch runs fold into one more batch. */
  kick(): Promise<void> {
    if (this.sending) {
      this.again = true
      return this.sending
    }
    this.sending = (async () => {
      do {
        this.again = false
        try {
          while ((await runSendBatch(this.outboundDeps(), [...this.hosted])) > 0) {
            /* drain */
          }
        } catch (err) {
          this.deps.log('send batch failed', err)
        }
      } while (this.again)
    })().finally(() => {
      this.sending = null
    })
    return this.sending
  }

  /** The driver of a connection attached here. */
  driverFor(whatsappId: number): ChannelDriver | undefined {
    return this.drivers.get(whatsappId)
  }

  /**
   * Loads a connection and creates its driver here: the simulator, webhook channels, or a WhatsApp
   * session (session: true, only by the session manager holding its lease; never made on demand).
   */
  async attach(whatsappId: number, opts: { session?: boolean } = {}): Promise<ChannelDriver | undefined> {
    const existing = this.drivers.get(whatsappId)
    if (existing) return existing
    const [row] = await withSystem(this.deps.db, (tx) => tx<ConnectionRow[]>`
      select id, company_id, channel, channel_config, enable_import_message, import_old_messages,
             import_recent_messages, import_old_messages_groups
        from whatsapps where id = ${whatsappId}`)
    if (!row || (row.channel === 'whatsapp' && !opts.session)) return undefined
    const driver = this.makeDriver(row)
    if (!driver) return undefined
    this.drivers.set(whatsappId, driver)
    this.companyOf.set(whatsappId, row.companyId)
    if (opts.session) this.hosted.add(whatsappId)
    return driver
  }

  /** The companies with a WhatsApp session held here (their number checks can be answered here). */
  sessionCompanies(): number[] {
    return [...new Set([...this.hosted].map((id) => this.companyOf.get(id)).filter((c): c is number => c !== undefined))]
  }

  /**
   * Whether `number` has a WhatsApp account, asked through the company's sessions held here, lowest id
   * first: the number as WhatsApp knows it, or null. Throws when none of them could answer (none held
   * here, none open).
   */
  async checkNumber(companyId: number, number: string): Promise<string | null> {
    let lastError: unknown = new Error(`no WhatsApp session of company ${companyId} runs here`)
    const ids = [...this.hosted].filter((id) => this.companyOf.get(id) === companyId).sort((a, b) => a - b)
    for (const id of ids) {
      const driver = this.drivers.get(id)
      if (!driver?.checkNumber) continue
      try {
        return await driver.checkNumber(number)
      } catch (err) {
        lastError = err
      }
    }
    throw lastError
  }

  /**
   * An import's request for a connection's address book (session job 'addressBook'): what the phone
   * reported to this host, written for the import; an empty book when the session is not held here.
   * Null when no request was waiting.
   */
  async writeAddressBook(whatsappId: number): Promise<number | null> {
    const [row] = await withSystem(this.deps.db, (tx) => tx<{ id: number; companyId: number }[]>`select id, company_id from whatsapps where id = ${whatsappId}`)
    return row ? writeRequestedBook(this.deps.db, row, this.books.rows(whatsappId), this.deps.now()) : null
  }

  /** Removes a connection's driver (session lost, connection deleted). */
  async detach(whatsappId: number, how: 'stop' | 'logout' = 'stop'): Promise<void> {
    const driver = this.drivers.get(whatsappId)
    this.drivers.delete(whatsappId)
    this.hosted.delete(whatsappId)
    this.companyOf.delete(whatsappId)
    this.books.forget(whatsappId)
    if (driver) await (how === 'logout' ? driver.logout() : driver.stop())
  }

  /** Hands one driver event to the pipeline, after earlier events of the same chat. */
  async emit(connection: ConnectionRef, event: ChannelEvent): Promise<unknown> {
    if (event.kind === 'addressBook') {
      // Never stored unasked (issue 15 item 16): the book waits here for an import's request.
      this.books.add(connection.id, event.entries)
      return { outcome: 'updated', count: event.entries.length }
    }
    const run = () => handleChannelEvent(this.inboundDeps(), connection, event)
    if (event.kind === 'ack') {
      // An ack that beats the commit of its own send would find no message with its id and be lost.
      await this.storing.get(`${connection.id}:${event.externalId}`)?.catch(() => {})
      return run()
    }
    if (event.kind !== 'message') return run()
    const result = await this.serializer.run(chatKey(connection.id, event), run)
    if (result.outcome === 'stored' && !event.message.fromMe) this.refreshPicture(connection, result.ticketId)
    return result
  }

  /**
   * The writer's profile picture, looked up beside the pipeline (never awaited by it). A few lookups at
   * a time: a burst of new contacts must not become a burst of queries to WhatsApp; one skipped now is
   * asked on the contact's next message.
   */
  private refreshPicture(connection: ConnectionRef, ticketId: number) {
    const driver = this.drivers.get(connection.id)
    if (!driver?.profilePicture || this.lookups.size >= MAX_PICTURE_LOOKUPS) return
    const lookup = this.pictures
      .afterMessage(connection, driver, ticketId)
      .catch((err) => this.deps.log(`profile picture of ticket ${ticketId} not refreshed`, err))
      .finally(() => this.lookups.delete(lookup))
    this.lookups.add(lookup)
  }

  /** Resolves once the picture lookups under way have ended (tests, stop). */
  async refreshing(): Promise<void> {
    await Promise.all([...this.lookups])
  }

  private makeDriver(row: ConnectionRow): ChannelDriver | undefined {
    const ctx: DriverContext = {
      connection: { id: row.id, companyId: row.companyId, channel: row.channel, config: row.channelConfig ?? {} },
      emit: async (event) => {
        await this.emit(row, event)
      },
      setAside: (event, error, attempts) => setAsideEvent(this.deps.db, row, event, error, attempts),
      now: this.deps.now,
      log: this.deps.log,
    }
    if (row.channel === 'simulator') return new SimulatorDriver(ctx, this.deps.simulator)
    return this.deps.drivers?.[row.channel]?.(row, ctx)
  }

  private inboundDeps(): InboundDeps {
    const { db, media, events, now, inbound } = this.deps
    return { db, media, events, now, batcher: this.batcher, ...inbound }
  }

  private outboundDeps() {
    const { db, media, events, now } = this.deps
    return {
      db,
      media,
      events,
      now,
      owner: this.owner,
      // Stateless drivers are made on first use; a WhatsApp session only exists where its lease is held.
      driverFor: (id: number) => this.drivers.get(id) ?? this.attach(id),
      storing: (id: number, externalId: string, stored: Promise<unknown>) => {
        const key = `${id}:${externalId}`
        this.storing.set(key, stored)
        const forget = () => {
          if (this.storing.get(key) === stored) this.storing.delete(key)
        }
        stored.then(forget, forget)
      },
    }
  }
}

function chatKey(connectionId: number, event: Extract<ChannelEvent, { kind: 'message' }>): string {
  const m = event.message
  return `${connectionId}:${m.group?.id ?? m.peer.number ?? m.peer.lid ?? ''}`
}

/** channel_event_failures: the event as JSON without binary media, with why it failed. */
export async function setAsideEvent(db: Db, row: { id: number; companyId: number }, event: ChannelEvent, error: unknown, attempts: number): Promise<void> {
  const json = JSON.parse(JSON.stringify(event, (_k, v) => (v instanceof Uint8Array ? { bytes: v.byteLength } : v)))
  const externalId = event.kind === 'message' ? event.message.externalId : 'externalId' in event ? String(event.externalId) : null
  await withSystem(db, (tx) => tx`
    insert into channel_event_failures (company_id, whatsapp_id, kind, external_id, event, error, attempts)
    values (${row.companyId}, ${row.id}, ${event.kind}, ${externalId}, ${tx.json(json)}, ${String((error as Error)?.message ?? error)}, ${attempts})`)
}
