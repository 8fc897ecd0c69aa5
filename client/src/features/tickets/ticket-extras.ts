import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { optimisticSelect, queueWrite } from '../../../../sync/client/optimistic.ts'
import { userAtom } from '../../state/auth.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { settleSave } from '../../lib/outbox-save.ts'
import type { LocalWriter } from '../../lib/local-sql.ts'

/** A note of the ticket (spec part 1 §3 Ticket note), synced or written here and not confirmed yet. */
export interface TicketNote {
  key: string
  id: number | null
  note: string
  userName: string
  createdAt: string
  pending: boolean
  clientId: string | null
  error: string | null
}

/** The ticket's notes about its contact, newest first (GET /ticket-notes/list answers the same set). */
export function ticketNotesQuery(ticketId: number, contactId: number): SqlQuery {
  return {
    sql: `select n.id, n.note, n.created_at::text as created_at, n.pending, n.client_id, n.error, u.name as user_name
            from (${optimisticSelect('ticket_notes')}) n left join users u on u.id = n.user_id
           where n.ticket_id = $1 and n.contact_id = $2
           order by n.created_at desc nulls first, n.id desc nulls first`,
    params: [ticketId, contactId],
  }
}

type NoteRow = { id: number | null; note: string; created_at: string | null; pending: boolean; client_id: string | null; error: string | null; user_name: string | null }

export function useTicketNotes(ticketId: number, contactId: number): TicketNote[] {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => ticketNotesQuery(ticketId, contactId), [ticketId, contactId])
  const { rows } = useLiveQuery<NoteRow>(db, query)
  return useMemo(
    () =>
      rows.map((r) => ({
        key: r.id !== null ? String(r.id) : `local-${r.client_id}`,
        id: r.id,
        note: r.note,
        userName: r.user_name ?? '',
        createdAt: r.created_at ?? '',
        pending: r.pending,
        clientId: r.client_id,
        error: r.error,
      })),
    [rows],
  )
}

/** The ticket's tags and the company's, for the chat's tag picker. */
export function ticketTagsQuery(ticketId: number): SqlQuery {
  return {
    sql: `select g.id, g.name, g.color, exists (
              select 1 from (${optimisticSelect('ticket_tags')}) tt where tt.ticket_id = $1 and tt.tag_id = g.id) as on_ticket
            from tags g order by g.name`,
    params: [ticketId],
  }
}

export interface TagChoice {
  id: number
  name: string
  color: string
  onTicket: boolean
}

export function useTicketTags(ticketId: number): TagChoice[] {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => ticketTagsQuery(ticketId), [ticketId])
  const { rows } = useLiveQuery<{ id: number; name: string; color: string; on_ticket: boolean }>(db, query)
  return useMemo(() => rows.map((r) => ({ id: r.id, name: r.name, color: r.color, onTicket: r.on_ticket })), [rows])
}

/** Transfer targets: the company's queues and, per queue, its users (spec part 1 §2 transfer dialog). */
export function useTransferTargets(): { queues: { id: number; name: string; color: string }[]; users: { id: number; name: string; queueIds: number[] }[] } {
  const db = useLocalFirst()?.db ?? null
  const queuesQuery = useMemo(() => ({ sql: `select id, name, color from queues order by name`, params: [] }), [])
  const usersQuery = useMemo(
    () => ({
      sql: `select u.id, u.name, coalesce(array_agg(uq.queue_id) filter (where uq.queue_id is not null), '{}') as queue_ids
              from users u left join user_queues uq on uq.user_id = u.id group by u.id, u.name order by u.name`,
      params: [],
    }),
    [],
  )
  const queues = useLiveQuery<{ id: number; name: string; color: string }>(db, queuesQuery).rows
  const users = useLiveQuery<{ id: number; name: string; queue_ids: number[] }>(db, usersQuery).rows
  return useMemo(() => ({ queues, users: users.map((u) => ({ id: u.id, name: u.name, queueIds: u.queue_ids })) }), [queues, users])
}

/** POST /ticket-notes through the outbox: the note shows at once, pending. */
export function queueAddNote(w: LocalWriter, userId: number, n: { ticketId: number; contactId: number; note: string }, now = new Date()): Promise<string> {
  return queueWrite(
    w,
    { method: 'POST', path: '/ticket-notes', body: { note: n.note, ticketId: n.ticketId, contactId: n.contactId } },
    { table: 'ticket_notes', op: 'insert', value: { note: n.note, ticket_id: n.ticketId, contact_id: n.contactId, user_id: userId, created_at: now.toISOString() } },
  )
}

export function queueDeleteNote(w: LocalWriter, id: number): Promise<string> {
  return queueWrite(w, { method: 'DELETE', path: `/ticket-notes/${id}` }, { table: 'ticket_notes', op: 'delete', rowKey: { id } })
}

/** PUT /ticket-tags/{ticketId}/{tagId}: one tag added. */
export function queueAddTicketTag(w: LocalWriter, ticketId: number, tagId: number): Promise<string> {
  return queueWrite(
    w,
    { method: 'PUT', path: `/ticket-tags/${ticketId}/${tagId}` },
    { table: 'ticket_tags', op: 'insert', value: { ticket_id: ticketId, tag_id: tagId }, rowKey: { ticket_id: ticketId, tag_id: tagId } },
  )
}

/**
 * Removing one tag: the API only removes all of a ticket's tags (DELETE /ticket-tags/{ticketId}), so
 * the others are put back after it, in order, through the same outbox.
 */
export async function queueRemoveTicketTag(w: LocalWriter, ticketId: number, tagId: number, current: number[]): Promise<void> {
  const keep = current.filter((id) => id !== tagId)
  await queueWrite(w, { method: 'DELETE', path: `/ticket-tags/${ticketId}` }, { table: 'ticket_tags', op: 'delete', rowKey: { ticket_id: ticketId, tag_id: tagId } })
  for (const id of keep) await queueWrite(w, { method: 'PUT', path: `/ticket-tags/${ticketId}/${id}` })
}

export function useTicketExtrasActions() {
  const lf = useLocalFirst()
  const me = useAtomValue(userAtom)
  return useMemo(() => {
    if (!lf || !me) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    return {
      addNote: (n: { ticketId: number; contactId: number; note: string }) => queueAddNote(w, me.id, n),
      deleteNote: (id: number) => queueDeleteNote(w, id),
      addTag: (ticketId: number, tagId: number) => queueAddTicketTag(w, ticketId, tagId),
      removeTag: (ticketId: number, tagId: number, current: number[]) => queueRemoveTicketTag(w, ticketId, tagId, current),
      settle: (clientId: string) => settleSave(lf.outbox, clientId),
      retry: (clientId: string) => lf.outbox.retry(clientId),
      discard: (clientId: string) => lf.outbox.discard(clientId),
    }
  }, [lf, me])
}
