import { useSyncExternalStore } from 'react'
import type { ChatMessage } from './chat-message.ts'

/**
 * Replies typed here, shown the moment Enter is pressed (issue 14: the pending bubble within 30 ms):
 * the bubble is painted from memory, before the write reaches the local database through the worker,
 * whose queue may be busy with the refreshes of other queries. It is the same message the local
 * database shows a moment later (key `local-<clientId>`, so React keeps the element), and it leaves as
 * soon as the chat's rows hold that client id. A write the database refuses takes its echo away.
 */

const byTicket = new Map<number, ChatMessage[]>()
const listeners = new Set<() => void>()
const NONE: ChatMessage[] = []

function changed(ticketId: number, next: ChatMessage[]) {
  if (next.length) byTicket.set(ticketId, next)
  else byTicket.delete(ticketId)
  listeners.forEach((l) => l())
}

export function addEcho(message: ChatMessage): void {
  changed(message.ticketId, [...(byTicket.get(message.ticketId) ?? []), message])
}

export function dropEchoes(ticketId: number, clientIds: ReadonlySet<string>): void {
  const current = byTicket.get(ticketId)
  if (!current?.some((m) => m.clientId && clientIds.has(m.clientId))) return
  changed(ticketId, current.filter((m) => !m.clientId || !clientIds.has(m.clientId)))
}

export function echoesOf(ticketId: number): ChatMessage[] {
  return byTicket.get(ticketId) ?? NONE
}

export function useEchoes(ticketId: number): ChatMessage[] {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => echoesOf(ticketId),
  )
}

/**
 * The chat's rows (oldest first) with the echoes they do not hold yet after them (`held`: the client ids
 * the rows were written with, synced or local); quotes filled from the rows.
 */
export function withEchoes(messages: ChatMessage[], echoes: ChatMessage[], held: ReadonlySet<string>): ChatMessage[] {
  if (!echoes.length) return messages
  const missing = echoes.filter((e) => !e.clientId || !held.has(e.clientId))
  if (!missing.length) return messages
  const byId = new Map(messages.filter((m) => m.id !== null).map((m) => [m.id, m]))
  return [
    ...messages,
    ...missing.map((e) => {
      const q = e.quoted ? byId.get(e.quoted.id) : undefined
      return q ? { ...e, quoted: { id: q.id!, body: q.body, fromMe: q.fromMe } } : e
    }),
  ]
}

/** The bubble of a reply being written to the local database, as the chat's query will show it. */
export function echoOf(ticketId: number, clientId: string, msg: { body: string; isPrivate: boolean; quotedMsgId?: number | null }, at: Date): ChatMessage {
  return {
    key: `local-${clientId}`,
    id: null,
    ticketId,
    body: msg.body,
    fromMe: true,
    ack: 0,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    isPrivate: msg.isPrivate,
    isDeleted: false,
    isEdited: false,
    isSystem: false,
    sendError: null,
    vCard: null,
    createdAt: at.toISOString(),
    userId: null,
    local: true,
    clientId,
    error: null,
    quoted: msg.quotedMsgId ? { id: msg.quotedMsgId, body: '', fromMe: false } : null,
    pendingChange: null,
    reactions: [],
  }
}
