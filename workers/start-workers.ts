import type { Services } from '../server/app-env.ts'
import { inboundRouting } from '../server/domain/routing/index.ts'
import { ChannelHost, type ChannelHostDeps } from './channel-host.ts'
import { BaileysDriver } from './channels/baileys/baileys-driver.ts'
import { storedMessageLookup } from './channels/baileys/stored-message.ts'
import { webhookDriverFactories } from './channels/registry.ts'
import { startScheduler } from './scheduler.ts'
import { CampaignRunner } from './campaigns.ts'
import { FlowRunner } from './flows.ts'
import { publicMediaLinks } from '../server/media/signed-url.ts'
import { IntegrationRunner, type IntegrationWorkerDeps } from './integrations.ts'
import { azureSpeech } from '../server/domain/integrations/runtime/index.ts'
import { SessionManager } from './session-manager.ts'
import type { NumberChecker } from '../server/domain/contacts/number-check.ts'
import { answerNumberChecks } from '../server/domain/contacts/number-check-requests.ts'

export interface StartWorkersOptions {
  log?: (message: string, err?: unknown) => void
  /** How often sessions are renewed and session commands looked for (ms). */
  sessionTickMs?: number
  /** Extra or replacement drivers (the Baileys factory, fakes in tests). */
  drivers?: ChannelHostDeps['drivers']
  simulator?: ChannelHostDeps['simulator']
  /** The integration calls' timeout and attempts (tests shorten them). */
  integrations?: Pick<IntegrationWorkerDeps, 'timeoutMs' | 'attempts' | 'random' | 'dialogflowUrl' | 'openAiUrl' | 'openAiModel' | 'speech'>
}

export interface RunningWorkers {
  host: ChannelHost
  campaigns: CampaignRunner
  /** Issue 21: resumes flows whose interval is over. */
  flows: FlowRunner
  /** Issue 22: the queued n8n and webhook calls. */
  integrations: IntegrationRunner
  sessions: SessionManager
  /** Answers the number checks waiting for the companies whose sessions are held here. */
  answerNumberChecks(): Promise<number>
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
    inbound: { mediaMaxBytes: services.config.MEDIA_DOWNLOAD_LIMIT_BYTES, ...inboundRouting },
  })
  const sessions = new SessionManager({ db: services.db, host, now: services.now, log })
  host.start()
  // Campaign sends join the outbound queue; the host sends them at once rather than at its next poll.
  const campaigns = new CampaignRunner({ db: services.db, events: services.events, now: services.now, owner: host.owner, log }, () => void host.kick())
  campaigns.start()
  // Issue 21: interval resumes of the flows; their sends wake the host through the appMessage events below.
  const flows = new FlowRunner({ db: services.db, events: services.events, now: services.now, owner: host.owner, log })
  flows.start()
  const integrations = new IntegrationRunner({ db: services.db, events: services.events, now: services.now, owner: host.owner, log, dialogflowUrl: services.config.DIALOGFLOW_API_URL, openAiUrl: services.config.OPENAI_BASE_URL, openAiModel: services.config.OPENAI_MODEL, media: services.media, speech: azureSpeech(services.config.AZURE_TTS_URL),
    mediaLink: services.config.PUBLIC_URL ? publicMediaLinks(services.keys, services.config.PUBLIC_URL, services.now) : undefined, ...opts.integrations }, 300)
  integrations.start()
  // The API in this process asks WhatsApp about numbers through the sessions held here; a company whose
  // session another worker holds is asked through the database (number-check-requests.ts) when there is one.
  const overDatabase = services.numbers
  const numbers: NumberChecker = {
    check: (companyId, number) =>
      overDatabase && !host.sessionCompanies().includes(companyId) ? overDatabase.check(companyId, number) : host.checkNumber(companyId, number),
  }
  services.numbers = numbers
  let answering: Promise<number> | null = null
  const answerChecks = () =>
    (answering ??= answerNumberChecks(
      services.db,
      { owner: host.owner, companies: host.sessionCompanies(), check: (companyId, number) => host.checkNumber(companyId, number) },
      services.now(),
    )
      .catch((err) => (log('answering number checks failed', err), 0))
      .finally(() => (answering = null)))
  const sessionTimer = setInterval(() => {
    void sessions.tick()
    // Questions NOTIFY wakes for (workers/main.ts); this catches one whose wake was missed.
    if (overDatabase) void answerChecks()
  }, opts.sessionTickMs ?? 2_000)
  void sessions.tick()
  // A message queued in this process goes out at once rather than at the next poll.
  const unsubscribe = services.events.subscribe((e) => {
    if (e.type === 'appMessage' && e.payload.action === 'create' && (e.payload.message as { fromMe?: boolean })?.fromMe) void host.kick()
  })
  return {
    host,
    campaigns,
    flows,
    integrations,
    sessions,
    answerNumberChecks: answerChecks,
    async stop() {
      unsubscribe()
      if (services.numbers === numbers) services.numbers = overDatabase
      await answering
      clearInterval(sessionTimer)
      stopScheduler()
      await campaigns.stop()
      await flows.stop()
      await integrations.stop()
      await sessions.stop()
      await host.stop()
    },
  }
}
