import { ChannelHost } from '../workers/channel-host.ts'
import type { ChannelDriver } from '../workers/channels/types.ts'
import { SessionManager } from '../workers/session-manager.ts'
import type { TestEnv } from './env.ts'

/**
 * A worker for session tests: a channel host whose WhatsApp driver is a stand-in that records what was
 * asked of it (`start:<id>`, `stop:<id>`, `logout:<id>`), and its session manager, on the test clock.
 */
export function sessionWorker(env: TestEnv, owner?: string) {
  const calls: string[] = []
  const s = env.services
  const host = new ChannelHost({
    db: s.db,
    media: s.media,
    events: s.events,
    now: () => env.clock.now,
    log: () => {},
    owner,
    drivers: {
      whatsapp: (row): ChannelDriver => ({
        kind: 'whatsapp',
        start: async () => void calls.push(`start:${row.id}`),
        stop: async () => void calls.push(`stop:${row.id}`),
        logout: async () => void calls.push(`logout:${row.id}`),
        send: async () => ({ externalId: 'x', ack: 1 }),
      }),
    },
  })
  const sessions = new SessionManager({ db: s.db, host, now: () => env.clock.now, log: () => {}, leaseMs: 30_000 })
  return { host, sessions, calls }
}
