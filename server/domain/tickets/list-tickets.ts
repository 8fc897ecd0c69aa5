import { hidesNumbers, maskContact } from '../contacts/contact-view.ts'
import type postgres from 'postgres'
import type { Tx } from '../../db/connect.ts'
import type { ListTicketsQuery } from '../../routes/list-tickets.schema.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { can } from '../permissions.ts'

/** Tickets per page of the list (the infinite scroll of spec part 1 §2 "Ticket list"). */
export const TICKETS_PAGE_SIZE = 40
/** A search's `count` stops here (docs/decisions.md "Ticket list"). */
export const SEARCH_COUNT_CAP = 1000
/** Words the planner expects in at least this share of the company's messages are searched by walking tickets. */
const DENSE_WORD_SHARE = 0.01
/** The longest a walk may take (ms) before the search falls back to collecting through the index; how often it did. */
export const walkBudget = { ms: 250, fallbacks: 0 }
const QUERY_CANCELED = '57014'

type Fragment = postgres.PendingQuery<postgres.Row[]>

export interface TicketListItem {
  id: number
  uuid: string
  status: string
  channel: string
  lastMessage: string
  unreadMessages: number
  isGroup: boolean
  isBot: boolean
  useIntegration: boolean
  code: string | null
  contactId: number
  queueId: number | null
  userId: number | null
  whatsappId: number | null
  updatedAt: Date
  createdAt: Date
  contact: { id: number; name: string; number: string; urlPicture: string | null }
  queue: { id: number; name: string; color: string } | null
  user: { id: number; name: string } | null
  whatsapp: { id: number; name: string; channel: string } | null
  tags: { id: number; name: string; color: string }[]
}

export interface TicketListPage {
  tickets: TicketListItem[]
  count: number
  hasMore: boolean
}

/**
 * GET /tickets (spec part 1 §7): one page of the ticket list. Visibility (§6, the rules of canSeeTicket)
 * is part of the SQL, whatever the query asks; showAll widens the list beyond the actor's own and unowned
 * tickets only for 'tickets:showAll'. Contact numbers leave masked for a plain user under lgpdHideNumber.
 */
export async function listTickets(ctx: DomainCtx, query: ListTicketsQuery): Promise<TicketListPage> {
  const { tx, auth } = ctx
  // Independent reads go out together: postgres.js pipelines them on the request's connection.
  const search = query.searchParam
  const [masked, share] = await Promise.all([
    hidesNumbers(tx, auth),
    search && query.searchOnMessages ? messageShare(tx, search) : Promise.resolve(0),
  ])
  const read = (sql: Tx, messages: MessageSearch) => readPage(sql, auth, query, masked, messages)
  const mode: MessageSearch = !search || !query.searchOnMessages ? null : share >= DENSE_WORD_SHARE ? 'walk' : 'collect'
  const walked = mode === 'walk' ? await withinBudget(tx, (sp) => read(sp, 'walk')) : null
  if (mode === 'walk' && !walked) walkBudget.fallbacks++
  const { rows, count, page } = walked ?? (await read(tx, mode === 'walk' ? 'collect' : mode))
  const { records, hasMore } = splitPage(rows, page)
  return { tickets: masked ? records.map((t) => ({ ...t, contact: maskContact(t.contact, true) })) : records, count, hasMore }
}

type MessageSearch = 'walk' | 'collect' | null

/** One page of the list and its count, with the message search done as asked. */
async function readPage(tx: Tx, auth: AuthContext, query: ListTicketsQuery, masked: boolean, messages: MessageSearch) {
  const search = query.searchParam
  const filters = filtersOf(tx, query)
  if (search) filters.push(searchOf(tx, search, messages, masked))
  const where = [...visibleTo(tx, auth, query.showAll), ...filters].reduce((a, b) => tx`${a} and ${b}`)
  const page = pageOf(query.pageNumber, TICKETS_PAGE_SIZE)
  const order = query.sortTickets === 'ASC' ? tx`t.updated_at asc, t.id asc` : tx`t.updated_at desc, t.id desc`
  // The page is picked from tickets alone (an index walk for the live tabs, tickets_live_updated_idx), and
  // only its rows are joined and turned into JSON.
  const [rows, [{ count }]] = await Promise.all([
    tx<TicketListItem[]>`
    select t.id, t.uuid::text as uuid, t.status, t.channel, t.last_message, t.unread_messages, t.is_group, t.is_bot,
           t.use_integration, t.code, t.contact_id, t.queue_id, t.user_id, t.whatsapp_id, t.updated_at, t.created_at,
           json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'urlPicture', c.url_picture) as contact,
           case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end as queue,
           case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as "user",
           case when w.id is null then null else json_build_object('id', w.id, 'name', w.name, 'channel', w.channel) end as whatsapp,
           coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name)
                       from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id), '[]'::json) as tags
      from (select t.id from tickets t where ${where} order by ${order} limit ${page.limit + 1} offset ${page.offset}) p
      join tickets t on t.id = p.id
      join contacts c on c.id = t.contact_id
      left join queues q on q.id = t.queue_id
      left join users u on u.id = t.user_id
      left join whatsapps w on w.id = t.whatsapp_id
     order by ${order}`,
    // A search counts its matches up to SEARCH_COUNT_CAP: past that, counting would cost more than the page.
    search
      ? tx<{ count: number }[]>`select count(*)::int as count from (select 1 from tickets t where ${where} limit ${SEARCH_COUNT_CAP}) s`
      : tx<{ count: number }[]>`select count(*)::int as count from tickets t where ${where}`,
  ])
  return { rows, count, page }
}

