import type { Tx } from '../../server/db/connect.ts'
import type { ChannelKind } from '../channels/types.ts'

// The pipeline's shared words: handle-channel-event.ts and each step it calls use them.

/** The connection an event came through. */
export interface ConnectionRef {
  id: number
  companyId: number
  channel: ChannelKind
}

/** Runs fn in a transaction scoped to the connection's company. */
export type InCompany = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>
