import { useMemo } from 'react'
import { optimisticSelect } from '../../../../sync/client/optimistic.ts'
import { containsPattern, folded, jsonList } from '../../lib/local-sql.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'

/** The list's tabs (spec part 1 §2): open (assigned), pending, group, and the closed and search views. */
export type TicketTab = 'open' | 'pending' | 'group' | 'closed' | 'search'

export const TICKET_PAGE_SIZE = 40
/** Spec part 1 §2: previews truncated to 40 characters, contact names to 60. */
export const PREVIEW_LENGTH = 40
export const NAME_LENGTH = 60

export interface TicketListFilter {
  tab: TicketTab
  /** The signed-in user (owner filter of the open and closed tabs). */
  userId: number
  /** Show-all: every visible ticket of the tab, not only the user's own. */
  showAll: boolean
  /** Queue selector: tickets of these queues (and those without a queue, which only users allowed see). */
  queueIds: number[] | null
  search: string
  /** Also search inside message contents (the list's checkbox). */
  searchMessages: boolean
  order: 'desc' | 'asc'
  limit: number
  /** The filter panel (spec part 1 §2): tickets with any of these tags, on these connections, of these users. */
  tagIds?: number[]
  whatsappIds?: number[]
  userIds?: number[]
  /** The search view's status filter (empty: every status). */
  statuses?: string[]
}

export interface TicketListItem {
  key: string
  id: number
  uuid: string
  status: string
  contactName: string
  contactNumber: string
  contactPicture: string | null
  lastMessage: string
  unread: number
  updatedAt: string
  userId: number | null
  userName: string | null
  queueId: number | null
  queueName: string | null
  queueColor: string | null
  whatsappName: string | null
  /** What the chat's query needs, so that a click in the list starts it before the ticket's own query answers. */
  contactId: number
  whatsappId: number | null
  channel: string
  isGroup: boolean
  tags: { id: number; name: string; color: string }[]
  /** A local write on this ticket the server has not confirmed yet (accept, close …). */
  pending: boolean
  clientId: string | null
  error: string | null
}

export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text)

/**
 * The ticket list over the local database: the tickets the shape gave this user (their visibility is
 * the server's), with pending local writes laid over them, filtered by tab, owner, queues and search.
 * Open and closed show the user's own unless show-all; pending shows every waiting ticket; search looks
 * at every status by contact name or number (and, asked, at message contents).
 */
