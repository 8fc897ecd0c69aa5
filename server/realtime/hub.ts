import { verifyAccessToken } from '../auth/tokens.ts'
import type { Tx } from '../db/connect.ts'
import { withTenant } from '../db/tenant.ts'
import { AppError } from '../domain/app-error.ts'
import { isSubscriptionExpired, loadAuthContext, type AuthContext } from '../domain/auth/auth-context.ts'
import type { DomainEvent } from '../domain/context.ts'
import { handleClientFrame } from './client-frames.ts'
import type { Connection, FrameHost, HubDeps, SocketLike, SocketSession } from './connection.ts'
import { CLOSE_TOKEN_EXPIRED, companyEvent, parseClientFrame, roomNames, type ServerFrame } from './protocol.ts'
import { frameFor, routeEvent, routeReaches } from './route-event.ts'
import { tokenExpiry } from './token-expiry.ts'
import { markUserOffline, markUserOnline } from './user-status.ts'

export interface HubOptions {
  /** How often the expiry timer runs while sockets are open; tests call sweepExpired() instead. */
  sweepEveryMs?: number
  log?: (message: string, err?: unknown) => void
}

const MAX_PENDING_FRAMES = 64
let nextConnectionId = 1

/**
 * The /ws hub (ARCHITECTURE: ephemeral events; synced rows travel through shapes). It authenticates
 * sockets, keeps their rooms, routes committed domain events to the sockets allowed to see them and
 * closes sockets whose token expired or whose session ended.
 */
export class RealtimeHub implements FrameHost {
  private readonly connections = new Set<Connection>()
  private readonly byCompany = new Map<number, Set<Connection>>()
  private readonly rooms = new Map<string, Set<Connection>>()
  private readonly closing = new Set<Promise<void>>()
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly unsubscribe: () => void
  readonly log: (message: string, err?: unknown) => void

  constructor(
    readonly deps: HubDeps,
    private readonly opts: HubOptions = {},
  ) {
    this.log = opts.log ?? ((m, err) => console.error(`[realtime] ${m}`, err ?? ''))
    this.unsubscribe = deps.events.subscribe((e) => this.deliver(e))
  }

  /** Verifies a connect token; anything wrong is the 401 the client answers by refreshing its token. */
  async authenticate(token: string | undefined): Promise<SocketSession> {
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Missing token')
    const claims = await verifyAccessToken(this.deps.keys, token, this.deps.now())
    const auth = await this.loadAuth(claims.companyId, claims.id, claims.sid)
    return { auth, expiresAt: tokenExpiry(token) }
  }

  /**
   * Reads the actor fresh (as the HTTP middleware does) in a tenant transaction; `also` runs in the same
   * transaction. A revoked session, a deleted user or an inactive company is ERR_SESSION_EXPIRED.
   */
  async loadAuth(companyId: number, userId: number, sessionId: string, also?: (tx: Tx, auth: AuthContext) => Promise<unknown>) {
    return withTenant(this.deps.db, { companyId, userId }, async (tx) => {
      const auth = await loadAuthContext(tx, userId, sessionId)
      if (!auth.company.status && !auth.user.super) throw new AppError('ERR_SESSION_EXPIRED', 'Company inactive')
      // The rule of requireAuth (issue 16 item 5): REST answers 402, so the socket delivers nothing either.
      if (isSubscriptionExpired(auth.company, this.deps.now())) {
        throw new AppError('ERR_SUBSCRIPTION_EXPIRED', `Subscription expired on ${auth.company.dueDate}`, { dueDate: auth.company.dueDate })
      }
      await also?.(tx, auth)
      return auth
    })
  }

  open(session: SocketSession, socket: SocketLike): Connection {
    const conn: Connection = {
      id: nextConnectionId++,
      socket,
      auth: session.auth,
      expiresAt: session.expiresAt,
      rooms: new Set(),
      chatBoxes: new Map(),
      closed: false,
      queue: Promise.resolve(),
      pending: 0,
    }
    this.connections.add(conn)
    setAdd(this.byCompany, conn.auth.company.id, conn)
    this.startTimer()
    // A live socket is an online user; userStatus then keeps last_seen_at fresh.
    this.enqueue(conn, () => this.reauthenticate(conn, (tx, auth) => markUserOnline(tx, auth.user.id, this.deps.now())))
    return conn
  }

  /** A raw client frame; malformed ones are dropped without an answer. */
  receive(conn: Connection, raw: unknown): void {
    const frame = parseClientFrame(raw)
    if (!frame || conn.closed || conn.pending >= MAX_PENDING_FRAMES) return
    this.enqueue(conn, () => handleClientFrame(this, conn, frame))
  }

  /** The socket closed (either side); idempotent. */
  closed(conn: Connection): void {
    if (conn.closed) return
    conn.closed = true
    this.connections.delete(conn)
    setDelete(this.byCompany, conn.auth.company.id, conn)
    for (const ticketId of [...conn.chatBoxes.keys()]) this.leaveChatBox(conn, ticketId)
    for (const room of conn.rooms) setDelete(this.rooms, room, conn)
    conn.rooms.clear()
    if (this.connections.size === 0) this.stopTimer()
    const { company, user } = conn.auth
    // Chained after the socket's own frames so a late userStatus cannot turn the user back online.
    const done = conn.queue.then(async () => {
      if (this.connectionsOf(user.id).length) return
      await markUserOffline(this.deps.db, company.id, user.id).catch((err) => this.log('markUserOffline failed', err))
    })
    this.closing.add(done)
    void done.finally(() => this.closing.delete(done))
  }

