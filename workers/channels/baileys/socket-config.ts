import { Browsers, makeCacheableSignalKeyStore, type proto, type UserFacingSocketConfig, type WAVersion } from 'baileys'
import type { PostgresAuthState } from './auth-state.ts'
import { isIgnoredJid } from './jid.ts'

type ILogger = NonNullable<UserFacingSocketConfig['logger']>

/** Baileys 7.0.0-rc14's own default; WhatsApp answers 405 to versions it considers stale. */
export const DEFAULT_WA_VERSION: WAVersion = [2, 3000, 1043857760]

export interface SocketConfigOptions {
  version?: WAVersion
  waWebSocketUrl?: string
  getMessage: (externalId: string) => Promise<proto.IMessage | undefined>
  /** The connection imports its history (enableImportMessage): ask the phone for all of it. */
  history?: HistoryWindow
}

/** Which past messages an import takes (importOldMessages .. importRecentMessages, groups or not). */
export interface HistoryWindow {
  from: Date
  to: Date
  groups: boolean
}

/** makeWASocket's configuration for one connection (channels.md §1.1). */
export function socketConfig(auth: PostgresAuthState, logger: ILogger, opts: SocketConfigOptions): UserFacingSocketConfig {
  return {
    // The cache spares a database round trip per signal key lookup; writes still go through to set().
    auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
    logger,
    // Explicit, never fetched: fetching at connect time would make startup depend on web.whatsapp.com.
    version: opts.version ?? DEFAULT_WA_VERSION,
    // Pairing codes are refused for browser names WhatsApp does not recognise.
    browser: Browsers.macOS('Desktop'),
    // Staying "offline" keeps push notifications flowing to the attendant's phone.
    markOnlineOnConnect: false,
    // History comes only when the connection imports it; otherwise only what arrives from now on.
    syncFullHistory: Boolean(opts.history),
    shouldSyncHistoryMessage: () => Boolean(opts.history),
    // Ignored chats are not even decrypted.
    shouldIgnoreJid: (jid) => !!jid && isIgnoredJid(jid),
    getMessage: async (key) => (key.id ? opts.getMessage(key.id) : undefined),
    ...(opts.waWebSocketUrl && { waWebSocketUrl: opts.waWebSocketUrl }),
  }
}
