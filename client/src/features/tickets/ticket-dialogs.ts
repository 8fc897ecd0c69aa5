import { ApiError, api } from '../../lib/api.ts'

/** GET /tickets-log/{ticketId} entry (spec part 1 §3 Ticket log entry). */
export interface TicketLogEntry {
  id: number
  type: string
  createdAt: string
  user: { id: number; name: string } | null
  queue: { id: number; name: string; color: string } | null
}

export const loadTicketLog = (ticketId: number) => api<TicketLogEntry[]>(`/tickets-log/${ticketId}`)

/** The details of ERR_OTHER_OPEN_TICKET (spec part 1 §8): who holds the contact's live ticket. */
export interface OtherOpenTicket {
  userId: number | null
  userName: string | null
  queueName: string | null
  uuid: string | null
  status: string | null
}

/** Reads the details from the answer's fields, or from its message (the anchor's client parses that JSON). */
export function otherOpenTicketOf(err: unknown): OtherOpenTicket | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null
  const body = (err.body ?? {}) as Record<string, unknown>
  let details: Record<string, unknown> = body
  if (!('uuid' in body) && typeof body.message === 'string') {
    try {
      details = JSON.parse(body.message) as Record<string, unknown>
    } catch {
      details = {}
    }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  return {
    userId: typeof details.userId === 'number' ? details.userId : null,
    userName: str(details.userName),
    queueName: str(details.queueName),
    uuid: str(details.uuid),
    status: str(details.status),
  }
}

export interface NewTicketValues {
  contactId: number | null
  whatsappId: number | null
  queueId: number | null
}

/** Spec part 1 §5 new ticket: contact, connection and queue required, with the spec's messages. */
export function newTicketProblems(v: NewTicketValues): Partial<Record<keyof NewTicketValues, string>> {
  const p: Partial<Record<keyof NewTicketValues, string>> = {}
  if (!v.contactId) p.contactId = 'tickets.new.pickContact'
  if (!v.whatsappId) p.whatsappId = 'tickets.new.pickConnection'
  if (!v.queueId) p.queueId = 'tickets.selectQueue'
  return p
}

/** POST /tickets: online only, since the answer may be "this contact already has an open ticket". */
export const createTicket = (v: NewTicketValues, userId: number) =>
  api<{ id: number; uuid: string }>('/tickets', { method: 'POST', json: { contactId: v.contactId, whatsappId: v.whatsappId, queueId: v.queueId, userId, status: 'open' } })
