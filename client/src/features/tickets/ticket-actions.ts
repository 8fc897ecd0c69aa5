import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { queueWrite } from '../../../../sync/client/optimistic.ts'
import { userAtom } from '../../state/auth.ts'
import { store } from '../../state/store.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import type { LocalWriter } from '../../lib/local-sql.ts'
import { addEcho, dropEchoes, echoOf } from './send-echo.ts'

/** PUT /tickets/{id} body (server/routes/tickets.schema.ts updateTicketSchema). */
export interface TicketUpdate {
  status?: 'open' | 'pending' | 'closed' | 'group'
  userId?: number | null
  queueId?: number | null
  sendFarewellMessage?: boolean
  isTransfered?: boolean
  useIntegration?: boolean
}

/** The columns of the local tickets row the update changes, so the list and header move at once. */
export function ticketRowValue(u: TicketUpdate, now = new Date()): Record<string, unknown> {
  const row: Record<string, unknown> = { updated_at: now.toISOString() }
  if (u.status !== undefined) row.status = u.status
  if (u.userId !== undefined) row.user_id = u.userId
  if (u.queueId !== undefined) row.queue_id = u.queueId
  if (u.useIntegration !== undefined) row.use_integration = u.useIntegration
  if (u.status === 'open') row.unread_messages = 0
  return row
}

/** PUT /tickets/{id} through the outbox: works offline, shows pending until the server confirms. */
export function queueTicketUpdate(w: LocalWriter, id: number, update: TicketUpdate): Promise<string> {
  return queueWrite(w, { method: 'PUT', path: `/tickets/${id}`, body: update }, { table: 'tickets', op: 'update', rowKey: { id }, value: ticketRowValue(update) }, { scope: [`ticket:${id}`] })
}

export interface OutgoingMessage {
  body: string
  isPrivate: boolean
  quotedMsgId?: number | null
}

let lastSentAt = 0

/** Messages typed in the same millisecond still show in the order they were written in. */
function afterLastSent(now: Date): Date {
  lastSentAt = Math.max(now.getTime(), lastSentAt + 1)
  return new Date(lastSentAt)
}

/**
 * POST /messages/{ticketId} through the outbox. The message shows at once at ack 0 (clock) and pending;
 * its clientId is the outbox id, so a replay after a lost answer is the same message (the server answers
 * the stored one) and the synced row replaces the local one.
 */
export async function queueSendMessage(
  w: LocalWriter,
  ticketId: number,
  msg: OutgoingMessage,
  now = new Date(),
  /** Chosen by the caller when it shows the message before the write (sendWithEcho). */
  given?: { clientId: string; at: Date },
): Promise<string> {
  const clientId = given?.clientId ?? crypto.randomUUID()
  const at = given?.at ?? afterLastSent(now)
  const body = { body: msg.body, isPrivate: msg.isPrivate, clientId, ...(msg.quotedMsgId ? { quotedMsgId: msg.quotedMsgId } : {}) }
  return queueWrite(
    w,
    { method: 'POST', path: `/messages/${ticketId}`, body },
    {
      table: 'messages',
      op: 'insert',
      value: {
        ticket_id: ticketId,
        client_id: clientId,
        body: msg.body,
        from_me: true,
        ack: 0,
        is_private: msg.isPrivate,
        is_deleted: false,
        media_type: 'chat',
        quoted_msg_id: msg.quotedMsgId ?? null,
        created_at: at.toISOString(),
      },
    },
    { clientId, scope: [`ticket:${ticketId}`] },
  )
}

/**
 * A reply from the chat's input: its bubble shows at once from memory (send-echo.ts), then the write goes
 * to the local database and the outbox; a write that fails there takes the bubble back and rejects.
 */
export async function sendWithEcho(w: LocalWriter, ticketId: number, msg: OutgoingMessage, now = new Date()): Promise<string> {
  const given = { clientId: crypto.randomUUID(), at: afterLastSent(now) }
  addEcho(echoOf(ticketId, given.clientId, msg, given.at))
  try {
    return await queueSendMessage(w, ticketId, msg, now, given)
  } catch (err) {
    dropEchoes(ticketId, new Set([given.clientId]))
    throw err
  }
}

