import { useEffect, useMemo, useRef } from 'react'
import { optimisticSelect } from '../../../../sync/client/optimistic.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { jsonList } from '../../lib/local-sql.ts'
import type { ChatMessage } from './chat-message.ts'
import { dropEchoes, useEchoes, withEchoes } from './send-echo.ts'

/** Messages per step of the chat's "older pages" (GET /messages pages by 20 too). */
export const CHAT_PAGE_SIZE = 20
/** Spec part 1 §4: edit only within 15 minutes. */
export const EDIT_WINDOW_MS = 900_000

export type { ChatMessage }

/**
 * The chat of a ticket over the local database, newest `limit` first: the ticket's messages and those
 * of the contact's earlier tickets on the same connection that this user has (GET /messages merges the
 * same history), plus the messages typed here that the stream has not brought yet. A local message
 * leaves once the synced row with its client id exists, so a message never shows twice.
 */
/** The ticket's messages and those of the contact's earlier tickets on the same connection (index on ticket_id). */
const inChat = (m: string) =>
  `${m}.ticket_id = any(array(select id from tickets where id = $1 or ($3::int is not null and contact_id = $2 and whatsapp_id = $3 and id < $1)))`

export function chatMessagesQuery(t: { ticketId: number; contactId: number; whatsappId: number | null }, limit: number): SqlQuery {
  return {
    sql: `
      select * from (
        select m.id::text as key, m.id, m.ticket_id, m.body, m.from_me, coalesce(m.ack, 0) as ack, m.media_type, m.media_url,
               m.media_name, coalesce(m.is_private, false) as is_private, coalesce(m.is_deleted, false) as is_deleted,
               coalesce(m.is_edited, false) as is_edited, coalesce(m.is_system, false) as is_system, m.send_error,
               m.v_card, m.created_at, m.user_id, false as local, m.write_client_id as client_id, m.write_error as error,
               m.quoted_msg_id, qm.body as quoted_body, qm.from_me as quoted_from_me, m.write_pending as pending, m.client_id::text as sent_as,
               (select coalesce(json_agg(json_build_object('emoji', r.body, 'fromMe', r.from_me) order by r.id), '[]'::json)
                  from (select distinct on (r.from_me, case when r.from_me then 0 else r.contact_id end) r.id, r.body, r.from_me
                          from messages r where r.quoted_msg_id = m.id and r.media_type = 'reactionMessage'
                         order by r.from_me, case when r.from_me then 0 else r.contact_id end, r.id desc) r
                 where r.body <> '') as reactions
          from (${optimisticSelect('messages', { columnPrefix: 'write_', where: inChat })}) m
          left join messages qm on qm.id = m.quoted_msg_id
         where m.id is not null and coalesce(m.media_type, '') <> 'reactionMessage'
        union all
        select 'local-' || l.client_id, null, (l.value->>'ticket_id')::int, l.value->>'body', true, 0,
               coalesce(l.value->>'media_type', 'chat'), null, null, coalesce((l.value->>'is_private')::bool, false), false,
               false, false, null, null, (l.value->>'created_at')::timestamptz, null, true, l.client_id, l.error,
               (l.value->>'quoted_msg_id')::bigint, qm.body, qm.from_me, true, l.client_id, '[]'::json
          from local_writes l
          left join messages qm on qm.id = (l.value->>'quoted_msg_id')::bigint
         where l.table_name = 'messages' and l.op = 'insert' and (l.value->>'ticket_id')::int = $1
           and not exists (select 1 from messages m where m.client_id = l.client_id::uuid)
      ) x
      order by created_at desc, id desc nulls first
      limit $4`,
    params: [t.ticketId, t.contactId, t.whatsappId, limit],
  }
}

/** The chat's query for its newest `limit` messages (one more, to tell whether older ones exist). */
export function chatPageQuery(ticket: { id: number; contactId: number; whatsappId: number | null } | null, limit: number): SqlQuery {
  return chatMessagesQuery({ ticketId: ticket?.id ?? 0, contactId: ticket?.contactId ?? 0, whatsappId: ticket?.whatsappId ?? null }, limit + 1)
}

type MessageRow = {
  key: string
  id: number | string | null
  ticket_id: number
  body: string | null
  from_me: boolean | null
  ack: number
  media_type: string | null
  media_url: string | null
  media_name: string | null
  is_private: boolean
  is_deleted: boolean
  is_edited: boolean
  is_system: boolean
  send_error: string | null
  v_card: string | null
  created_at: string | Date
  user_id: number | null
  local: boolean
  client_id: string | null
  error: string | null
  quoted_msg_id: number | string | null
  quoted_body: string | null
  quoted_from_me: boolean | null
  pending: boolean
  /** The client id the message was written with here (synced or local): what an echo is matched by. */
  sent_as: string | null
  reactions: { emoji: string; fromMe: boolean }[] | string | null
}