  /** Resolves once the work of closed sockets (marking users offline) has finished: shutdown waits for it. */
  async settled(): Promise<void> {
    while (this.closing.size) await Promise.all([...this.closing])
  }

  disconnect(conn: Connection, code: number, reason: string): void {
    this.closed(conn)
    try {
      conn.socket.close(code, reason)
    } catch {
      // already closed by the peer
    }
  }

  send(conn: Connection, frame: ServerFrame): void {
    if (conn.closed) return
    try {
      conn.socket.send(JSON.stringify(frame))
    } catch (err) {
      this.log('send failed', err)
    }
  }

  /** Routes one committed event to every local socket it reaches (other instances: pg-fanout.ts). */
  deliver(event: DomainEvent): void {
    const route = routeEvent(event)
    const everyone = route.audiences.some((a) => a.to === 'everyone')
    const companies = new Set(route.audiences.map((a) => (a.to === 'everyone' ? 0 : a.companyId)))
    const candidates = everyone ? [...this.connections] : [...companies].flatMap((id) => [...(this.byCompany.get(id) ?? [])])
    const frames = new Map<number, string>()
    for (const conn of candidates) {
      if (!routeReaches(route, conn.auth)) continue
      const companyId = conn.auth.company.id
      if (!frames.has(companyId)) frames.set(companyId, JSON.stringify(frameFor(route, companyId)))
      try {
        conn.socket.send(frames.get(companyId)!)
      } catch (err) {
        this.log('send failed', err)
      }
      if (route.close) this.disconnect(conn, route.close.code, route.close.reason)
    }
    // Changed switches or queues must apply to routing at once, as they do for HTTP requests.
    if (event.type === 'user') {
      const userId = Number((event.payload.user as { id?: unknown } | undefined)?.id ?? event.payload.userId)
      for (const conn of this.connectionsOf(userId)) this.enqueue(conn, () => this.reauthenticate(conn))
    }
    // A company deactivated or past its due date keeps no socket open.
    if (event.type === 'company' && event.companyId) {
      for (const conn of [...(this.byCompany.get(event.companyId) ?? [])]) this.enqueue(conn, () => this.reauthenticate(conn))
    }
  }

  /** Closes the sockets whose token expired by `now` (code 4001); the client reconnects with a fresh token. */
  sweepExpired(now: Date = this.deps.now()): number {
    const expired = [...this.connections].filter((c) => c.expiresAt <= now.getTime())
    for (const conn of expired) this.disconnect(conn, CLOSE_TOKEN_EXPIRED, 'token expired')
    return expired.length
  }

  /** Reloads the actor of a socket; when the session ended the socket is closed with 4001. */
  async reauthenticate(conn: Connection, also?: (tx: Tx, auth: AuthContext) => Promise<unknown>): Promise<boolean> {
    const { company, user, sessionId } = conn.auth
    try {
      conn.auth = await this.loadAuth(company.id, user.id, sessionId, also)
      return true
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      this.disconnect(conn, CLOSE_TOKEN_EXPIRED, 'session ended')
      return false
    }
  }

  connectionsOf(userId: number): Connection[] {
    return [...this.connections].filter((c) => c.auth.user.id === userId)
  }

  get size(): number {
    return this.connections.size
  }

  joinRoom(conn: Connection, room: string): void {
    conn.rooms.add(room)
    setAdd(this.rooms, room, conn)
  }

  leaveRoom(conn: Connection, room: string): void {
    conn.rooms.delete(room)
    setDelete(this.rooms, room, conn)
  }

  membersOf(room: string): Connection[] {
    return [...(this.rooms.get(room) ?? [])]
  }

  leaveChatBox(conn: Connection, ticketId: number): void {
    if (!conn.chatBoxes.delete(ticketId)) return
    this.leaveRoom(conn, roomNames.chatBox(conn.auth.company.id, ticketId))
    this.broadcastViewers(conn.auth.company.id, ticketId)
  }

  /** Sends the ticket's viewer list (one entry per user, whatever their tab count) to its chat-box room. */
  broadcastViewers(companyId: number, ticketId: number): void {
    const members = this.membersOf(roomNames.chatBox(companyId, ticketId))
    const viewers = new Map<number, { id: number; name: string }>()
    for (const m of members) {
      if (m.chatBoxes.get(ticketId)?.viewing) viewers.set(m.auth.user.id, { id: m.auth.user.id, name: m.auth.user.name })
    }
    const frame = { event: companyEvent(companyId, 'presence'), data: { ticketId, viewers: [...viewers.values()] } }
    for (const m of members) this.send(m, frame)
  }

  /** Ends every socket and timer (server shutdown); resolves when their users are marked offline. */
  async stop(): Promise<void> {
    this.unsubscribe()
    for (const conn of [...this.connections]) this.disconnect(conn, 1001, 'server shutting down')
    this.stopTimer()
    await this.settled()
  }

  private enqueue(conn: Connection, job: () => Promise<unknown>): void {
    conn.pending++
    conn.queue = conn.queue
      .then(() => (conn.closed ? undefined : job()))
      .catch((err) => this.log(`socket ${conn.id} frame failed`, err))
      .then(() => {
        conn.pending--
      })
  }

  private startTimer(): void {
    if (this.timer) return
    this.timer = setInterval(() => this.sweepExpired(), this.opts.sweepEveryMs ?? 5_000)
    this.timer.unref?.()
  }

  private stopTimer(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }
}

function setAdd<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  set.add(value)
}

function setDelete<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key)
  if (!set) return
  set.delete(value)
  if (!set.size) map.delete(key)
}