/**
 * The walk of a common word reads the newest tickets' messages until the page fills. The statistics
 * tell how often a word is used, not when: a word common only in old tickets would make the walk read
 * most of them. It gets walkBudget.ms per statement, in a savepoint; past that it is cancelled (null)
 * and the caller collects the tickets through the full-text index instead.
 */
async function withinBudget<T>(tx: Tx, walk: (sp: Tx) => Promise<T>): Promise<T | null> {
  try {
    return (await tx.savepoint(async (sp) => {
      const [{ previous }] = await sp<{ previous: string }[]>`
        select current_setting('statement_timeout') as previous, set_config('statement_timeout', ${String(walkBudget.ms)}, true)`
      const out = await walk(sp)
      await sp`select set_config('statement_timeout', ${previous}, true)`
      return out
    })) as T
  } catch (err) {
    if ((err as { code?: string }).code === QUERY_CANCELED) return null
    throw err
  }
}

/**
 * The tickets the actor may see (canSeeTicket in SQL): group tickets need allowGroup, admins see the
 * rest, others their own, their queues' and, with allTicket, queue-less ones. Without an allowed
 * showAll the list keeps to the actor's own tickets and unowned ones.
 */
function visibleTo(tx: Tx, auth: AuthContext, showAll: boolean): Fragment[] {
  const me = auth.user.id
  const scope: Fragment[] = [tx`t.company_id = ${auth.user.companyId}`]
  if (!can(auth, 'tickets:group')) scope.push(tx`t.is_group = false`)
  if (!can(auth, 'admin')) {
    scope.push(tx`(t.user_id = ${me} or t.queue_id = any(${auth.user.queueIds}::int[])
                   or (${can(auth, 'tickets:noQueue')}::boolean and t.queue_id is null))`)
  }
  if (!(showAll && can(auth, 'tickets:showAll'))) scope.push(tx`(t.user_id = ${me} or t.user_id is null)`)
  return scope
}

/** The client's filters, each one narrowing the visible set. */
function filtersOf(tx: Tx, q: ListTicketsQuery): Fragment[] {
  const f: Fragment[] = []
  // The literal list lets even a generic plan of a live tab walk the partial index tickets_live_updated_idx.
  if (q.status) f.push(isLive(q.status) ? tx`t.status = ${q.status} and t.status in ('open', 'pending')` : tx`t.status = ${q.status}`)
  if (q.statusFilter?.length) f.push(tx`t.status = any(${q.statusFilter}::text[])`)
  if (q.queueIds?.length) f.push(tx`(t.queue_id = any(${q.queueIds}::int[]) or t.queue_id is null)`)
  if (q.users?.length) f.push(tx`t.user_id = any(${q.users}::int[])`)
  if (q.whatsapps?.length) f.push(tx`t.whatsapp_id = any(${q.whatsapps}::int[])`)
  if (q.tags?.length) {
    const tags = [...new Set(q.tags)]
    f.push(tx`(select count(*)::int from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id = any(${tags}::int[])) = ${tags.length}`)
  }
  if (q.withUnreadMessages) f.push(tx`t.unread_messages > 0`)
  if (q.date) f.push(tx`t.created_at >= ${q.date}::date and t.created_at < ${q.date}::date + 1`)
  if (q.updatedAt) f.push(tx`t.updated_at >= ${q.updatedAt}::date and t.updated_at < ${q.updatedAt}::date + 1`)
  return f
}

const isLive = (status: string) => status === 'open' || status === 'pending'

/**
 * Contact name (accent- and case-folded) or number; a masked actor cannot search by number. With
 * searchOnMessages, also the text of the ticket's messages; deleted messages are not searched. The
 * lookups are the functions of migrations/0010_* and 0014_*, which reach the trigram and full-text
 * indexes (contacts_name_folded_trgm_idx, messages_body_tsv_idx) that row-level security keeps from a
 * plain LIKE or @@. The walk of a common word needs no such index: it reads each ticket's messages.
 */
function searchOf(tx: Tx, search: string, messages: 'walk' | 'collect' | null, masked: boolean): Fragment {
  const name = likePattern(search.toLowerCase())
  const number = masked ? null : likePattern(search.replace(/\D/g, '') || search)
  const contactIds = tx`select app_search_contacts(${name}, ${number}::text)`
  const byContact = tx`t.contact_id in (${contactIds})`
  if (!messages) return byContact
  // A common word: the newest tickets are walked and each one's messages checked (the page fills within
  // a few dozen tickets); a rare one: the tickets of its few messages are collected through the index.
  // `offset 0` keeps the planner from turning the check into one hash of every matching message.
  if (messages === 'walk') {
    return tx`(${byContact} or exists (select 1 from messages m where m.ticket_id = t.id and m.is_deleted = false
                                        and m.body_tsv @@ plainto_tsquery('simple', app_search_fold(${search})) offset 0))`
  }
  // As arrays, both id lists drive the ticket indexes (a BitmapOr) instead of a walk of every ticket.
  return tx`(t.contact_id = any(array(${contactIds})) or t.id = any(array(select app_search_message_tickets(${search}))))`
}

/** The share of the company's messages the planner expects to hold every word of the search (0-1). */
async function messageShare(tx: Tx, search: string): Promise<number> {
  const [{ share }] = await tx<{ share: number }[]>`select app_search_message_share(${search}) as share`
  return share
}
