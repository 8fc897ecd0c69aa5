import { useMemo } from 'react'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'

/**
 * The live ticket that took over from a closed one: the same contact on the same connection, created
 * after it (a transfer with closeTicketOnTransfer, or the contact writing again), if this user sees it.
 */
export function successorQuery(ticket: { id: number; contactId: number; whatsappId: number | null }): SqlQuery {
  return {
    sql: `select uuid::text as uuid, id from tickets
           where contact_id = $1 and whatsapp_id = $2 and id > $3 and status in ('open', 'pending', 'group', 'lgpd', 'nps')
           order by id desc limit 1`,
    params: [ticket.contactId, ticket.whatsappId ?? -1, ticket.id],
  }
}

/** The successor's uuid and number, live; null while there is none (or the ticket is not closed). */
export function useTicketSuccessor(ticket: { id: number; contactId: number; whatsappId: number | null; status: string }) {
  const db = useLocalFirst()?.db ?? null
  const closed = ticket.status === 'closed'
  const query = useMemo(() => successorQuery(ticket), [ticket.id, ticket.contactId, ticket.whatsappId]) // eslint-disable-line react-hooks/exhaustive-deps
  const { rows } = useLiveQuery<{ uuid: string; id: number }>(closed ? db : null, query)
  return closed ? (rows[0] ?? null) : null
}
