import type { TokenKeys } from '../auth/tokens.ts'
import type { Tx } from '../db/connect.ts'
import type { Db } from '../db/tenant.ts'
import type { AuthContext } from '../domain/auth/auth-context.ts'
import type { EventBus } from '../events.ts'
import type { ServerFrame } from './protocol.ts'

/** The two calls the hub makes on a socket; Hono's WSContext has them, and so does a test fake. */
export interface SocketLike {
  send(data: string): void
  close(code?: number, reason?: string): void
}

export interface HubDeps {
  db: Db
  keys: TokenKeys
  now: () => Date
  events: EventBus
}

/** A verified connect request: the actor and when the token it came with expires (epoch ms). */
export interface SocketSession {
  auth: AuthContext
  expiresAt: number
}

export interface Connection {
  readonly id: number
  readonly socket: SocketLike
  auth: AuthContext
  expiresAt: number
  /** Rooms joined on request (notification, ticket lists, chat boxes); company and user rooms are implicit. */
  rooms: Set<string>
  /** Chat boxes joined, by ticket id, and whether this socket counts among the ticket's viewers. */
  chatBoxes: Map<number, { viewing: boolean }>
  closed: boolean
  /** Client frames run one at a time, in order: a quick join then leave must not end joined. */
  queue: Promise<void>
  pending: number
}

/** What a client frame may ask of the hub (client-frames.ts); RealtimeHub implements it. */
export interface FrameHost {
  readonly deps: Pick<HubDeps, 'db' | 'keys' | 'now'>
  send(conn: Connection, frame: ServerFrame): void
  reauthenticate(conn: Connection, also?: (tx: Tx, auth: AuthContext) => Promise<unknown>): Promise<boolean>
  joinRoom(conn: Connection, room: string): void
  leaveRoom(conn: Connection, room: string): void
  leaveChatBox(conn: Connection, ticketId: number): void
  membersOf(room: string): Connection[]
  broadcastViewers(companyId: number, ticketId: number): void
}
