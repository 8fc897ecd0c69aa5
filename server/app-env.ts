import type { NumberChecker } from './domain/contacts/number-check.ts'
import type { Config } from './config.ts'
import type { Tx } from './db/connect.ts'
import type { Db } from './db/tenant.ts'
import type { TokenKeys } from './auth/tokens.ts'
import type { AuthContext } from './domain/auth/auth-context.ts'
import type { DomainCtx } from './domain/context.ts'
import type { EventBus } from './events.ts'
import type { MediaStore } from './media/media-store.ts'
import type { SyncService } from '../sync/server/sync-service.ts'
import type { RealtimeHub } from './realtime/hub.ts'
import type { ApiConnection } from './domain/outbound/api-connection.ts'

/** Everything a request handler may reach, built once at start (server/main.ts) or per test. */
export interface Services {
  db: Db
  config: Config
  keys: TokenKeys
  now: () => Date
  events: EventBus
  media: MediaStore
  /** The change log's sequencer and the long-poll notifier behind /v1/shape. */
  sync: SyncService
  /** The /ws hub; createApp attaches one per Services (optional because startServices builds Services without it). */
  hub?: RealtimeHub
  /** WhatsApp number checks (validateContact): set by the workers when they run in this process. */
  numbers?: NumberChecker
}

export type AppEnv = {
  Variables: {
    requestId: string
    services: Services
    auth: AuthContext
    tx: Tx
    ctx: DomainCtx
    /** The connection whose token authenticated an external API call (/api/messages/send). */
    apiConnection: ApiConnection
  }
}