export function ticketListQuery(f: TicketListFilter): SqlQuery {
  const params: unknown[] = []
  const p = (v: unknown) => `$${params.push(v)}`
  // Filters on the ticket row alone, over its alias: applied inside optimisticSelect's branches.
  const own: ((t: string) => string)[] = []
  const search = f.search.trim()
  if (f.tab !== 'search') {
    const v = p(f.tab)
    own.push((t) => `${t}.status = ${v}`)
  }
  if ((f.tab === 'open' || f.tab === 'closed') && !f.showAll) {
    const v = p(f.userId)
    own.push((t) => `${t}.user_id = ${v}`)
  }
  if (f.queueIds) {
    const v = p(f.queueIds)
    own.push((t) => `(${t}.queue_id is null or ${t}.queue_id = any(${v}::int[]))`)
  }
  if (f.tagIds?.length) {
    const v = p(f.tagIds)
    own.push((t) => `exists (select 1 from ticket_tags ft where ft.ticket_id = ${t}.id and ft.tag_id = any(${v}::int[]))`)
  }
  if (f.whatsappIds?.length) {
    const v = p(f.whatsappIds)
    own.push((t) => `${t}.whatsapp_id = any(${v}::int[])`)
  }
  if (f.userIds?.length) {
    const v = p(f.userIds)
    own.push((t) => `${t}.user_id = any(${v}::int[])`)
  }
  if (f.tab === 'search' && f.statuses?.length) {
    const v = p(f.statuses)
    own.push((t) => `${t}.status = any(${v}::text[])`)
  }
  if (search) {
    const like = p(containsPattern(search))
    const digits = search.replace(/\D/g, '')
    // By name or number, as GET /tickets; message text only with the list's checkbox (spec part 1 §2),
    // the last message among it (its message may be older than what this device keeps).
    const branches = [`${folded('c.name')} like ${like}`]
    if (digits.length >= 3) branches.push(`c.number like ${p(`%${digits}%`)}`)
    if (f.searchMessages) {
      // Every branch on the ticket row, over sets read once (hashed): joined to its contact first, the
      // search matched each of the device's tickets after the join.
      const contacts = `(select c.id from contacts c where ${branches.join(' or ')})`
      const bodies = `(select m.ticket_id from messages m where ${folded('m.body')} like ${like})`
      own.push((t) => `(${t}.contact_id in ${contacts} or ${folded(`${t}.last_message`)} like ${like} or ${t}.id in ${bodies})`)
    } else {
      // By the matching contacts first (read once), then their tickets through the contact index: joined
      // after the overlay, the search read every ticket of the device before looking at a name.
      const contacts = `array(select c.id from contacts c where ${branches.join(' or ')})`
      own.push((t) => `${t}.contact_id = any(${contacts})`)
    }
  }
  const order = f.order === 'asc' ? 'asc' : 'desc'
  const orderBy = (t: string) => `${t}.updated_at ${order} nulls last, ${t}.id ${order}`
  const limit = p(f.limit)
  // Every filter is the ticket's own: the synced rows are cut to the page inside, by the index in the
  // list's order (local-tables.ts), rather than sorting every ticket of the tab.
  const tickets = optimisticSelect('tickets', {
    where: own.length ? (t) => own.map((w) => w(t)).join(' and ') : undefined,
    top: { orderBy, limit },
  })
  const sql = `
    select t.id, t.uuid::text as uuid, t.status, t.last_message, coalesce(t.unread_messages, 0) as unread_messages,
           t.updated_at::text as updated_at, t.user_id, t.queue_id, t.channel, coalesce(t.is_group, false) as is_group,
           t.pending, t.client_id, t.error, t.contact_id, t.whatsapp_id,
           c.name as contact_name, c.number as contact_number, c.url_picture,
           u.name as user_name, q.name as queue_name, q.color as queue_color, w.name as whatsapp_name,
           (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name), '[]'::json)
              from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id) as tags
      from (${tickets}) t
      left join contacts c on c.id = t.contact_id
      left join users u on u.id = t.user_id
      left join queues q on q.id = t.queue_id
      left join whatsapps w on w.id = t.whatsapp_id
     order by ${orderBy('t')}
     limit ${limit}`
  return { sql, params }
}

type TicketRow = {
  id: number
  uuid: string
  status: string
  last_message: string | null
  unread_messages: number
  updated_at: string | null
  user_id: number | null
  queue_id: number | null
  channel: string | null
  is_group: boolean
  pending: boolean
  client_id: string | null
  error: string | null
  contact_name: string | null
  contact_number: string | null
  url_picture: string | null
  user_name: string | null
  queue_name: string | null
  queue_color: string | null
  whatsapp_name: string | null
  contact_id: number
  whatsapp_id: number | null
  tags: { id: number; name: string; color: string }[] | string
}

export function toTicketListItem(r: TicketRow): TicketListItem {
  return {
    key: String(r.id),
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    contactName: r.contact_name ?? '',
    contactNumber: r.contact_number ?? '',
    contactPicture: r.url_picture,
    lastMessage: r.last_message ?? '',
    unread: Number(r.unread_messages) || 0,
    updatedAt: r.updated_at ?? '',
    userId: r.user_id,
    userName: r.user_name,
    queueId: r.queue_id,
    queueName: r.queue_name,
    queueColor: r.queue_color,
    whatsappName: r.whatsapp_name,
    contactId: Number(r.contact_id),
    whatsappId: r.whatsapp_id === null ? null : Number(r.whatsapp_id),
    channel: r.channel ?? 'whatsapp',
    isGroup: r.is_group,
    tags: jsonList(r.tags),
    pending: r.pending,
    clientId: r.client_id,
    error: r.error,
  }
}

/** The ticket list from the local database, live. */
export function useTicketList(filter: TicketListFilter): { tickets: TicketListItem[]; loading: boolean; error: unknown } {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => ticketListQuery(filter), [JSON.stringify(filter)]) // eslint-disable-line react-hooks/exhaustive-deps
  const { rows, loading, error } = useLiveQuery<TicketRow>(db, query)
  return { tickets: useMemo(() => rows.map(toTicketListItem), [rows]), loading, error }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One ticket by uuid with what the chat header needs (pending local writes laid over it). */