/** POST /messages/edit/{id} through the outbox (own messages, within 15 minutes: the server checks again). */
export function queueEditMessage(w: LocalWriter, id: number, body: string): Promise<string> {
  return queueWrite(w, { method: 'POST', path: `/messages/edit/${id}`, body: { body } }, { table: 'messages', op: 'update', rowKey: { id }, value: { body, is_edited: true } }, { scope: [`message:${id}`] })
}

/** DELETE /messages/{id} through the outbox: the message shows as deleted at once. */
export function queueDeleteMessage(w: LocalWriter, id: number): Promise<string> {
  return queueWrite(w, { method: 'DELETE', path: `/messages/${id}` }, { table: 'messages', op: 'update', rowKey: { id }, value: { is_deleted: true } }, { scope: [`message:${id}`] })
}

/** POST /messages/{id}/react through the outbox; '' takes our reaction back. Shown once synced. */
export function queueReaction(w: LocalWriter, id: number, emoji: string): Promise<string> {
  return queueWrite(w, { method: 'POST', path: `/messages/${id}/react`, body: { emoji } }, undefined, { scope: [`message:${id}`] })
}

/** POST /message/forward through the outbox (the server spaces forwards to one chat 900 ms apart). */
export function queueForward(w: LocalWriter, messageId: number, contactId: number): Promise<string> {
  return queueWrite(w, { method: 'POST', path: '/message/forward', body: { messageId, contactId, signMessage: false } }, undefined, { scope: [`message:${messageId}`, `contact:${contactId}`] })
}

/** The chat's and the list's writes, bound to this tab's database and outbox (null until open). */
export function useTicketActions() {
  const lf = useLocalFirst()
  const me = useAtomValue(userAtom)
  return useMemo(() => {
    if (!lf || !me) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    return {
      accept: (id: number, queueId?: number | null) =>
        queueTicketUpdate(w, id, { status: 'open', userId: me.id, ...(queueId ? { queueId } : {}) }),
      returnToQueue: (id: number) => queueTicketUpdate(w, id, { status: 'pending', userId: null }),
      close: (id: number, sendFarewellMessage: boolean) => queueTicketUpdate(w, id, { status: 'closed', userId: me.id, sendFarewellMessage }),
      reopen: (id: number, queueId?: number | null) =>
        queueTicketUpdate(w, id, { status: 'open', userId: me.id, ...(queueId ? { queueId } : {}) }),
      transfer: (id: number, queueId: number, userId: number | null) =>
        queueTicketUpdate(w, id, { status: userId ? 'open' : 'pending', userId, queueId, isTransfered: true }),
      /** PUT /tickets/{id} {useIntegration}: the ticket's integration on or off (spec part 1 §7). */
      setUseIntegration: (id: number, on: boolean) => queueTicketUpdate(w, id, { useIntegration: on }),
      send: (ticketId: number, msg: OutgoingMessage) => sendWithEcho(w, ticketId, msg),
      editMessage: (id: number, body: string) => queueEditMessage(w, id, body),
      deleteMessage: (id: number) => queueDeleteMessage(w, id),
      react: (id: number, emoji: string) => queueReaction(w, id, emoji),
      // POST /tickets/closeAll (admin, spec part 1 §4): the tab's tickets of the selected queues.
      closeAll: (status: 'open' | 'pending' | 'group', selectedQueueIds: number[]) =>
        queueWrite(w, { method: 'POST', path: '/tickets/closeAll', body: { status, selectedQueueIds } }),
      // One by one, in order (spec: forward one by one); the server spaces their sending.
      forward: async (messageIds: number[], contactId: number) => {
        for (const id of messageIds) await queueForward(w, id, contactId)
      },
      // PUT /users/toggleChangeWidht/{id} (spec part 1 §7): the list width, kept for the next session.
      saveListWidth: (userId: number, width: number) =>
        queueWrite(w, { method: 'PUT', path: `/users/toggleChangeWidht/${userId}`, body: { defaultTicketsManagerWidth: width } }).then((id) => {
          store.set(userAtom, (u) => (u ? { ...u, defaultTicketsManagerWidth: width } : u))
          return id
        }),
      retry: (clientId: string) => lf.outbox.retry(clientId),
      discard: (clientId: string) => lf.outbox.discard(clientId),
    }
  }, [lf, me])
}
