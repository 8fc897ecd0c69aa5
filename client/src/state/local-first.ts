import { atom } from 'jotai'
import type { LocalDatabase } from '../../../sync/client/database.ts'
import type { Outbox } from '../../../sync/client/outbox.ts'
import type { StatusSource } from '../../../sync/client/sync-status.ts'
import { store } from './store.ts'

/** This tab's handles on the user's browser database and outbox (data/local-first.ts opens them). */
export interface LocalFirst {
  userKey: string
  db: LocalDatabase
  outbox: Outbox
  /** The sync status the worker publishes. */
  status: StatusSource
  /** Unlinks the outbox and closes both handles (idempotent; the data stays). */
  close(): Promise<void>
}

export type LocalFirstState =
  | { state: 'closed' }
  | { state: 'opening'; userKey: string }
  | { state: 'open'; userKey: string; handles: LocalFirst }
  | { state: 'failed'; userKey: string; error: string }

export const localFirstAtom = atom<LocalFirstState>({ state: 'closed' })

/** Whose database: one per user on a shared computer (sync/client/database.ts OpenLocalDatabaseOptions.userKey). */
export const localUserKey = (user: { companyId: number; id: number }) => `${user.companyId}-${user.id}`

/** Forgets this tab's handles and closes them (logout, session replaced); the caller then wipes the storage. */
export async function closeLocalFirst(): Promise<void> {
  const current = store.get(localFirstAtom)
  store.set(localFirstAtom, { state: 'closed' })
  if (current.state === 'open') await current.handles.close().catch(() => {})
}