export function toChatMessage(r: MessageRow): ChatMessage {
  return {
    key: r.key,
    id: r.id === null ? null : Number(r.id),
    ticketId: r.ticket_id,
    body: r.body ?? '',
    fromMe: r.from_me === true,
    ack: Number(r.ack) || 0,
    mediaType: r.media_type ?? 'chat',
    mediaUrl: r.media_url,
    mediaName: r.media_name,
    isPrivate: r.is_private,
    isDeleted: r.is_deleted,
    isEdited: r.is_edited,
    isSystem: r.is_system,
    sendError: r.send_error,
    vCard: r.v_card,
    createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
    userId: r.user_id,
    local: r.local,
    clientId: r.client_id,
    error: r.error,
    quoted: r.quoted_msg_id === null ? null : { id: Number(r.quoted_msg_id), body: r.quoted_body ?? '', fromMe: r.quoted_from_me === true },
    pendingChange: !r.local && r.pending ? r.client_id : null,
    reactions: jsonList(r.reactions),
  }
}

const sameReactions = (a: ChatMessage['reactions'], b: ChatMessage['reactions']) =>
  a.length === b.length && a.every((r, i) => r.emoji === b[i].emoji && r.fromMe === b[i].fromMe)
const sameQuote = (a: ChatMessage['quoted'], b: ChatMessage['quoted']) => a === b || (!!a && !!b && a.id === b.id && a.body === b.body && a.fromMe === b.fromMe)

/** Whether two readings of a message show the same thing. */
export function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  for (const k of Object.keys(b) as (keyof ChatMessage)[]) {
    if (k === 'reactions' ? !sameReactions(a.reactions, b.reactions) : k === 'quoted' ? !sameQuote(a.quoted, b.quoted) : a[k] !== b[k]) return false
  }
  return true
}

/**
 * The messages with each unchanged one's earlier object (by key): the chat's query answers new objects
 * for every row on each change, and the memoised bubbles paint only those that changed.
 */
export function reuseMessages(kept: ReadonlyMap<string, ChatMessage>, next: ChatMessage[]): ChatMessage[] {
  return next.map((m) => {
    const before = kept.get(m.key)
    return before && sameMessage(before, m) ? before : m
  })
}

/** The chat's messages, oldest first for rendering; `limit` grows as the user scrolls to the top. */
export function useChatMessages(
  ticket: { id: number; contactId: number; whatsappId: number | null } | null,
  limit: number,
): { messages: ChatMessage[]; loading: boolean; hasMore: boolean } {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => chatPageQuery(ticket, limit), [ticket?.id, ticket?.contactId, ticket?.whatsappId, limit]) // eslint-disable-line react-hooks/exhaustive-deps
  const { rows, loading } = useLiveQuery<MessageRow>(db, query)
  const ticketId = ticket?.id ?? 0
  const echoes = useEchoes(ticketId)
  const kept = useRef<ReadonlyMap<string, ChatMessage>>(new Map())
  const page = useMemo(() => {
    const next = reuseMessages(kept.current, rows.slice(0, limit).map(toChatMessage).reverse())
    kept.current = new Map(next.map((m) => [m.key, m]))
    return next
  }, [rows, limit])
  const sentAs = useMemo(() => new Set(rows.map((r) => r.sent_as).filter((id): id is string => !!id)), [rows])
  // The rows hold the message now (local or synced): its echo has done its work.
  useEffect(() => {
    if (echoes.length) dropEchoes(ticketId, sentAs)
  }, [sentAs, echoes, ticketId])
  return useMemo(() => ({ messages: withEchoes(page, echoes, sentAs), loading, hasMore: rows.length > limit }), [page, echoes, sentAs, loading, rows.length, limit])
}

/** Spec part 1 §4: ack 0 clock, 1 sent, 2 delivered, 3-4 read (4: audio played), 5 read. */
export function ackIcon(ack: number): 'clock' | 'sent' | 'delivered' | 'read' | 'played' {
  if (ack <= 0) return 'clock'
  if (ack === 1) return 'sent'
  if (ack === 2) return 'delivered'
  if (ack === 4) return 'played'
  return 'read'
}
