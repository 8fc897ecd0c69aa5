import type { Services } from '../server/app-env.ts'
import { routeInbound } from '../server/domain/routing/index.ts'
import { ChannelHost, type ChannelHostDeps } from './channel-host.ts'
import { BaileysDriver } from './channels/baileys/baileys-driver.ts'
import { storedMessageLookup } from './channels/baileys/stored-message.ts'
import { webhookDriverFactories } from './channels/registry.ts'
import { startScheduler } from './scheduler.ts'
import { SessionManager } from './session-manager.ts'

export interface StartWorkersOptions {
  log?: (message: string, err?: unknown) => void
  /** How often sessions are renewed and session commands looked for (ms). */
  sessionTickMs?: number
  /** Extra or replacement drivers (the Baileys factory, fakes in tests). */
  drivers?: ChannelHostDeps['drivers']
  simulator?: ChannelHostDeps['simulator']
}

export interface RunningWorkers {
  host: ChannelHost
  sessions: SessionManager
  stop(): Promise<void>
}

/**
 * Everything a worker runs (ARCHITECTURE "Real components"): the croner schedules, the channel host
 * (inbound in per-chat order, the outbound queue) and the session manager. `npm start` runs it inside the
 * API process; `npm run workers` runs it alone.
 */
export function startWorkers(services: Services, opts: StartWorkersOptions = {}): RunningWorkers {
  const log = opts.log ?? ((m: string, err?: unknown) => console.error(m, err ?? ''))
  const stopScheduler = startScheduler(services.db, { log, now: services.now, emit: (e) => services.events.publish([e]), media: services.media })
  const host = new ChannelHost({
    db: services.db,
    media: services.media,
    events: services.events,
    now: services.now,
    log,
    drivers: {
      ...webhookDriverFactories(services.config),
      // Created only by the session manager, once it holds the connection's lease.
      whatsapp: (row, ctx) =>
        new BaileysDriver(ctx, {
          db: services.db,
          waWebSocketUrl: services.config.WA_WEBSOCKET_URL,
          mediaMaxBytes: services.config.MEDIA_DOWNLOAD_LIMIT_BYTES,
          getMessage: storedMessageLookup(services.db, row.id),
          pairingNumber: typeof row.channelConfig?.pairingNumber === 'string' ? row.channelConfig.pairingNumber : undefined,
          history:
            row.enableImportMessage && row.importOldMessages
              ? { from: row.importOldMessages, to: row.importRecentMessages ?? services.now(), groups: row.importOldMessagesGroups }
              : undefined,
          logLevel: 'error',
        }),
      ...opts.drivers,
    },
    simulator: opts.simulator,
    inbound: { mediaMaxBytes: services.config.MEDIA_DOWNLOAD_LIMIT_BYTES, route: routeInbound },
  })
  const sessions = new SessionManager({ db: services.db, host, now: services.now, log })
  host.start()
  // The API in this process asks WhatsApp about numbers through the sessions held here.
  const numbers = { check: (companyId: number, number: string) => host.checkNumber(companyId, number) }
  services.numbers = numbers
  const sessionTimer = setInterval(() => void sessions.tick(), opts.sessionTickMs ?? 2_000)
  void sessions.tick()
  // A message queued in this process goes out at once rather than at the next poll.
  const unsubscribe = services.events.subscribe((e) => {
    if (e.type === 'appMessage' && e.payload.action === 'create' && (e.payload.message as { fromMe?: boolean })?.fromMe) void host.kick()
  })
  return {
    host,
    sessions,
    async stop() {
      unsubscribe()
      if (services.numbers === numbers) services.numbers = undefined
      clearInterval(sessionTimer)
      stopScheduler()
      await sessions.stop()
      await host.stop()
    },
  }
}
