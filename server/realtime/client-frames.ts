import { verifyAccessToken } from '../auth/tokens.ts'
import { withTenant } from '../db/tenant.ts'
import { can } from '../domain/permissions.ts'
import { canSeeTicket, type TicketAccessFields } from '../domain/ticket-visibility.ts'
import type { Connection, FrameHost } from './connection.ts'
import { tokenExpiry } from './token-expiry.ts'
import { companyEvent, roomNames, type ClientFrame } from './protocol.ts'
import { markUserOnline } from './user-status.ts'

/**
 * One parsed client frame (protocol.ts). Joins are checked here, per socket: a room is a promise about
 * what its members may see, so nobody enters one they could not read (anchor §6, unlike MF).
 */
export async function handleClientFrame(hub: FrameHost, conn: Connection, frame: ClientFrame): Promise<void> {
  const companyId = conn.auth.company.id
  switch (frame.event) {
    case 'ping':
      return hub.send(conn, { event: 'pong', data: {} })
    case 'userStatus':
      // Also re-reads the actor: every 5 minutes a revoked session or changed queue takes effect.
      await hub.reauthenticate(conn, (tx, auth) => markUserOnline(tx, auth.user.id, hub.deps.now()))
      return
    case 'refreshToken':
      return refreshToken(hub, conn, frame.data)
    case 'joinNotification':
      return joinRoom(hub, conn, roomNames.notification(companyId), true)
    case 'leaveNotification':
      return hub.leaveRoom(conn, roomNames.notification(companyId))
    case 'joinTickets':
      return joinRoom(hub, conn, roomNames.tickets(companyId, frame.data), frame.data !== 'group' || can(conn.auth, 'tickets:group'))
    case 'leaveTickets':
      return hub.leaveRoom(conn, roomNames.tickets(companyId, frame.data))
    case 'joinChatBox':
      return joinChatBox(hub, conn, frame.data)
    case 'leaveChatBox':
      return hub.leaveChatBox(conn, frame.data)
    case 'typing':
      return relayTyping(hub, conn, frame.data.ticketId, frame.data.typing)
    case 'viewing':
      return setViewing(hub, conn, frame.data.ticketId, frame.data.viewing)
  }
}

function joinRoom(hub: FrameHost, conn: Connection, room: string, allowed: boolean): void {
  if (!allowed) return hub.send(conn, { event: 'error', data: { code: 'ERR_NO_PERMISSION', room } })
  hub.joinRoom(conn, room)
  hub.send(conn, { event: 'ready', data: { room } })
}

/** Joins a ticket's chat box if the user may see the ticket; a ticket of another company does not exist here. */
async function joinChatBox(hub: FrameHost, conn: Connection, ticketId: number): Promise<void> {
  const { company, user } = conn.auth
  const room = roomNames.chatBox(company.id, ticketId)
  if (conn.chatBoxes.has(ticketId)) return hub.send(conn, { event: 'ready', data: { room } })
  const [ticket] = await withTenant(
    hub.deps.db,
    { companyId: company.id, userId: user.id },
    (tx) => tx<TicketAccessFields[]>`select user_id, queue_id, is_group from tickets where id = ${ticketId}`,
  )
  if (conn.closed) return
  if (!ticket || !canSeeTicket(conn.auth, ticket)) {
    return hub.send(conn, { event: 'error', data: { code: 'ERR_NO_PERMISSION', room } })
  }
  conn.chatBoxes.set(ticketId, { viewing: true })
  hub.joinRoom(conn, room)
  hub.send(conn, { event: 'ready', data: { room } })
  hub.broadcastViewers(company.id, ticketId)
}

function relayTyping(hub: FrameHost, conn: Connection, ticketId: number, typing: boolean): void {
  if (!conn.chatBoxes.has(ticketId)) return
  const { company, user } = conn.auth
  const frame = { event: companyEvent(company.id, 'presence'), data: { ticketId, userId: user.id, name: user.name, typing } }
  for (const member of hub.membersOf(roomNames.chatBox(company.id, ticketId))) {
    if (member !== conn) hub.send(member, frame)
  }
}

/** A tab that is hidden stays joined (it keeps receiving) but leaves the viewer list until shown again. */
function setViewing(hub: FrameHost, conn: Connection, ticketId: number, viewing: boolean): void {
  const box = conn.chatBoxes.get(ticketId)
  if (!box || box.viewing === viewing) return
  box.viewing = viewing
  hub.broadcastViewers(conn.auth.company.id, ticketId)
}

/** Moves the socket's expiry to a fresh token of the same user and session (the access token lives 15 min). */
async function refreshToken(hub: FrameHost, conn: Connection, token: string): Promise<void> {
  const refused = () => hub.send(conn, { event: 'error', data: { code: 'ERR_SESSION_EXPIRED', event: 'refreshToken' } })
  const claims = await verifyAccessToken(hub.deps.keys, token, hub.deps.now()).catch(() => null)
  const { company, user, sessionId } = conn.auth
  if (!claims || claims.id !== user.id || claims.sid !== sessionId || claims.companyId !== company.id) return refused()
  if (!(await hub.reauthenticate(conn))) return
  conn.expiresAt = Math.max(conn.expiresAt, tokenExpiry(token))
  hub.send(conn, { event: 'tokenRefreshed', data: { expiresAt: new Date(conn.expiresAt).toISOString() } })
}
