import type { OutboxWrite } from '../../../../sync/client/outbox.ts'
import type { SyncStatus } from '../../../../sync/client/sync-status.ts'
import type { LocalFirstState } from '../../state/local-first.ts'

/** What the top bar's sync dot shows. */
export type SyncIndicatorState = 'syncing' | 'up-to-date' | 'offline' | 'error'

/**
 * The dot's state from the database's, the worker's sync status and the browser's connectivity: offline
 * wins (a failed long-poll while offline is no error), a database that is still opening is syncing.
 */
export function syncIndicatorState(db: LocalFirstState['state'], sync: SyncStatus, online: boolean): { state: SyncIndicatorState; error: string | null } {
  if (!online) return { state: 'offline', error: null }
  if (db === 'failed') return { state: 'error', error: 'ERR_LOCAL_DB' }
  if (db !== 'open') return { state: 'syncing', error: null }
  if (sync.state === 'error') return sync.error === 'ERR_NETWORK' ? { state: 'offline', error: null } : { state: 'error', error: sync.error }
  if (sync.state === 'up-to-date') return { state: 'up-to-date', error: null }
  return { state: 'syncing', error: null }
}

export type WriteAction = 'create' | 'update' | 'delete'

/** A queued write as the pending-writes list shows it. */
export interface WriteSummary {
  id: string
  action: WriteAction
  /** The API resource: the path's first segment ('users'). */
  resource: string
  /** The record's name when the body has one, else its path. */
  subject: string
  failed: boolean
  /** The server's refusal (ERR_* code), for failed writes. */
  error: string | null
  /** The last retryable failure (ERR_NETWORK, HTTP_503…) of a write still pending. */
  lastFailure: string | null
}

const actions: Record<OutboxWrite['method'], WriteAction> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' }

export function describeWrite(write: OutboxWrite): WriteSummary {
  const body = (write.body && typeof write.body === 'object' ? write.body : {}) as { name?: unknown }
  return {
    id: write.id,
    action: actions[write.method],
    resource: write.path.split(/[/?]/).filter(Boolean)[0] ?? '',
    subject: typeof body.name === 'string' && body.name.trim() ? body.name.trim() : write.path,
    failed: write.state === 'failed',
    error: write.error?.code ?? null,
    lastFailure: write.lastFailure,
  }
}