export function ticketByUuidQuery(uuid: string): SqlQuery {
  return {
    sql: `select t.id, t.uuid::text as uuid, t.status, t.last_message, coalesce(t.unread_messages, 0) as unread_messages,
                 t.updated_at::text as updated_at, t.user_id, t.queue_id, t.channel, coalesce(t.is_group, false) as is_group,
                 t.pending, t.client_id, t.error, t.contact_id, t.whatsapp_id, t.integration_id, coalesce(t.use_integration, false) as use_integration,
                 c.name as contact_name, c.number as contact_number, c.url_picture,
                 u.name as user_name, q.name as queue_name, q.color as queue_color, w.name as whatsapp_name, '[]'::json as tags
            from (${optimisticSelect('tickets', { where: (a) => `${a}.uuid = $1::uuid` })}) t
            left join contacts c on c.id = t.contact_id
            left join users u on u.id = t.user_id
            left join queues q on q.id = t.queue_id
            left join whatsapps w on w.id = t.whatsapp_id`,
    // By the index on uuid; an address that is no uuid finds nothing rather than failing the cast.
    params: [UUID.test(uuid) ? uuid : null],
  }
}

export type OpenTicket = TicketListItem & {
  /** The integration (queue integration) the ticket runs, if any, and whether it is on for this ticket. */
  integrationId: number | null
  useIntegration: boolean
}

export function useTicket(uuid: string | undefined): { ticket: OpenTicket | null; loading: boolean } {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => ticketByUuidQuery(uuid ?? ''), [uuid])
  const { rows, loading } = useLiveQuery<TicketRow & { integration_id: number | null; use_integration: boolean }>(db, query)
  const row = rows[0]
  return useMemo(
    () => ({
      ticket: row
        ? { ...toTicketListItem(row), integrationId: row.integration_id, useIntegration: row.use_integration === true }
        : null,
      loading,
    }),
    [row, loading],
  )
}

/**
 * The ticket the chat shows for /tickets/{uuid}: the ticket's own row once its query answered; while it
 * runs, the row clicked in the list (so the chat, and its messages' query, start at the click). useTicket
 * keeps answering the previous ticket's row until then, which is never shown for the new address.
 */
export function chatTicket(stored: OpenTicket | null, loading: boolean, uuid: string | undefined, clicked: TicketListItem | null): OpenTicket | null {
  if (stored && (!loading || stored.uuid === uuid)) return stored
  if (loading && clicked && clicked.uuid === uuid) return { ...clicked, integrationId: null, useIntegration: false }
  return null
}

/**
 * The ticket already shown when the next one says the same (the tags aside, which the chat does not show):
 * the ticket's own row answering after the clicked one would otherwise render the whole chat again, its
 * messages included, in the frames right after it was painted (bench/ui.ts, opening a chat).
 */
export function keepShown(shown: OpenTicket | null, next: OpenTicket | null): OpenTicket | null {
  if (!shown || !next || shown === next) return next
  const keys = Object.keys(next) as (keyof OpenTicket)[]
  if (keys.length !== Object.keys(shown).length) return next
  return keys.every((k) => k === 'tags' || shown[k] === next[k]) ? shown : next
}

/** The queues the signed-in user belongs to (the queue selector's choices and the accept dialog's). */
export function useMyQueues(userId: number | undefined): { id: number; name: string; color: string }[] {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(
    () => ({
      sql: `select q.id, q.name, q.color from queues q join user_queues uq on uq.queue_id = q.id where uq.user_id = $1 order by q.name`,
      params: [userId ?? 0],
    }),
    [userId],
  )
  return useLiveQuery<{ id: number; name: string; color: string }>(db, query).rows
}

/** The company settings the ticket actions read (spec part 1 §3), from the synced company_settings row. */
export interface TicketSettings {
  askFarewellMessage: boolean
}

export function useTicketSettings(): TicketSettings {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => ({ sql: `select ask_farewell_message from company_settings limit 1`, params: [] }), [])
  const row = useLiveQuery<{ ask_farewell_message: string | null }>(db, query).rows[0]
  return useMemo(() => ({ askFarewellMessage: row?.ask_farewell_message === 'enabled' }), [row])
}
